package app

import (
	"github.com/inkyblackness/imgui-go/v4"
)

// Settings that restart panes are edited in a buffer and committed when the
// widget lets go, so dragging a slider does not restart every frame.
type editBuffer struct {
	id    string
	f     float32
	i     int32
	valid bool
}

func (a *App) deferredFloat(label string, v *float32, lo, hi float32, format string, flags imgui.SliderFlags) {
	buf := *v
	if a.edit.id == label { // only the widget being edited reads the buffer
		buf = a.edit.f
	}
	imgui.SliderFloatV(label, &buf, lo, hi, format, flags|imgui.SliderFlagsAlwaysClamp)
	a.track(label)
	if a.edit.id == label {
		a.edit.f = buf
	}
	if imgui.IsItemDeactivatedAfterEdit() {
		*v = buf
	}
}

func (a *App) deferredInt(key, label string, v *int32, lo, hi int) bool {
	buf := *v
	if a.edit.id == key {
		buf = a.edit.i
	}
	if hi-lo <= 64 {
		imgui.SliderInt(label, &buf, int32(lo), int32(hi))
	} else {
		imgui.InputIntV(label, &buf, 1, 100, 0)
	}
	buf = min(max(buf, int32(lo)), int32(hi))
	a.track(key)
	if a.edit.id == key {
		a.edit.i = buf
	}
	if imgui.IsItemDeactivatedAfterEdit() && buf != *v {
		*v = buf
		return true
	}
	return false
}

// track notes which deferred widget is being edited, and where each is
// (tests drag them by name).
func (a *App) track(label string) {
	if a.widgets == nil {
		a.widgets = map[string][2]imgui.Vec2{}
	}
	a.widgets[label] = [2]imgui.Vec2{imgui.ItemRectMin(), imgui.ItemRectMax()}
	if imgui.IsItemActivated() {
		a.edit.id = label
	}
	if imgui.IsItemDeactivated() && a.edit.id == label {
		a.edit.id = ""
	}
}
