package look

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"gonum.org/v1/plot"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/rng"
)

// A View is one of the lab's views: everything that is its own, in one
// file view_<name>.go, and one line in Views. Look, the command line (its
// --view values and help), the window's lab panel (its list and each
// view's controls, from Options) and the lessons find it there; nothing
// else asks for a view by name.
//
// Every view draws from the common inputs (Look): the generators, seed,
// size and order, and the Options it takes. Its numbers are a dump of the
// streams Shape says (or the renderer order's slots), or with Photons the
// photon pass's samples; Draw makes the picture of them. The func fields
// left nil take the default their comment names.
type View struct {
	Name string
	// Doc is one line for help: what the picture shows.
	Doc string
	// Options are the inputs the view takes beyond the common ones: help
	// and the window show them; Look.Check refuses --scan, --lag and a
	// cube's --zoom to a view without them.
	Options []Option
	// Points is the default --points (0: DefaultPoints); MaxPoints the
	// most it takes (0: MaxLookPoints); WindowPoints the most the window
	// draws a frame (0: as many as set).
	Points, MaxPoints, WindowPoints int
	// Photons: the view shows the photon pass's samples for one
	// --decision (from the Go reference, two floats a photon), not a dump.
	Photons bool
	// RendererOrder: the renderer order is the view's default --order
	// where no zoom asks for one stream (DefaultLookOrder).
	RendererOrder bool
	// SizedSample: the numbers depend on Size (a picture of values), so
	// a change of size draws them again (SampleKey).
	SizedSample bool
	// Shape is the dump the view draws: streams and values per stream
	// (nil: Size streams of Size values).
	Shape func(l Look) (streams, count int)
	// Sample draws the numbers the view needs where they are neither a
	// dump nor the photon pass's samples (nil: those, as Shape and
	// Photons say; Check still weighs the dump Shape names).
	Sample func(l Look, c *gpu.Context, sp rng.Spec) (Sample, error)
	// Draw makes sp's picture from its Sample (Look.Draw; nil: a blank
	// square).
	Draw func(l Look, sp rng.Spec, s Sample) Looked
	// CheckRenderer refuses what the renderer order cannot show of this
	// view (nil: nothing more than every view).
	CheckRenderer func(l Look) error
	// Title says what the figure shows, zoom the zoom's words ("" when
	// the whole square); RendererTitle in the renderer order, of the
	// pass's words (nil: Title's; Title nil: the view's name).
	Title         func(l Look, zoom string) string
	RendererTitle func(l Look, of, zoom string) string
	// Caption is a picture's label (nil: the points drawn, or a deep
	// zoom's counts).
	Caption func(l Look, lk Looked) string
	// Axes are the picture's axes where it is a square of the plane
	// (nil: none, the window draws no ticks).
	Axes func(l Look) (Axes, bool)
	// Panel is one generator's panel of the figure (nil: the picture on
	// its Axes, or the unit square untitled); Extras adds the figure's
	// side and bottom plots.
	Panel  func(l Look, lk Looked, title string) *plot.Plot
	Extras func(l Look, looked []Looked) imageio.PanelFigure
	// CSV writes the view's table for tools (--csv; nil: it has none),
	// CSVDoc says what it holds ("radial averages").
	CSV    func(path string, looked []Looked) error
	CSVDoc string
}

// An Option is an input a view takes beyond the generators, seed, size,
// device and order.
type Option string

// The views' options, as the command line's flags name them.
const (
	OptPoints   Option = "points"   // how many points
	OptStream   Option = "stream"   // which stream (slot)
	OptZoom     Option = "zoom"     // a square of the unit square: the window's drag box
	OptCube     Option = "cube"     // --zoom X,Y,Z,SIDE, a cube of the unit cube
	OptRotate   Option = "rotate"   // the cube's turn: the window's drag turns it
	OptScan     Option = "scan"     // the deep zoom
	OptLag      Option = "lag"      // the step between a tuple's values
	OptBit      Option = "bit"      // which bit
	OptDecision Option = "decision" // which of the photon pass's decisions
)

// Axes are a picture's axes as a square of the plane: their titles and
// the values at its left and right (X0, X1) and bottom and top (Y0, Y1)
// edges.
type Axes struct {
	X, Y           string
	X0, X1, Y0, Y1 float64
}

// Views is the registry, in the order help and the window list them; the
// first is the default view. It is filled in init: the views' funcs reach
// Views again (through Look), which a package-level initializer may not.
var Views []*View

func init() {
	Views = []*View{
		Pairs,
		Triples,
		Streams,
		Bitplanes,
		Photons,
		Spectrum,
		ParetoView,
	}
}

// DefaultPoints is a view's --points when it names none.
const DefaultPoints = 1 << 20

// FindView finds a view by name.
func FindView(name string) (*View, bool) {
	i := slices.IndexFunc(Views, func(v *View) bool { return v.Name == name })
	if i < 0 {
		return nil, false
	}
	return Views[i], true
}

// ViewNames are the views' names, in the registry's order.
func ViewNames() []string {
	var names []string
	for _, v := range Views {
		names = append(names, v.Name)
	}
	return names
}

// DefaultView is the view shown when none is named: the registry's first.
func DefaultView() string { return Views[0].Name }

// Takes says whether the view takes the option.
func (v *View) Takes(o Option) bool { return slices.Contains(v.Options, o) }

// CountsPoints says whether the view's caption counts the points drawn
// (the default caption), so a label may add "points in view".
func (v *View) CountsPoints() bool { return v.Caption == nil }

// DefaultPoints is the view's --points when none is given.
func (v *View) DefaultPoints() int { return cmp.Or(v.Points, DefaultPoints) }

// ViewsTaking names the views that take o, as help words them ("pairs and
// triples").
func ViewsTaking(o Option) string { return ViewsWhere(func(v *View) bool { return v.Takes(o) }) }

// ViewsWhere names the views for which is holds, as help words them.
func ViewsWhere(is func(*View) bool) string {
	var names []string
	for _, v := range Views {
		if is(v) {
			names = append(names, v.Name)
		}
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// CubeRefusal is why a view without a cube refuses --zoom X,Y,Z,SIDE.
func CubeRefusal(view string) string {
	var cubes []string
	for _, v := range Views {
		if v.Takes(OptCube) {
			cubes = append(cubes, "--view "+v.Name)
		}
	}
	return fmt.Sprintf("--zoom X,Y,Z,SIDE is a cube, for %s; %s takes X,Y,SIDE", strings.Join(cubes, " or "), view)
}

// CSVRefusal is why a view without a table refuses --csv.
func CSVRefusal() string {
	var what, views []string
	for _, v := range Views {
		if v.CSV != nil {
			what, views = append(what, fmt.Sprintf("the %s's %s", v.Name, v.CSVDoc)), append(views, "--view "+v.Name)
		}
	}
	return fmt.Sprintf("--csv writes %s: it needs %s", strings.Join(what, " or "), strings.Join(views, " or "))
}

// ViewHelp lists the views with their docs, a line each, for help.
func ViewHelp() string {
	var b strings.Builder
	width := 0
	for _, v := range Views {
		width = max(width, len(v.Name))
	}
	for _, v := range Views {
		fmt.Fprintf(&b, "  %-*s  %s\n", width, v.Name, v.Doc)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// DefaultLookPoints is a view's --points when none is given: 2^20, but
// where a view's drawing costs more a point (the spectrum's periodogram:
// points x its frequencies), its own.
func DefaultLookPoints(view string) int {
	if v, ok := FindView(view); ok {
		return v.DefaultPoints()
	}
	return DefaultPoints
}

// DefaultLookOrder is a view's --order when none is given: the order in
// which rand48's structure shows beside philox's noise where a view shows
// it at all (View.RendererOrder: pairs and triples take the renderer's,
// where rand48 leapfrogged by 2^20 puts a photon's successive draws on a
// few lines and planes, and one stream alone is noise; the others the
// streams'). With zoomed set (a --zoom, --scan or --points of one's own:
// a deep look at one stream, which the renderer order cannot hold or
// scan) the streams'.
func DefaultLookOrder(view string, zoomed bool) string {
	if v, ok := FindView(view); ok && v.RendererOrder && !zoomed {
		return "renderer"
	}
	return "stream"
}

// ViewDef is l's view, found in Views; an unknown name is a view that
// takes no options and draws a blank square (Check refuses it).
func (l Look) ViewDef() *View {
	if v, ok := FindView(l.View); ok {
		return v
	}
	return &View{Name: l.View}
}
