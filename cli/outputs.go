package cli

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"golang.org/x/term"

	"speckle/imageio"
)

// Where Speckle's output goes, checked before any work: files through imageio.CheckOutput
// and imageio.WriteFileAtomic, sets of files (capture, montages) through imageio.Batch,
// directories through imageio.MkdirAll (removed again if the run fails).

// prepareFile checks an output file before the work starts. mkdir creates its missing
// directories (for default paths such as screenshots/); a failed run removes them again.
func prepareFile(path string, mkdir bool) error {
	if mkdir {
		if err := imageio.MkdirAll(filepath.Dir(path)); err != nil {
			return usageError{err.Error()}
		}
	}
	if err := imageio.CheckOutput(path); err != nil {
		return usageError{err.Error()}
	}
	return nil
}

// prepareBatch checks a set's directory and makes its temporary sibling before the work
// starts; the caller commits it at the end or discards it.
func prepareBatch(dir, kind string) (*imageio.Batch, error) {
	b, err := imageio.NewBatch(dir, kind)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	return b, nil
}

// stopSignals are the signals that end a run cleanly: Ctrl-C, kill, and a closed terminal or
// ssh session (SIGHUP), each with what it is called.
var stopSignals = map[os.Signal]string{os.Interrupt: "interrupted", syscall.SIGTERM: "terminated", syscall.SIGHUP: "hung up"}

// catchSignals removes the run's temporary files and new directories on SIGINT, SIGTERM or
// SIGHUP and exits 130, 143 or 129 (128 + the signal) with one line; the returned function
// stops it.
func catchSignals(name string, stderr io.Writer) (stop func()) {
	c := make(chan os.Signal, 1)
	done := make(chan struct{})
	signal.Notify(c, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		select {
		case s := <-c:
			stopWorkers()            // a split's: they write no files
			imageio.AbortLeftovers() // waits for a set being put in place and its old one removed
			if imageio.Committed() { // the set was in place: the signal stopped nothing asked for
				fmt.Fprintf(stderr, "speckle %s: %s after its set was written in place\n", name, stopSignals[s])
				os.Exit(0)
			}
			fmt.Fprintf(stderr, "speckle %s: %s; its temporary files were removed\n", name, stopSignals[s])
			os.Exit(128 + int(s.(syscall.Signal)))
		case <-done:
		}
	}()
	return func() {
		signal.Stop(c)
		close(done)
	}
}

// checkedWriter remembers the first write error, so that a command whose output was lost
// (stdout on a full disk, /dev/full) fails instead of exiting 0.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err != nil {
		c.err = err
	}
	return n, err
}

// isTerminal reports whether w is a terminal (not merely any character device: /dev/null
// is one too).
func isTerminal(w io.Writer) bool {
	if c, ok := w.(*checkedWriter); ok {
		w = c.w
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// isTerminalPath reports whether path, once resolved, is a terminal: /dev/stdout on one,
// /dev/tty, /dev/pts/N, or a link to one.
func isTerminalPath(path string) bool {
	if fd, ok := imageio.DescriptorOf(path); ok {
		return term.IsTerminal(fd)
	}
	if st, err := os.Stat(path); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NOCTTY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return false // not writable: CheckOutput says why
	}
	defer f.Close()
	return term.IsTerminal(int(f.Fd()))
}

// writeAtomically writes through imageio.WriteFileAtomic (a temporary file
// renamed into place, so no half-written file is left); "-" is stdout. Binary
// output goes to no terminal, by whatever name.
func writeAtomically(path string, stdout io.Writer, write func(io.Writer) error) error {
	if path == "-" || path == "" {
		if isTerminal(stdout) {
			return usagef("refusing to write binary data to a terminal: use --out FILE or a pipe")
		}
		return write(stdout)
	}
	if isTerminalPath(path) {
		return usagef("refusing to write binary data to a terminal (%s): use --out FILE or a pipe", imageio.Printable(path))
	}
	if err := prepareFile(path, false); err != nil {
		return err
	}
	return imageio.WriteFileAtomic(path, write)
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	if le, ok := err.(*os.LinkError); ok {
		return le.Err
	}
	return err
}
