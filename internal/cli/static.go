package cli

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"partitionlab/internal/site"
)

func staticCommand() command {
	return command{
		name:     "static",
		synopsis: "DIR [--base /repo/] [--web DIR]",
		summary:  "write the app as a static site into DIR, for GitHub Pages or any static host",
		run:      runStatic,
	}
}

func runStatic(flags *flag.FlagSet, args []string, stdout, _ io.Writer) error {
	baseFlag := flags.String("base", "/", "URL path the site is served under, e.g. /partitionlab/ for user.github.io/partitionlab/")
	urlFlag := flags.String("url", "", "the site's public address, e.g. https://user.github.io/partitionlab/, for the pages' og:url (default: the base path)")
	webDir := webDirFlag(flags)
	rest, err := parseFlags(flags, args, stdout)
	if err != nil {
		return err
	}
	if len(rest) != 1 || rest[0] == "" {
		return usagef("want exactly one output directory, got %d arguments", len(rest))
	}
	base, err := site.NormalizeBase(*baseFlag)
	if err != nil {
		return usageError{problems: []string{err.Error()}}
	}
	public, err := site.PublicURL(*urlFlag, base)
	if err != nil {
		return usageError{problems: []string{err.Error()}}
	}
	dir := filepath.Clean(rest[0])
	if err := site.CheckOutsideWeb(dir, *webDir); err != nil {
		return usageError{problems: []string{err.Error()}}
	}
	version, err := site.Version(*webDir)
	if err != nil {
		return err
	}
	n, err := site.WriteStatic(dir, *webDir, base, public, version)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %d files to %s for %s (version %s)\n", n, dir, base, version)
	return nil
}
