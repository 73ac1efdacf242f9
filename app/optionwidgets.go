package app

import (
	"fmt"
	"strconv"

	"github.com/inkyblackness/imgui-go/v4"

	"speckle/rng"
)

// The option widgets: one per generator option, chosen by its declared kind.

// setOption applies an option edit; a refused value is kept to show why.
func (a *App) setOption(i int, name, value string) {
	if a.optionErrs == nil {
		a.optionErrs = map[int]string{}
	}
	if err := a.Model.SetOption(i, name, value); err != nil {
		a.optionErrs[i] = plain(err)
	} else {
		delete(a.optionErrs, i)
	}
}

func (a *App) optionWidget(i int, g *rng.Generator, o rng.Option) {
	m := a.Model
	value := m.Option(i, o.Name)
	custom := value != "" || o.Default != ""
	effective := value
	if value == "" && o.Effective != nil {
		effective = o.Effective(m.S.Panes[i].Options)
	}
	// An option whose empty value means "the preset's" gets a checkbox to
	// take it over, starting from what the preset has.
	if o.Default == "" {
		c := custom
		if imgui.Checkbox("custom "+o.Name, &c) {
			if c {
				a.setOption(i, o.Name, effective)
			} else {
				a.setOption(i, o.Name, "")
			}
		}
		if imgui.IsItemHovered() {
			imgui.SetTooltip(o.Help)
		}
		if !c {
			imgui.SameLine()
			textDisabled(effective)
			return
		}
	}
	switch o.Kind {
	case rng.Choice:
		if imgui.BeginCombo(o.Name, value) {
			for _, ch := range o.Choices {
				if imgui.SelectableV(ch, ch == value, 0, imgui.Vec2{}) {
					a.setOption(i, o.Name, ch)
				}
			}
			imgui.EndCombo()
		}
	case rng.Integer:
		n, _ := o.Int(value)
		v := int32(n)
		if a.deferredInt(fmt.Sprint(i, o.Name), o.Name, &v, int(o.Min), int(o.Max)) {
			a.setOption(i, o.Name, strconv.Itoa(int(v)))
		}
	case rng.Word:
		a.wordWidget(i, o, value)
	case rng.IntList:
		a.intListWidget(i, o, value)
	default:
		text := value
		if imgui.InputTextV(o.Name, &text, imgui.InputTextFlagsEnterReturnsTrue, nil) {
			a.setOption(i, o.Name, text)
		}
	}
	if imgui.IsItemHovered() {
		imgui.SetTooltip(o.Help)
	}
}

// wordWidget edits a bit word (a CA rule) as one checkbox a bit.
func (a *App) wordWidget(i int, o rng.Option, value string) {
	bits, _ := wordBits(o, value) // all clear if it does not read
	imgui.Text(o.Name + " " + formatBits(bits))
	changed := false
	for b := range bits {
		if b%8 != 0 {
			imgui.SameLine()
		}
		if imgui.Checkbox(fmt.Sprintf("##bit%d", b), &bits[b]) {
			changed = true
		}
		if imgui.IsItemHovered() {
			imgui.SetTooltip(fmt.Sprintf("bit %d: next cell when neighbours n3 n2 n1 n0 = %04b", b, b))
		}
	}
	if changed {
		a.setOption(i, o.Name, formatBits(bits))
	}
}

// intListWidget edits a list of integers as one small field each.
func (a *App) intListWidget(i int, o rng.Option, value string) {
	vals, _ := listInts(o, value) // zeros if it does not read
	changed := false
	imgui.PushItemWidth(float32(40 * a.platform.ContentScale()))
	for k := range vals {
		if k > 0 {
			imgui.SameLine()
		}
		if imgui.InputIntV(fmt.Sprintf("##%s%d", o.Name, k), &vals[k], 0, 0, 0) {
			vals[k] = int32(min(max(int64(vals[k]), o.Min), o.Max))
			changed = true
		}
	}
	imgui.PopItemWidth()
	imgui.SameLine()
	imgui.Text(o.Name)
	if changed {
		a.setOption(i, o.Name, formatIntList(vals))
	}
}
