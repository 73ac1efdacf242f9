package capped

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small")
	os.WriteFile(small, []byte("12345"), 0o644)
	if b, err := ReadFile(small, 5, "a test file"); err != nil || string(b) != "12345" {
		t.Errorf("at the limit: %q, %v", b, err)
	}
	_, err := ReadFile(small, 4, "a test file")
	var big *TooLargeError
	if !errors.As(err, &big) {
		t.Errorf("over the limit: %v", err)
	}
	_, err = ReadFile(filepath.Join(dir, "missing"), 4, "a test file")
	if !errors.Is(err, fs.ErrNotExist) || !strings.HasPrefix(err.Error(), "cannot read ") {
		t.Errorf("missing: %v", err)
	}
	// A pipe: read up to the limit, not to its end.
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			f.Write([]byte("abc"))
			f.Close()
		}
	}()
	if b, err := ReadFile(fifo, 3, "a test file"); err != nil || string(b) != "abc" {
		t.Errorf("FIFO at the limit: %q, %v", b, err)
	}
}

// /dev/zero never ends: it is refused at the limit, in one line, at once.
func TestReadFileDevZero(t *testing.T) {
	start := time.Now()
	_, err := ReadFile("/dev/zero", SettingsBytes, "a settings file")
	if err == nil || err.Error() != "/dev/zero is larger than 1 MiB, the limit for a settings file" {
		t.Errorf("error %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v", d)
	}
}
