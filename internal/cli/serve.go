package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"partitionlab/internal/site"
)

func serveCommand() command {
	return command{
		name:     "serve",
		synopsis: "[--addr 127.0.0.1:8000] [--web DIR]",
		summary:  "serve the app on this machine (the default command)",
		run:      runServe,
	}
}

func runServe(fs *flag.FlagSet, args []string, stdout, _ io.Writer) error {
	addr := fs.String("addr", "127.0.0.1:8000", "address to listen on (port 0 picks a free port)")
	webDir := webDirFlag(fs)
	rest, err := parseFlags(fs, args, stdout)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("unexpected argument %q", rest[0])
	}
	version, err := site.Version(*webDir)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("--addr: %w", err)
	}
	srv := site.NewServer(*webDir, version)
	// The first line names the URL; the browser tests read it to find a
	// port picked with :0.
	fmt.Fprintf(stdout, "Partition Lab on http://%s/ (assets from %s, version %s)\n", ln.Addr(), *webDir, version)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(shutdown); err != nil {
			return err
		}
		if err := <-done; !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	}
}
