// Package gpu is Speckle's only door to OpenGL: a headless context (or one a
// window system made, see Adopt), typed handles for programs, buffers,
// textures and framebuffers, a program cache, GPU timers and the few
// graphics-pipeline pieces the UI renderer needs. Nothing else imports
// go-gl/gl. Every call must come from the thread that opened the context
// (see Thread).
//
// Floor: a leaf. gpu imports no package of Speckle (a program's text comes
// in through the Source interface, which shaders.Source implements), so
// every floor above may use it.
package gpu

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unsafe"

	"github.com/go-gl/gl/v4.3-core/gl"
)

// Options choose how the context is made.
type Options struct {
	Platform string // EGL platform: "", "device" or "surfaceless" (see PlatformEnv)
	Debug    bool   // a debug context whose messages go to Context.DebugLog
	// OnDevice opens EGL device Device (an index into Devices) through the
	// device platform, whatever Platform says.
	OnDevice bool
	Device   int
	// MakeCurrent (Adopt only) makes the adopted context current again, for
	// Context.MakeCurrent; nil if its owner takes care of that.
	MakeCurrent func()
}

// Context is a current OpenGL 4.3+ context and what it caches.
type Context struct {
	egl      *eglContext // nil for an adopted context
	Info     Info
	programs map[string]*Program
	samplers [2]uint32 // linear, nearest; made on first BindTexture
	// how to make the context current again and reload functions
	makeCurrent func()
	procAddr    func(name string) unsafe.Pointer
	// DebugLog receives driver debug messages when Options.Debug is set.
	DebugLog func(msg string)
	timing   bool // a Time query is open (GL's do not nest)
}

// Info describes the driver.
type Info struct {
	Vendor, Renderer, Version string
	Platform                  string // EGL platform used, or "glfw" (Adopt)
	Major, Minor              int
	MaxSSBOBytes              int64 // GL_MAX_SHADER_STORAGE_BLOCK_SIZE
	MaxGroupsX, MaxGroupsY    int   // GL_MAX_COMPUTE_WORK_GROUP_COUNT
	// SubgroupSize is GL_SUBGROUP_SIZE_KHR where GL_KHR_shader_subgroup
	// gives compute shaders its ballot and shuffle operations, else 0.
	SubgroupSize int
}

// Software reports whether the renderer is a CPU rasteriser (llvmpipe, softpipe).
func (i Info) Software() bool {
	r := strings.ToLower(i.Renderer)
	return strings.Contains(r, "llvmpipe") || strings.Contains(r, "softpipe") || strings.Contains(r, "swrast")
}

func (i Info) String() string {
	if i.Platform == "glfw" {
		return fmt.Sprintf("%s (OpenGL %s, GLFW window)", i.Renderer, i.Version)
	}
	return fmt.Sprintf("%s (OpenGL %s, EGL %s)", i.Renderer, i.Version, i.Platform)
}

// Open makes a headless context current on the calling thread and checks that
// it is OpenGL 4.3 or newer.
func Open(o Options) (*Context, error) {
	var e *eglContext
	var err error
	if o.OnDevice {
		e, err = openEGLDevice(o.Device, o.Debug)
	} else {
		e, err = openEGL(o.Platform, o.Debug)
	}
	if err != nil {
		return nil, err
	}
	c, err := start(eglProcAddress, o)
	if err != nil {
		e.close()
		return nil, err
	}
	c.egl = e
	c.Info.Platform = e.platform
	c.makeCurrent = e.makeCurrent
	return c, nil
}

// Adopt wraps a context that someone else (GLFW) made current on the calling
// thread: it loads the functions through procAddr and checks the version as
// Open does. Close leaves the context itself to its owner.
func Adopt(procAddr func(name string) unsafe.Pointer, o Options) (*Context, error) {
	c, err := start(procAddr, o)
	if err != nil {
		return nil, err
	}
	c.Info.Platform = "glfw"
	c.makeCurrent = o.MakeCurrent
	return c, nil
}

// start loads the functions of the current context and checks its version.
func start(procAddr func(name string) unsafe.Pointer, o Options) (*Context, error) {
	if err := gl.InitWithProcAddrFunc(procAddr); err != nil {
		return nil, fmt.Errorf("loading OpenGL functions: %v", err)
	}
	c := &Context{programs: map[string]*Program{}, procAddr: procAddr}
	c.Info = queryInfo()
	// libglvnd hands out pointers even for functions the driver lacks, so
	// gl.Init cannot tell us; GL_VERSION can.
	if c.Info.Major < 4 || (c.Info.Major == 4 && c.Info.Minor < 3) {
		return nil, fmt.Errorf("OpenGL 4.3 or newer is needed for compute shaders; %s offers %s", c.Info.Renderer, c.Info.Version)
	}
	if o.Debug {
		c.enableDebug()
	}
	return c, nil
}

// MakeCurrent makes the context current on the calling thread again (after
// another context was) and reloads the function pointers, which belong to
// whichever context was current when they were loaded.
func (c *Context) MakeCurrent() error {
	if c.makeCurrent == nil {
		return fmt.Errorf("this adopted context is made current by its owner")
	}
	c.makeCurrent()
	if err := gl.InitWithProcAddrFunc(c.procAddr); err != nil {
		return fmt.Errorf("loading OpenGL functions: %v", err)
	}
	return nil
}

// Release leaves the calling thread with no current context, so that a
// window system's context can be made current there (libglvnd refuses a GLX
// context on a thread holding an EGL one). MakeCurrent undoes it. An adopted
// context is released by its owner.
func (c *Context) Release() {
	if c.egl != nil {
		c.egl.release()
	}
}

// Close releases what the context made and, for a context from Open, the
// context itself.
func (c *Context) Close() {
	for _, p := range c.programs {
		gl.DeleteProgram(p.id)
	}
	c.programs = nil
	if c.samplers[0] != 0 {
		gl.DeleteSamplers(2, &c.samplers[0])
		c.samplers = [2]uint32{}
	}
	if c.egl != nil {
		c.egl.close()
		c.egl = nil
	}
}

var versionRE = regexp.MustCompile(`^(\d+)\.(\d+)`)

func queryInfo() Info {
	i := Info{
		Vendor:   gl.GoStr(gl.GetString(gl.VENDOR)),
		Renderer: gl.GoStr(gl.GetString(gl.RENDERER)),
		Version:  gl.GoStr(gl.GetString(gl.VERSION)),
	}
	if m := versionRE.FindStringSubmatch(i.Version); m != nil {
		i.Major, _ = strconv.Atoi(m[1])
		i.Minor, _ = strconv.Atoi(m[2])
	}
	var v int64
	gl.GetInteger64v(gl.MAX_SHADER_STORAGE_BLOCK_SIZE, &v)
	i.MaxSSBOBytes = v
	var x, y int32
	gl.GetIntegeri_v(gl.MAX_COMPUTE_WORK_GROUP_COUNT, 0, &x)
	gl.GetIntegeri_v(gl.MAX_COMPUTE_WORK_GROUP_COUNT, 1, &y)
	i.MaxGroupsX, i.MaxGroupsY = int(x), int(y)
	i.SubgroupSize = subgroupSize()
	return i
}

// GL_KHR_shader_subgroup's queries (not in the 4.3 core bindings).
const (
	subgroupSizeQuery     = 0x9532 // GL_SUBGROUP_SIZE_KHR
	subgroupStagesQuery   = 0x9533 // GL_SUBGROUP_SUPPORTED_STAGES_KHR
	subgroupFeaturesQuery = 0x9534 // GL_SUBGROUP_SUPPORTED_FEATURES_KHR
	subgroupBallotShuffle = 0x8 | 0x10
)

// subgroupSize is the subgroup size where compute shaders have subgroup
// ballot and shuffle, 0 where they do not.
func subgroupSize() int {
	if !hasExtension("GL_KHR_shader_subgroup") {
		return 0
	}
	var size, stages, features int32
	gl.GetIntegerv(subgroupSizeQuery, &size)
	gl.GetIntegerv(subgroupStagesQuery, &stages)
	gl.GetIntegerv(subgroupFeaturesQuery, &features)
	for gl.GetError() != gl.NO_ERROR {
	}
	if stages&gl.COMPUTE_SHADER_BIT == 0 || features&subgroupBallotShuffle != subgroupBallotShuffle {
		return 0
	}
	return int(size)
}

// hasExtension reports whether the context lists an OpenGL extension.
func hasExtension(name string) bool {
	var n int32
	gl.GetIntegerv(gl.NUM_EXTENSIONS, &n)
	for k := int32(0); k < n; k++ {
		if gl.GoStr(gl.GetStringi(gl.EXTENSIONS, uint32(k))) == name {
			return true
		}
	}
	return false
}

// Finish waits until the GPU has done everything asked of it.
func (c *Context) Finish() { gl.Finish() }

// CheckError reports the first pending GL error, naming what was being done.
func (c *Context) CheckError(what string) error {
	if e := gl.GetError(); e != gl.NO_ERROR {
		for gl.GetError() != gl.NO_ERROR {
		}
		return fmt.Errorf("%s: OpenGL error 0x%04x", what, e)
	}
	return nil
}
