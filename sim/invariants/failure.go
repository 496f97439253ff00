package invariants

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"partitionlab/sim/scenario"
)

// Failure is a scenario that broke an invariant, as a file under
// testdata/: the invariant, what the check found, where the scenario came
// from and the (shrunk) scenario document itself.
type Failure struct {
	Invariant string          `json:"invariant"`
	Detail    string          `json:"detail"`
	Origin    string          `json:"origin"`
	Scenario  json.RawMessage `json:"scenario"`
}

// NewFailure is the failure of invariant v on scenario sc.
func NewFailure(sc scenario.Scenario, v Verdict, origin string) Failure {
	return Failure{Invariant: v.Invariant, Detail: v.Detail, Origin: origin, Scenario: bytes.TrimSpace(scenario.MarshalScenario(sc))}
}

// ScenarioOf reads the failure's scenario as the command line would.
func (f Failure) ScenarioOf() (scenario.Scenario, error) { return scenario.ParseScenario(f.Scenario) }

// FileName is the failure's file name: the invariant and a hash of the
// scenario, so the same scenario found twice is one file.
func (f Failure) FileName() string {
	sum := sha256.Sum256(f.Scenario)
	return f.Invariant + "-" + hex.EncodeToString(sum[:5]) + ".json"
}

var (
	quoted = regexp.MustCompile(`"[^"]*"`)
	digits = regexp.MustCompile(`[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?`)
)

// Signature is the failure's kind: the invariant and its detail with every
// number and quoted value left out. Two failures with one signature are
// very likely the same bug in two scenarios.
func (f Failure) Signature() string {
	d := quoted.ReplaceAllString(f.Detail, `"…"`)
	return f.Invariant + ": " + digits.ReplaceAllString(d, "#")
}

// WriteFailure writes f into dir, unless a file of that name is there. It
// returns the file's path.
func WriteFailure(dir string, f Failure) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, f.FileName())
	file, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return path, nil
	}
	if err != nil {
		return "", err
	}
	if _, err := file.Write(append(b, '\n')); err != nil {
		file.Close()
		return "", err
	}
	return path, file.Close()
}

// ReadFailures reads every failure file in dir, by file name.
func ReadFailures(dir string) (map[string]Failure, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	out := map[string]Failure{}
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		var f Failure
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&f); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if f.Invariant == "" || len(f.Scenario) == 0 {
			return nil, fmt.Errorf("%s: no invariant or no scenario", name)
		}
		out[filepath.Base(name)] = f
	}
	return out, nil
}

// KnownSignatures are the signatures of the failures in dir that are known
// to be open (KnownOpen), each with why.
func KnownSignatures(dir string) (map[string]string, error) {
	fs, err := ReadFailures(dir)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for name, f := range fs {
		if why, ok := KnownOpen[name]; ok {
			out[f.Signature()] = strings.TrimSpace(why)
		}
	}
	return out, nil
}
