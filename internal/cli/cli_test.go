package cli

import (
	"bytes"
	"flag"
	"strings"
	"testing"
)

// runCLI runs the command line in-process and returns its exit status and
// what it wrote.
func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestUnknownCommandIsAUsageError(t *testing.T) {
	code, out, errOut := runCLI("simulat", "x")
	if code != 2 || out != "" {
		t.Errorf("exit %d, stdout %q; want 2 and nothing", code, out)
	}
	if !strings.Contains(errOut, `unknown command "simulat"`) || !strings.Contains(errOut, "partition") {
		t.Errorf("stderr %q does not name the command and the known ones", errOut)
	}
}

func TestHelpListsEveryCommand(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		code, out, _ := runCLI(args...)
		if code != 0 {
			t.Errorf("%v: exit %d, want 0", args, code)
		}
		for _, c := range commands() {
			if !strings.Contains(out, "partitionlab "+c.name+" ") {
				t.Errorf("%v: usage does not list %s:\n%s", args, c.name, out)
			}
		}
	}
	code, out, _ := runCLI("partition", "-h")
	if code != 0 || !strings.Contains(out, "-serializer") || !strings.Contains(out, "usage: partitionlab partition") {
		t.Errorf("partition -h: exit %d, output %q", code, out)
	}
}

func TestParseFlagsAcceptsFlagsAfterArgumentsAndStopsAtDoubleDash(t *testing.T) {
	cases := []struct {
		args []string
		keys []string
		n    string
	}{
		{[]string{"a", "b"}, []string{"a", "b"}, "6"},
		{[]string{"--partitions", "3", "a"}, []string{"a"}, "3"},
		{[]string{"a", "--partitions", "3", "b"}, []string{"a", "b"}, "3"},
		{[]string{"a", "-partitions=3"}, []string{"a"}, "3"},
		{[]string{"--", "--partitions", "3"}, []string{"--partitions", "3"}, "6"},
		{[]string{"a", "--", "-1", ""}, []string{"a", "-1", ""}, "6"},
		{[]string{"--partitions", "4", "--"}, nil, "4"},
	}
	for _, c := range cases {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		n := fs.String("partitions", "6", "")
		keys, err := parseFlags(fs, c.args, &bytes.Buffer{})
		if err != nil {
			t.Errorf("%q: %v", c.args, err)
			continue
		}
		if strings.Join(keys, "|") != strings.Join(c.keys, "|") || len(keys) != len(c.keys) || *n != c.n {
			t.Errorf("%q: arguments %q, partitions %s; want %q, %s", c.args, keys, *n, c.keys, c.n)
		}
	}
}
