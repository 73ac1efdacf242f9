// Package capped reads input files with a size limit, so that a wrong path (/dev/zero, a
// huge file) is refused in one line instead of exhausting memory.
//
// Floor: a leaf. It imports internal/printable alone (to quote paths).
package capped

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"speckle/internal/printable"
)

// The limits, each well above the largest legitimate input of its kind.
const (
	// SceneBytes: the built-in scenes are at most 23 KiB; 16 MiB holds about 100,000
	// triangles written out as JSON (about 150 bytes each).
	SceneBytes = 16 << 20
	// FieldBytes: a height field is at most 8192x8192 nodes (flow.MaxHeightNodes); at the
	// least two characters a height (a digit and a separator) that is 128 MiB, and 256 MiB
	// leaves room for four.
	FieldBytes = 256 << 20
	// SettingsBytes: the window's settings file is under 2 KiB.
	SettingsBytes = 1 << 20
)

// TooLargeError is a file over its limit.
type TooLargeError struct {
	Path, What string
	Limit      int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s is larger than %d MiB, the limit for %s", printable.Quote(e.Path), e.Limit>>20, e.What)
}

// ReadFile reads the file at path, or fails if it holds more than limit bytes (what names
// the kind of file in that error). Other errors read "cannot read PATH: REASON" and wrap the
// underlying error (fs.ErrNotExist for a missing file).
func ReadFile(path string, limit int64, what string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, readError(path, err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		if st.Size() > limit {
			return nil, &TooLargeError{path, what, limit}
		}
		data, err := io.ReadAll(io.LimitReader(f, limit+1)) // sized from the file: one allocation
		if err == nil && int64(len(data)) > limit {
			return nil, &TooLargeError{path, what, limit} // it grew meanwhile
		}
		if err != nil {
			return nil, readError(path, err)
		}
		return data, nil
	}
	// A device or FIFO (/dev/zero, a pipe): read in chunks, so that refusing one costs
	// the limit in memory once, not a growing buffer's copies.
	var chunks [][]byte
	var n int64
	for n <= limit {
		c := make([]byte, min(8<<20, limit+1-n))
		k, err := io.ReadFull(f, c)
		chunks, n = append(chunks, c[:k]), n+int64(k)
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return nil, readError(path, err)
		}
	}
	if n > limit {
		return nil, &TooLargeError{path, what, limit}
	}
	return bytes.Join(chunks, nil), nil
}

func readError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("cannot read %s: %w", printable.Quote(path), err)
}
