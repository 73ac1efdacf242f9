package gpu

import (
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strings"
	"unsafe"

	"github.com/go-gl/gl/v4.3-core/gl"
)

// Source is a shader's text as the GL layer takes it. The GL layer imports
// nothing of Speckle (shaders.Source implements this), so it stays a thin
// driver wrapper: a cache key, the text, and the mapping of the driver's
// messages back to the files the text was stitched from.
type Source interface {
	CacheKey() string         // kernel, generator and defines: equal keys, one program
	Code() string             // the text handed to the driver
	MapLog(log string) string // driver messages with our file names and lines
}

// Program is a linked program: a compute kernel, or a vertex and fragment
// shader pair (Graphics).
type Program struct {
	id       uint32
	key      string
	uniforms map[string]int32
	// LocalSize is the work group size a compute shader declares.
	LocalSize [3]int
}

// stage is one shader of a program.
type stage struct {
	kind uint32
	src  Source
}

// Compute returns the program for src, compiling it on first use; programs are
// cached by src.CacheKey() (kernel, generator, defines). Compile errors name our
// GLSL files and lines, not the driver's source-string numbers.
func (c *Context) Compute(src Source) (*Program, error) {
	p, err := c.program(src.CacheKey(), stage{gl.COMPUTE_SHADER, src})
	if err == nil && p.LocalSize[0] == 0 {
		var size [3]int32
		gl.GetProgramiv(p.id, gl.COMPUTE_WORK_GROUP_SIZE, &size[0])
		p.LocalSize = [3]int{int(size[0]), int(size[1]), int(size[2])}
	}
	return p, err
}

// Graphics returns the program made of a vertex and a fragment shader,
// compiling it on first use; cached, and errors reported, as by Compute.
func (c *Context) Graphics(vert, frag Source) (*Program, error) {
	return c.program(vert.CacheKey()+"+"+frag.CacheKey(), stage{gl.VERTEX_SHADER, vert}, stage{gl.FRAGMENT_SHADER, frag})
}

func (c *Context) program(key string, stages ...stage) (*Program, error) {
	if p, ok := c.programs[key]; ok {
		return p, nil
	}
	id := gl.CreateProgram()
	for _, s := range stages {
		sh, err := c.compile(s.kind, s.src)
		if err != nil {
			gl.DeleteProgram(id)
			return nil, err
		}
		gl.AttachShader(id, sh)
		gl.DeleteShader(sh) // flagged: freed with the program
	}
	gl.LinkProgram(id)
	if ok, log := status(id, gl.LINK_STATUS, gl.GetProgramiv, gl.GetProgramInfoLog); !ok {
		gl.DeleteProgram(id)
		if len(stages) == 1 { // else the source-string numbers are ambiguous
			log = stages[0].src.MapLog(log)
		}
		return nil, fmt.Errorf("linking %s:\n%s", key, log)
	}
	p := &Program{id: id, key: key, uniforms: map[string]int32{}}
	c.programs[key] = p
	if dir := os.Getenv(ProgramDirEnv); dir != "" {
		saveBinary(dir, p)
	}
	return p, nil
}

// ProgramDirEnv names a folder where every program the driver links is saved
// as the driver's program binary (glGetProgramBinary; NVIDIA's holds the
// assembly it compiled the GLSL to, as text): to see what a kernel costs.
const ProgramDirEnv = "SPECKLE_GL_PROGRAM_DIR"

// saveBinary writes p's key to dir as NNNNNNNN.key and its binary, where the
// driver gives one (Mesa does not with its shader cache off), as
// NNNNNNNN.bin (a hash of the key names both). A debugging aid: failures are
// not errors.
func saveBinary(dir string, p *Program) {
	h := fnv.New32a()
	h.Write([]byte(p.key))
	name := filepath.Join(dir, fmt.Sprintf("%08x", h.Sum32()))
	_ = os.WriteFile(name+".key", []byte(p.key+"\n"), 0o644)
	var n int32
	gl.GetProgramiv(p.id, gl.PROGRAM_BINARY_LENGTH, &n)
	if n <= 0 {
		return
	}
	data := make([]byte, n)
	var format uint32
	gl.GetProgramBinary(p.id, n, &n, &format, unsafe.Pointer(&data[0]))
	_ = os.WriteFile(name+".bin", data[:n], 0o644)
}

// compile compiles one stage; errors come back one message a line, each
// starting with our file:line.
func (c *Context) compile(kind uint32, src Source) (uint32, error) {
	sh := gl.CreateShader(kind)
	text, free := gl.Strs(src.Code() + "\x00")
	length := int32(len(src.Code()))
	gl.ShaderSource(sh, 1, text, &length)
	free()
	gl.CompileShader(sh)
	ok, log := status(sh, gl.COMPILE_STATUS, gl.GetShaderiv, gl.GetShaderInfoLog)
	if !ok {
		gl.DeleteShader(sh)
		if u, ok := src.(interface{ UserCode() bool }); ok && u.UserCode() {
			return 0, userCodeError(src.MapLog(log))
		}
		return 0, fmt.Errorf("compiling %s:\n%s", src.CacheKey(), src.MapLog(log))
	}
	if c.DebugLog != nil && log != "" {
		c.DebugLog("compiling " + src.CacheKey() + ":\n" + src.MapLog(log))
	}
	return sh, nil
}

// status reads a shader's or a program's status flag (pname:
// COMPILE_STATUS, LINK_STATUS) and info log, through GL's calls for the
// one (GetShaderiv, GetShaderInfoLog) or the other (GetProgram...).
func status(id, pname uint32, iv func(id, pname uint32, v *int32), infoLog func(id uint32, size int32, length *int32, log *uint8)) (bool, string) {
	var ok, n int32
	iv(id, pname, &ok)
	iv(id, gl.INFO_LOG_LENGTH, &n)
	buf := strings.Repeat("\x00", int(n)+1)
	infoLog(id, n, nil, gl.Str(buf))
	return ok != gl.FALSE, strings.TrimRight(buf, "\x00")
}

func (p *Program) location(name string) int32 {
	loc, ok := p.uniforms[name]
	if !ok {
		loc = gl.GetUniformLocation(p.id, gl.Str(name+"\x00"))
		p.uniforms[name] = loc
	}
	return loc
}

// SetUint sets a uint uniform; a uniform the compiler removed is ignored.
func (p *Program) SetUint(name string, v uint32) {
	if loc := p.location(name); loc >= 0 {
		gl.ProgramUniform1ui(p.id, loc, v)
	}
}

// SetUints sets a uint array uniform from its first element on; a uniform
// the compiler removed is ignored.
func (p *Program) SetUints(name string, v []uint32) {
	if loc := p.location(name); loc >= 0 && len(v) > 0 {
		gl.ProgramUniform1uiv(p.id, loc, int32(len(v)), &v[0])
	}
}

// SetFloat sets a float uniform; a uniform the compiler removed is ignored.
func (p *Program) SetFloat(name string, v float32) {
	if loc := p.location(name); loc >= 0 {
		gl.ProgramUniform1f(p.id, loc, v)
	}
}

// SetInt sets an int uniform; a uniform the compiler removed is ignored.
func (p *Program) SetInt(name string, v int32) {
	if loc := p.location(name); loc >= 0 {
		gl.ProgramUniform1i(p.id, loc, v)
	}
}

// SetVec3 sets a vec3 uniform; a uniform the compiler removed is ignored.
func (p *Program) SetVec3(name string, v [3]float32) {
	if loc := p.location(name); loc >= 0 {
		gl.ProgramUniform3f(p.id, loc, v[0], v[1], v[2])
	}
}

// SetUvec3 sets a uvec3 uniform; a uniform the compiler removed is ignored.
func (p *Program) SetUvec3(name string, v [3]uint32) {
	if loc := p.location(name); loc >= 0 {
		gl.ProgramUniform3ui(p.id, loc, v[0], v[1], v[2])
	}
}

// SetVec4 sets a vec4 uniform; a uniform the compiler removed is ignored.
func (p *Program) SetVec4(name string, v [4]float32) {
	if loc := p.location(name); loc >= 0 {
		gl.ProgramUniform4f(p.id, loc, v[0], v[1], v[2], v[3])
	}
}

// Dispatch runs the program over n invocations along x, folding groups into y
// where the driver limits groups per dimension; kernels recover the index with
// linear_invocation() and skip indices >= n.
func (c *Context) Dispatch(p *Program, n int) error {
	if n <= 0 {
		return nil
	}
	local := p.LocalSize[0]
	groups := (n + local - 1) / local
	gx, gy := groups, 1
	if groups > c.Info.MaxGroupsX {
		gx = c.Info.MaxGroupsX
		gy = (groups + gx - 1) / gx
		if gy > c.Info.MaxGroupsY {
			return fmt.Errorf("dispatch of %d invocations exceeds the driver's %dx%d work groups", n, c.Info.MaxGroupsX, c.Info.MaxGroupsY)
		}
	}
	gl.UseProgram(p.id)
	gl.DispatchCompute(uint32(gx), uint32(gy), 1)
	gl.MemoryBarrier(gl.SHADER_STORAGE_BARRIER_BIT | gl.BUFFER_UPDATE_BARRIER_BIT)
	return c.CheckError("dispatching " + p.key)
}

// Dispatch2D runs the program over a w x h grid of invocations (an image).
func (c *Context) Dispatch2D(p *Program, w, h int) error {
	gx := (w + p.LocalSize[0] - 1) / p.LocalSize[0]
	gy := (h + p.LocalSize[1] - 1) / p.LocalSize[1]
	if gx > c.Info.MaxGroupsX || gy > c.Info.MaxGroupsY {
		return fmt.Errorf("a %dx%d dispatch exceeds the driver's work groups", w, h)
	}
	gl.UseProgram(p.id)
	gl.DispatchCompute(uint32(gx), uint32(gy), 1)
	gl.MemoryBarrier(gl.SHADER_IMAGE_ACCESS_BARRIER_BIT | gl.TEXTURE_UPDATE_BARRIER_BIT | gl.SHADER_STORAGE_BARRIER_BIT)
	return c.CheckError("dispatching " + p.key)
}

// UserCodeError is a compile error in a user's generator file (glsl:FILE):
// the driver's first message, at FILE:LINE, and how many more it gave. It
// is bad input, not a fault of Speckle: UserInput says so (exit status 2).
type UserCodeError struct {
	First string // FILE:LINE:COLUMN: error: ...
	More  int    // further messages
}

func (e UserCodeError) Error() string {
	if e.More == 0 {
		return e.First
	}
	return fmt.Sprintf("%s (and %d more messages)", e.First, e.More)
}

// UserInput marks the error as the user's input's.
func (e UserCodeError) UserInput() bool { return true }

func userCodeError(log string) error {
	var lines []string
	for _, l := range strings.Split(log, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return UserCodeError{First: "the driver refused the program and said nothing"}
	}
	return UserCodeError{First: lines[0], More: len(lines) - 1}
}
