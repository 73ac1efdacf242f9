package gpu

/*
#include <EGL/egl.h>
#include <EGL/eglext.h>

int device_count(void);
const char *device_string(int i, EGLint name);
*/
import "C"

import (
	"fmt"
	"strings"
)

// EGL device queries not every eglext.h names.
const (
	eglRendererExt       = 0x335F // EGL_EXT_device_query_name
	eglDRMRenderNodeFile = 0x3377 // EGL_EXT_device_drm_render_node
)

// Device is one EGL device of this host, as EGL names it without a context.
type Device struct {
	Index    int
	Software bool   // a CPU rasteriser (EGL_MESA_device_software)
	Name     string // the renderer EGL names, else its DRM node, else "software rasteriser"
	DRM      string // its DRM node, "" if none
}

func (d Device) String() string { return fmt.Sprintf("%d: %s", d.Index, d.Name) }

// Devices lists the EGL devices (EGL_EXT_device_enumeration), in EGL's
// order: Options.Device counts in it. None where the platform is not offered.
func Devices() []Device {
	n := int(C.device_count())
	out := make([]Device, n)
	for i := range out {
		exts := deviceString(i, C.EGL_EXTENSIONS)
		d := Device{Index: i, Software: hasWord(exts, "EGL_MESA_device_software")}
		if hasWord(exts, "EGL_EXT_device_drm_render_node") {
			d.DRM = deviceString(i, eglDRMRenderNodeFile)
		}
		if d.DRM == "" && hasWord(exts, "EGL_EXT_device_drm") {
			d.DRM = deviceString(i, C.EGL_DRM_DEVICE_FILE_EXT)
		}
		if hasWord(exts, "EGL_EXT_device_query_name") {
			d.Name = deviceString(i, eglRendererExt)
		}
		switch {
		case d.Name != "":
		case d.DRM != "":
			d.Name = d.DRM
		case d.Software:
			d.Name = "software rasteriser"
		default:
			d.Name = "EGL device"
		}
		out[i] = d
	}
	return out
}

func deviceString(i int, name C.EGLint) string {
	s := C.device_string(C.int(i), name)
	if s == nil {
		return ""
	}
	return C.GoString(s)
}

func hasWord(list, word string) bool {
	for _, w := range strings.Fields(list) {
		if w == word {
			return true
		}
	}
	return false
}

// CheckDevice refuses an index this host has no device for, naming those it has:
// "device 3: this host has 1 (0: software rasteriser)".
func CheckDevice(i int) error {
	devs := Devices()
	if i >= 0 && i < len(devs) {
		return nil
	}
	if len(devs) == 0 {
		return fmt.Errorf("device %d: this host offers no EGL devices (EGL_EXT_device_enumeration)", i)
	}
	names := make([]string, len(devs))
	for k, d := range devs {
		names[k] = d.String()
	}
	return fmt.Errorf("device %d: this host has %d (%s)", i, len(devs), strings.Join(names, ", "))
}
