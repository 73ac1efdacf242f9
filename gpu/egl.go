package gpu

/*
#cgo pkg-config: egl
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <stdlib.h>
#include <string.h>

#ifndef EGL_PLATFORM_SURFACELESS_MESA
#define EGL_PLATFORM_SURFACELESS_MESA 0x31DD
#endif

static int has_ext(const char *list, const char *name) {
	if (!list) return 0;
	size_t n = strlen(name);
	for (const char *p = list; (p = strstr(p, name)) != NULL; p += n) {
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0)) return 1;
	}
	return 0;
}

static int client_has(const char *name) {
	return has_ext(eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS), name);
}

#ifndef EGL_EXTENSIONS
#define EGL_EXTENSIONS 0x3055
#endif

// The first EGL device (a GPU server's way), or EGL_NO_DISPLAY. With
// hardware_only, devices that are software rasterisers (Mesa's llvmpipe
// device) are passed over.
static EGLDisplay device_display(int hardware_only) {
	if (!client_has("EGL_EXT_platform_device")) return EGL_NO_DISPLAY;
	PFNEGLQUERYDEVICESEXTPROC query = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
	PFNEGLQUERYDEVICESTRINGEXTPROC query_string = (PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress("eglQueryDeviceStringEXT");
	if (!query) return EGL_NO_DISPLAY;
	EGLDeviceEXT devices[16];
	EGLint n = 0;
	if (!query(16, devices, &n) || n < 1) return EGL_NO_DISPLAY;
	for (EGLint i = 0; i < n; i++) {
		if (hardware_only && query_string &&
		    has_ext(query_string(devices[i], EGL_EXTENSIONS), "EGL_MESA_device_software")) continue;
		return eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, devices[i], NULL);
	}
	return EGL_NO_DISPLAY;
}

// The EGL devices: how many (0 where the platform is not offered), and the
// i-th one's display and strings (NULL where the device does not say).
// NVIDIA's EGL (through glvnd) names EGL_EXT_device_base, which is
// enumeration and query together, and not EGL_EXT_device_enumeration
// (seen on the lent H200, driver 580.159.04).
int device_count(void) {
	if (!client_has("EGL_EXT_device_enumeration") && !client_has("EGL_EXT_device_base")) return 0;
	PFNEGLQUERYDEVICESEXTPROC query = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
	EGLint n = 0;
	if (!query || !query(0, NULL, &n)) return 0;
	return n;
}

static EGLDeviceEXT device_at(int i) {
	PFNEGLQUERYDEVICESEXTPROC query = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
	EGLDeviceEXT devices[64];
	EGLint n = 0;
	if (i < 0 || i >= 64 || !query || !query(64, devices, &n) || i >= n) return EGL_NO_DEVICE_EXT;
	return devices[i];
}

static EGLDisplay display_of(int i) {
	if (!client_has("EGL_EXT_platform_device")) return EGL_NO_DISPLAY;
	EGLDeviceEXT d = device_at(i);
	if (d == EGL_NO_DEVICE_EXT) return EGL_NO_DISPLAY;
	return eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, d, NULL);
}

// device_string is one of the i-th device's strings, or NULL: name is an
// EGL device query (EGL_EXTENSIONS, EGL_DRM_DEVICE_FILE_EXT, ...).
const char *device_string(int i, EGLint name) {
	PFNEGLQUERYDEVICESTRINGEXTPROC query_string = (PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress("eglQueryDeviceStringEXT");
	EGLDeviceEXT d = device_at(i);
	if (!query_string || d == EGL_NO_DEVICE_EXT) return NULL;
	const char *s = query_string(d, name);
	eglGetError(); // a string the device lacks is no error of the next call
	return s;
}

static EGLDisplay surfaceless_display(void) {
	if (!client_has("EGL_MESA_platform_surfaceless")) return EGL_NO_DISPLAY;
	return eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
}

static EGLContext create_context(EGLDisplay d, int major, int minor, int debug) {
	EGLint attrs[] = {
		EGL_CONTEXT_MAJOR_VERSION, major,
		EGL_CONTEXT_MINOR_VERSION, minor,
		EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
		EGL_CONTEXT_OPENGL_DEBUG, debug ? EGL_TRUE : EGL_FALSE,
		EGL_NONE,
	};
	return eglCreateContext(d, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attrs);
}

static int display_has_no_config(EGLDisplay d) {
	return has_ext(eglQueryString(d, EGL_EXTENSIONS), "EGL_KHR_no_config_context");
}

static void *proc_address(const char *name) { return (void *)eglGetProcAddress(name); }
*/
import "C"

import (
	"fmt"
	"os"
	"strings"
	"unsafe"
)

// eglContext is a headless OpenGL context: no window, no X server.
type eglContext struct {
	display  C.EGLDisplay
	context  C.EGLContext
	platform string
}

// PlatformEnv overrides the EGL platform choice: "device" or "surfaceless".
const PlatformEnv = "SPECKLE_EGL_PLATFORM"

var eglErrorNames = map[int]string{
	0x3001: "EGL_NOT_INITIALIZED", 0x3002: "EGL_BAD_ACCESS", 0x3003: "EGL_BAD_ALLOC",
	0x3004: "EGL_BAD_ATTRIBUTE", 0x3005: "EGL_BAD_CONFIG", 0x3006: "EGL_BAD_CONTEXT",
	0x3008: "EGL_BAD_DISPLAY", 0x3009: "EGL_BAD_MATCH", 0x300C: "EGL_BAD_PARAMETER",
}

func eglError(what string) error {
	code := int(C.eglGetError())
	name, ok := eglErrorNames[code]
	if !ok {
		name = fmt.Sprintf("EGL error 0x%04x", code)
	}
	return fmt.Errorf("%s failed (%s)", what, name)
}

// openEGL makes a headless 4.x core context current on the calling thread.
// platform is "", "device" or "surfaceless". "" tries a hardware EGL device
// first (a GPU server), then Mesa's surfaceless platform, then any device.
func openEGL(platform string, debug bool) (*eglContext, error) {
	if platform == "" {
		platform = os.Getenv(PlatformEnv)
	}
	var tries []string
	switch platform {
	case "", "auto":
		tries = []string{"gpu device", "surfaceless", "device"}
	case "device", "surfaceless":
		tries = []string{platform}
	default:
		return nil, fmt.Errorf("unknown EGL platform %q (device or surfaceless)", platform)
	}
	var errs []string
	same := true
	for _, p := range tries {
		c, err := openPlatform(p, debug)
		if err == nil {
			return c, nil
		}
		same = same && (len(errs) == 0 || strings.HasSuffix(errs[0], ": "+err.Error()))
		errs = append(errs, p+": "+err.Error())
	}
	if same {
		_, msg, _ := strings.Cut(errs[0], ": ")
		return nil, fmt.Errorf("no headless OpenGL context: %s", msg)
	}
	return nil, fmt.Errorf("no headless OpenGL context (%s)", strings.Join(errs, "; "))
}

func openPlatform(platform string, debug bool) (*eglContext, error) {
	var d C.EGLDisplay
	switch platform {
	case "gpu device":
		d = C.device_display(1)
		platform = "device"
	case "device":
		d = C.device_display(0)
	default:
		d = C.surfaceless_display()
	}
	if d == C.EGLDisplay(C.EGL_NO_DISPLAY) {
		return nil, fmt.Errorf("EGL platform not offered (no EGL driver? Mesa's is libegl-mesa0)")
	}
	return openDisplay(d, platform, debug)
}

// openEGLDevice makes a context on the i-th EGL device (see Devices).
func openEGLDevice(i int, debug bool) (*eglContext, error) {
	d := C.display_of(C.int(i))
	if d == C.EGLDisplay(C.EGL_NO_DISPLAY) {
		return nil, fmt.Errorf("EGL device %d not offered", i)
	}
	return openDisplay(d, fmt.Sprintf("device %d", i), debug)
}

// openDisplay initialises d and makes a 4.3+ core context current on it.
func openDisplay(d C.EGLDisplay, platform string, debug bool) (*eglContext, error) {
	var major, minor C.EGLint
	if C.eglInitialize(d, &major, &minor) == C.EGL_FALSE {
		return nil, eglError("eglInitialize")
	}
	if C.display_has_no_config(d) == 0 {
		C.eglTerminate(d)
		return nil, fmt.Errorf("EGL_KHR_no_config_context missing")
	}
	if C.eglBindAPI(C.EGL_OPENGL_API) == C.EGL_FALSE {
		C.eglTerminate(d)
		return nil, eglError("eglBindAPI(OpenGL)")
	}
	dbg := C.int(0)
	if debug {
		dbg = 1
	}
	// 4.6 is refused by some drivers that give 4.5; 4.3 is the floor.
	ctx := C.create_context(d, 4, 5, dbg)
	if ctx == C.EGLContext(C.EGL_NO_CONTEXT) {
		ctx = C.create_context(d, 4, 3, dbg)
	}
	if ctx == C.EGLContext(C.EGL_NO_CONTEXT) {
		err := fmt.Errorf("OpenGL 4.3 or newer is needed for compute shaders: %v", eglError("creating a 4.3 core context"))
		C.eglTerminate(d)
		return nil, err
	}
	if C.eglMakeCurrent(d, C.EGLSurface(C.EGL_NO_SURFACE), C.EGLSurface(C.EGL_NO_SURFACE), ctx) == C.EGL_FALSE {
		err := eglError("eglMakeCurrent")
		C.eglDestroyContext(d, ctx)
		C.eglTerminate(d)
		return nil, err
	}
	return &eglContext{display: d, context: ctx, platform: platform}, nil
}

func eglProcAddress(name string) unsafe.Pointer {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	return C.proc_address(cs)
}

func (e *eglContext) makeCurrent() {
	C.eglMakeCurrent(e.display, C.EGLSurface(C.EGL_NO_SURFACE), C.EGLSurface(C.EGL_NO_SURFACE), e.context)
}

func (e *eglContext) release() {
	C.eglMakeCurrent(e.display, C.EGLSurface(C.EGL_NO_SURFACE), C.EGLSurface(C.EGL_NO_SURFACE), C.EGLContext(C.EGL_NO_CONTEXT))
}

func (e *eglContext) close() {
	e.release()
	C.eglDestroyContext(e.display, e.context)
	C.eglTerminate(e.display)
}
