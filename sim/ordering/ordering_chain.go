package ordering

// A scope key's chain: the events of one order, customer or key in flight,
// linked in send order from the earliest not yet processed (head) to the last
// one sent. An event that completes while it is not its key's head has
// overtaken the head: a violation.

// keyState is one scope key: the earliest event not yet processed and the
// last one sent, by g (0: none). The top bits of tail say in which scopes
// the key had a violation: 16 bytes a key, so the states stay in cache.
type keyState struct {
	head int64
	tail int64
}

const (
	affectedShift = 60
	tailMask      = 1<<affectedShift - 1
)

func (k *keyState) last() int64 { return k.tail & tailMask }

func (k *keyState) setLast(g int64) { k.tail = k.tail&^tailMask | g }

// linkFirst makes g the key's chain when it has no event in flight, and
// says whether it did.
func (k *keyState) linkFirst(g int64) bool {
	if k.head != 0 {
		return false
	}
	k.head = g
	k.setLast(g)
	return true
}

// completeAlone ends the key's chain when g, whose next link is next, was
// its only event in flight, and says whether it did.
func (k *keyState) completeAlone(g int64, next uint32) bool {
	if k.head != g || next != 0 {
		return false
	}
	k.head = 0
	k.setLast(0)
	return true
}

// markAffected notes a violation in scope s and says whether it was the
// key's first there.
func (k *keyState) markAffected(s int) bool {
	flag := int64(1) << (affectedShift + s)
	first := k.tail&flag == 0
	k.tail |= flag
	return first
}

// farLink marks a next link more than 2^32 - 2 events ahead, which no run
// within the work budget sends; the checker keeps such a link in far.
const farLink = 1<<32 - 1

type farKey struct {
	seq   int64
	scope int
}

// linkIn puts g at the end of scope s's chain of key ks.
func (c *Checker) linkIn(s int, ks *keyState, g int64) {
	if ks.head != 0 {
		c.setNext(ks.last(), s, g)
	} else {
		ks.head = g
	}
	ks.setLast(g)
}

// setNext links h as the next event after g in scope s.
func (c *Checker) setNext(g int64, s int, h int64) {
	if delta := h - g; delta < farLink {
		c.Entry(g).next[s] = uint32(delta)
	} else {
		c.setFar(g, s, h)
	}
}

func (c *Checker) setFar(g int64, s int, h int64) {
	c.Entry(g).next[s] = farLink
	if c.far == nil {
		c.far = map[farKey]int64{}
	}
	c.far[farKey{g, s}] = h
}

// nextOf is the event after g (whose entry is d) in scope s, 0 if none.
func (c *Checker) nextOf(g int64, d *Entry, s int) int64 {
	n := d.next[s]
	if n == 0 || n == farLink {
		return c.farOrNone(g, s, n)
	}
	return g + int64(n)
}

func (c *Checker) farOrNone(g int64, s int, n uint32) int64 {
	if n == 0 {
		return 0
	}
	return c.far[farKey{g, s}]
}
