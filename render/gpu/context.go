// Package gpu is Speckle's only door to OpenGL: a headless context, typed
// handles for programs, buffers and textures, a program cache and GPU timers.
// Nothing else imports go-gl/gl. Every call must come from the thread that
// opened the context (see Thread).
package gpu

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/go-gl/gl/v4.3-core/gl"
)

// Options choose how the context is made.
type Options struct {
	Platform string // EGL platform: "", "device" or "surfaceless" (see PlatformEnv)
	Debug    bool   // a debug context whose messages go to Context.DebugLog
}

// Context is a current OpenGL 4.3+ context and what it caches.
type Context struct {
	egl      *eglContext
	Info     Info
	programs map[string]*Program
	// DebugLog receives driver debug messages when Options.Debug is set.
	DebugLog func(msg string)
}

// Info describes the driver.
type Info struct {
	Vendor, Renderer, Version string
	Platform                  string // EGL platform used
	Major, Minor              int
	MaxSSBOBytes              int64 // GL_MAX_SHADER_STORAGE_BLOCK_SIZE
	MaxGroupsX, MaxGroupsY    int   // GL_MAX_COMPUTE_WORK_GROUP_COUNT
}

// Software reports whether the renderer is a CPU rasteriser (llvmpipe, softpipe).
func (i Info) Software() bool {
	r := strings.ToLower(i.Renderer)
	return strings.Contains(r, "llvmpipe") || strings.Contains(r, "softpipe") || strings.Contains(r, "swrast")
}

func (i Info) String() string {
	return fmt.Sprintf("%s (OpenGL %s, EGL %s)", i.Renderer, i.Version, i.Platform)
}

// Open makes a headless context current on the calling thread and checks that
// it is OpenGL 4.3 or newer.
func Open(o Options) (*Context, error) {
	e, err := openEGL(o.Platform, o.Debug)
	if err != nil {
		return nil, err
	}
	if err := gl.InitWithProcAddrFunc(eglProcAddress); err != nil {
		e.close()
		return nil, fmt.Errorf("loading OpenGL functions: %v", err)
	}
	c := &Context{egl: e, programs: map[string]*Program{}}
	c.Info = queryInfo()
	c.Info.Platform = e.platform
	// libglvnd hands out pointers even for functions the driver lacks, so
	// gl.Init cannot tell us; GL_VERSION can.
	if c.Info.Major < 4 || (c.Info.Major == 4 && c.Info.Minor < 3) {
		e.close()
		return nil, fmt.Errorf("OpenGL 4.3 or newer is needed for compute shaders; %s offers %s", c.Info.Renderer, c.Info.Version)
	}
	if o.Debug {
		c.enableDebug()
	}
	return c, nil
}

// Close releases the context.
func (c *Context) Close() {
	for _, p := range c.programs {
		gl.DeleteProgram(p.id)
	}
	c.programs = nil
	c.egl.close()
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
	return i
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
