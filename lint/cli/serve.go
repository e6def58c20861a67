package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/relurl/relurl/lint/internal/playground/site"
)

// serveHelp is the help of "relurl serve", after its usage line.
const serveHelp = "Serves the playground: a page where you paste a URL and a base and see RFC 1808 at work\n" +
	"(components, parse tree, diagnostics, §4 step by step, three readings side by side).\n" +
	"The page runs relurl compiled to WebAssembly. The first run builds that module from the sources\n" +
	"this relurl was built from, with the Go toolchain on PATH, and keeps it in the user's cache\n" +
	"directory; after loading, the page makes no request. --write DIR writes the same files to DIR\n" +
	"for any static host instead."

func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("serve", stderr)
	addr := flags.String("addr", "127.0.0.1:8080", "listen on `ADDRESS` (host:port; port 0: any free one)")
	write := flags.String("write", "", "write the page's files into `DIR` instead of serving them")
	rest, code, ok := parseArgs(flags, args, stdout)
	if !ok {
		return code
	}
	if len(rest) > 0 {
		return flags.unexpected(rest[0])
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var ln net.Listener
	if *write == "" {
		// The address first: a bad one is said at once, not after the
		// module is built.
		var err error
		if ln, err = net.Listen("tcp", *addr); err != nil {
			fmt.Fprintf(stderr, "relurl serve: %v\n", err)
			return exitUsage
		}
		defer ln.Close()
	}
	module, err := site.Module(ctx, site.ModuleOptions{Log: stderr})
	if err != nil {
		fmt.Fprintf(stderr, "relurl serve: %v\n", err)
		return exitUsage
	}
	files := site.Files(module)
	if *write != "" {
		if err := site.Write(files, *write); err != nil {
			fmt.Fprintf(stderr, "relurl serve: %v\n", err)
			return exitUsage
		}
		names, _ := fs.Glob(files, "*")
		fmt.Fprintf(stdout, "wrote %d files to %s: serve that directory with any static web server\n", len(names), *write)
		return exitOK
	}
	if err := serve(ctx, ln, files, stdout); err != nil {
		fmt.Fprintf(stderr, "relurl serve: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// serve serves the playground's files on ln until ctx is done, then
// shuts down, letting requests under way finish for up to five seconds.
// It says where on stdout first.
func serve(ctx context.Context, ln net.Listener, files fs.FS, stdout io.Writer) error {
	srv := &http.Server{Handler: site.Handler(files), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "relurl playground on %s (Ctrl-C stops it)\n", pageURL(ln.Addr()))
	done := make(chan error, 1)
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		done <- srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return <-done
}

// pageURL is the address to open in a browser: a listener on every
// interface is reached at localhost.
func pageURL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String() + "/"
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}
