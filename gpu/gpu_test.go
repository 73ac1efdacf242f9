package gpu_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/rng"
	"speckle/shaders"
)

func TestMain(m *testing.M) { os.Exit(gltest.Main(m, "gpu tests")) }

func onGL(t *testing.T, f func(c *gpu.Context) error) {
	t.Helper()
	gltest.On(t, f)
}

// A graphics program's compile errors name our file and line, one message a
// line, as compute programs' do.
func TestGraphicsCompileErrorNamesFileAndLine(t *testing.T) {
	files := fstest.MapFS{
		"t.vert": {Data: []byte("void main() { gl_Position = vec4(0.0); }\n")},
		"t.frag": {Data: []byte("out vec4 c;\n\nvoid main() {\n\tc = vec4(no_such_thing);\n\tc = no_such_either;\n}\n")},
	}
	vert, err := shaders.Resolve(files, rng.GLSL, "t.vert", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	frag, err := shaders.Resolve(files, rng.GLSL, "t.frag", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(vert.Text, shaders.Version+"\n") {
		t.Errorf("a vertex stage starts %q, want %q", strings.SplitN(vert.Text, "\n", 2)[0], shaders.Version)
	}
	var compileErr error
	onGL(t, func(c *gpu.Context) error {
		_, compileErr = c.Graphics(vert, frag)
		return nil
	})
	if compileErr == nil {
		t.Fatal("a fragment shader using undeclared variables compiled")
	}
	msg := compileErr.Error()
	t.Log(msg)
	for _, want := range []string{"shaders/t.frag:4:", "shaders/t.frag:5:"} {
		if !strings.Contains(msg, want) {
			t.Errorf("compile error does not name %s:\n%s", want, msg)
		}
	}
	for _, line := range strings.Split(msg, "\n")[1:] {
		if !strings.HasPrefix(line, "shaders/t.frag:") {
			t.Errorf("message line %q does not start with file:line", line)
		}
	}
	// The real UI shaders compile.
	onGL(t, func(c *gpu.Context) error {
		v, err := shaders.Build("ui.vert", "", nil)
		if err != nil {
			return err
		}
		f, err := shaders.Build("ui.frag", "", nil)
		if err != nil {
			return err
		}
		_, err = c.Graphics(v, f)
		return err
	})
}

// ReadPixels gives the top row first: a framebuffer's row y = 0 (the first
// row of its texture) is the bottom of the picture.
func TestReadPixelsTopRowFirst(t *testing.T) {
	rows := [][]byte{
		{1, 2, 3, 255, 4, 5, 6, 255},
		{7, 8, 9, 255, 10, 11, 12, 255},
		{13, 14, 15, 255, 16, 17, 18, 255},
	}
	var got []byte
	var resized [2]int
	onGL(t, func(c *gpu.Context) error {
		fb, err := c.NewFramebuffer(2, 3)
		if err != nil {
			return err
		}
		defer fb.Delete()
		if err := fb.Texture().WriteBytes(bytes.Join(rows, nil)); err != nil {
			return err
		}
		fb.Bind()
		defer fb.Unbind()
		if got, err = c.ReadPixels(2, 3); err != nil {
			return err
		}
		if err := fb.Resize(5, 4); err != nil {
			return err
		}
		resized[0], resized[1] = fb.Size()
		c.Clear(1, 0, 0, 1)
		px, err := c.ReadPixels(5, 4)
		if err != nil {
			return err
		}
		if !bytes.Equal(px[len(px)-4:], []byte{255, 0, 0, 255}) {
			return fmt.Errorf("after Resize and Clear the last pixel is %v", px[len(px)-4:])
		}
		return nil
	})
	if want := bytes.Join([][]byte{rows[2], rows[1], rows[0]}, nil); !bytes.Equal(got, want) {
		t.Errorf("ReadPixels gave\n%v, want\n%v", got, want)
	}
	if resized != [2]int{5, 4} {
		t.Errorf("after Resize(5, 4) the size is %v", resized)
	}
}

func TestTextureWrites(t *testing.T) {
	onGL(t, func(c *gpu.Context) error {
		f, err := c.NewTexture(3, 2, gpu.RGBA32F)
		if err != nil {
			return err
		}
		defer f.Delete()
		in := make([]float32, 3*2*4)
		for i := range in {
			in[i] = float32(i) * 0.25
		}
		if err := f.WriteFloats(in); err != nil {
			return err
		}
		out, err := f.ReadFloats()
		if err != nil {
			return err
		}
		if fmt.Sprint(out) != fmt.Sprint(in) {
			return fmt.Errorf("WriteFloats then ReadFloats gave %v, want %v", out, in)
		}
		if f.WriteFloats(in[:4]) == nil || f.WriteBytes(make([]byte, 24)) == nil {
			return fmt.Errorf("a write of the wrong size or kind was accepted")
		}
		return nil
	})
}

// With SPECKLE_GL_PROGRAM_DIR set, a linked program's key is saved, and its
// binary where the driver gives one (llvmpipe does only with Mesa's shader
// cache on).
func TestProgramBinariesSaved(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(gpu.ProgramDirEnv, dir)
	src, err := shaders.Build("write_ceiling.comp", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	onGL(t, func(c *gpu.Context) error {
		_, err := c.Compute(src)
		return err
	})
	keys, _ := filepath.Glob(filepath.Join(dir, "*.key"))
	if len(keys) != 1 {
		t.Fatalf("%d keys saved, want 1", len(keys))
	}
	key, _ := os.ReadFile(keys[0])
	if strings.TrimSpace(string(key)) != src.CacheKey() {
		t.Errorf("key %q, want %q", key, src.CacheKey())
	}
	if bin, err := os.Stat(strings.TrimSuffix(keys[0], ".key") + ".bin"); err == nil && bin.Size() == 0 {
		t.Error("an empty binary saved")
	} else {
		t.Logf("binary: %v", err)
	}
}

// Time nests: GL's time queries do not (a second BeginQuery is
// GL_INVALID_OPERATION, which a dispatch then reports), so an inner Time
// is timed by the wall clock, and both dispatches inside succeed.
func TestTimeNests(t *testing.T) {
	src, err := shaders.Build("write_ceiling.comp", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	onGL(t, func(c *gpu.Context) error {
		p, err := c.Compute(src)
		if err != nil {
			return err
		}
		buf, err := c.NewBuffer(1<<20, nil)
		if err != nil {
			return err
		}
		defer buf.Delete()
		buf.Bind(shaders.RNGOutBinding)
		var inner time.Duration
		outer, err := c.Time(func() error {
			if err := c.Dispatch(p, 1024); err != nil {
				return err
			}
			var err error
			inner, err = c.Time(func() error { return c.Dispatch(p, 1024) })
			return err
		})
		if err != nil || inner <= 0 || outer <= 0 {
			return fmt.Errorf("nested Time: outer %v, inner %v, %v", outer, inner, err)
		}
		return nil
	})
}
