package hashcore

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
)

// Serializer names how a key becomes bytes, as the Kafka serializers do it.
type Serializer string

// The serializers Partition Lab models.
const (
	// String is StringSerializer: UTF-8.
	String Serializer = "string"
	// Long is LongSerializer: 8 bytes, big-endian two's complement.
	Long Serializer = "long"
	// Int is IntegerSerializer: 4 bytes, big-endian two's complement.
	Int Serializer = "int"
	// Hex is raw bytes written as hexadecimal (ByteArraySerializer).
	Hex Serializer = "hex"
)

// Serializers lists every serializer in a stable order.
func Serializers() []Serializer { return []Serializer{String, Long, Int, Hex} }

// ParseSerializer checks a serializer name.
func ParseSerializer(name string) (Serializer, error) {
	for _, s := range Serializers() {
		if string(s) == name {
			return s, nil
		}
	}
	return "", fmt.Errorf("unknown serializer %q (want string, long, int or hex)", name)
}

// Serialize turns the key as a person types it into the bytes the serializer
// would send. long and int accept decimal numbers in their Java range; hex
// accepts an even number of hex digits (an optional 0x prefix, spaces ignored).
func (s Serializer) Serialize(key string) ([]byte, error) {
	switch s {
	case String:
		return []byte(key), nil
	case Long:
		v, err := strconv.ParseInt(strings.TrimSpace(key), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("key %q is not a Long (a whole number from %d to %d)", key, int64(-1<<63), int64(1<<63-1))
		}
		return binary.BigEndian.AppendUint64(nil, uint64(v)), nil
	case Int:
		v, err := strconv.ParseInt(strings.TrimSpace(key), 10, 32)
		if err != nil {
			return nil, fmt.Errorf("key %q is not an Integer (a whole number from %d to %d)", key, int32(-1<<31), int32(1<<31-1))
		}
		return binary.BigEndian.AppendUint32(nil, uint32(int32(v))), nil
	case Hex:
		h := strings.ReplaceAll(strings.TrimSpace(key), " ", "")
		h = strings.TrimPrefix(strings.TrimPrefix(h, "0x"), "0X")
		b, err := hex.DecodeString(h)
		if err != nil {
			return nil, fmt.Errorf("key %q is not hex bytes (an even number of digits 0-9, a-f)", key)
		}
		return b, nil
	}
	return nil, fmt.Errorf("unknown serializer %q", string(s))
}
