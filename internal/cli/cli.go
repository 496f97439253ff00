// Package cli is partitionlab's command line: the command table, its usage
// text and flag parsing here, one file per command (serve, static,
// partition, simulate, compare, import), and the crash supervisor
// (supervisor.go) that Main runs them under.
//
// It is native only: the root's server.go calls Main, and the wasm build
// (server_wasm.go) never imports it. Nothing under app/ or sim/ may import
// it.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// command is one sub-command. Adding a command means writing a file with a
// function that returns one of these and listing it in commands().
type command struct {
	name string
	// synopsis follows the name in the usage text.
	synopsis string
	summary  string
	// run defines the command's flags on fs, parses args with parseFlags
	// and does the work.
	run func(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) error
}

// commands lists every sub-command in the order the usage text shows them.
// The first one runs when no command is named.
func commands() []command {
	return []command{serveCommand(), staticCommand(), partitionCommand(), simulateCommand(), compareCommand(), sweepCommand(), importCommand()}
}

// usageError is bad input from the person running the command: it exits
// with status 2, like the flag package does.
type usageError struct{ problems []string }

func (e usageError) Error() string { return strings.Join(e.problems, "\n") }

func usagef(format string, args ...any) error {
	return usageError{problems: []string{fmt.Sprintf(format, args...)}}
}

// run executes the command line and returns the process exit status:
// 0 on success, 2 for bad input, 1 when the work itself failed, 3 when a
// simulation exceeded a budget given on the command line.
func run(args []string, stdout, stderr io.Writer) int {
	cmds := commands()
	cmd := cmds[0]
	if len(args) > 0 {
		switch name := args[0]; {
		case name == "help" || name == "-h" || name == "-help" || name == "--help":
			usage(stdout, cmds)
			return 0
		case !strings.HasPrefix(name, "-"):
			found := false
			for _, c := range cmds {
				if c.name == name {
					cmd, found = c, true
				}
			}
			if !found {
				fmt.Fprintf(stderr, "partitionlab: unknown command %q (want %s)\n\n", name, commandNames(cmds))
				usage(stderr, cmds)
				return 2
			}
			args = args[1:]
		}
	}
	fs := flag.NewFlagSet(cmd.name, flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: partitionlab %s %s\n  %s\n\nflags:\n", cmd.name, cmd.synopsis, cmd.summary)
		fs.PrintDefaults()
	}
	err := cmd.run(fs, args, stdout, stderr)
	var ue usageError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &budgetError{}):
		return 3 // the reasons are on stderr already
	case errors.As(err, &ue):
		for _, p := range ue.problems {
			fmt.Fprintf(stderr, "partitionlab %s: %s\n", cmd.name, p)
		}
		fmt.Fprintf(stderr, "usage: partitionlab %s %s\n", cmd.name, cmd.synopsis)
		return 2
	default:
		fmt.Fprintf(stderr, "partitionlab %s: %v\n", cmd.name, err)
		return 1
	}
}

func usage(w io.Writer, cmds []command) {
	fmt.Fprintln(w, "Partition Lab: where Kafka puts your keys, exactly as the clients do.")
	fmt.Fprintln(w, "\nusage:")
	for _, c := range cmds {
		fmt.Fprintf(w, "  partitionlab %s %s\n      %s\n", c.name, c.synopsis, c.summary)
	}
	fmt.Fprintf(w, "\nWith no command, partitionlab runs %q. Flags may come before or after\n", cmds[0].name)
	fmt.Fprintln(w, `the other arguments; "--" ends the flags. "partitionlab COMMAND -h" lists a command's flags.`)
}

func commandNames(cmds []command) string {
	names := make([]string, len(cmds))
	for i, c := range cmds {
		names[i] = c.name
	}
	return strings.Join(names, ", ")
}

// parseFlags parses args with fs and returns the other arguments. Unlike
// fs.Parse alone, flags may also follow those arguments (as in
// "static dist --base /repo/"); everything after "--" is an argument even if
// it starts with a dash, which is how a key such as "-1" or "" is given.
// -h prints the command's usage to stdout and returns flag.ErrHelp.
var invalidFlagValue = regexp.MustCompile(`^invalid value ".*" for flag -([\w-]+): (.*)$`)

func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) ([]string, error) {
	fs.SetOutput(io.Discard)
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(stdout)
				fs.Usage()
				return nil, err
			}
			if strings.HasPrefix(err.Error(), "flag provided but not defined") {
				err = fmt.Errorf("%w (an argument that starts with \"-\" goes after \"--\")", err)
			}
			// "invalid value "0" for flag -partitions: 0 is not in 1..100000"
			// says the value twice; name the flag as people type it.
			if m := invalidFlagValue.FindStringSubmatch(err.Error()); m != nil {
				err = fmt.Errorf("--%s: %s", m[1], m[2])
			}
			return nil, usageError{problems: []string{err.Error()}}
		}
		remaining := fs.Args()
		consumed := len(args) - len(remaining)
		if consumed > 0 && args[consumed-1] == "--" {
			return append(rest, remaining...), nil
		}
		if len(remaining) == 0 {
			return rest, nil
		}
		rest = append(rest, remaining[0])
		args = remaining[1:]
	}
}
