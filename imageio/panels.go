package imageio

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	vgdraw "gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// MaxFigureWidth is the widest a figure of panels is drawn by default: a
// 1080p slide's width, so that a projector shows it whole at full size.
const MaxFigureWidth = 1920

// figureDPI draws figures of panels at a screen's resolution: a pixel is
// 0.75 points, so 12-point tick labels are 16 pixels high.
const figureDPI = 96

// pixels is n pixels as a length at figureDPI.
func pixels(n int) vg.Length { return vg.Length(n) * vg.Inch / figureDPI }

// Slide font sizes: legible when the figure is projected.
var (
	panelTitleSize = vg.Points(15)
	panelLabelSize = vg.Points(14)
	panelTickSize  = vg.Points(12)
)

// NewPanel is a plot styled for a slide (the sizes above); the caller
// sets its title, axes and contents.
func NewPanel(title, xLabel, yLabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = panelTitleSize
	p.X.Label.Text, p.Y.Label.Text = xLabel, yLabel
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font.Size = panelLabelSize
		a.Tick.Label.Font.Size = panelTickSize
		a.Tick.Marker = NiceTicker{}
	}
	p.Legend.TextStyle.Font.Size = panelTickSize
	return p
}

// ImagePanel is a panel showing img over the data ranges [x0, x1] x [y0, y1]
// (img's top row at y1), with round ticks on both axes.
func ImagePanel(img image.Image, x0, x1, y0, y1 float64, title, xLabel, yLabel string) *plot.Plot {
	p := NewPanel(title, xLabel, yLabel)
	p.Add(plotter.NewImage(img, x0, y0, x1, y1))
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = x0, x1, y0, y1
	return p
}

// NiceTicker puts major ticks at NiceTicks (about five) and unlabelled minor
// ones between them.
type NiceTicker struct{}

func (NiceTicker) Ticks(lo, hi float64) []plot.Tick {
	var out []plot.Tick
	major := NiceTicks(lo, hi, 5)
	for _, v := range major {
		out = append(out, plot.Tick{Value: v, Label: tickLabel(v)})
	}
	if len(major) > 1 {
		step := (major[1] - major[0]) / 2
		for v := major[0] - step; v <= hi; v += 2 * step {
			if v >= lo {
				out = append(out, plot.Tick{Value: v})
			}
		}
	}
	return out
}

// tickLabel writes a tick's value short: 0.25, 1e-3, 4e4.
func tickLabel(v float64) string {
	if a := math.Abs(v); a != 0 && (a < 1e-3 || a >= 1e5) {
		return barNumber(v)
	}
	return fmt.Sprintf("%g", v)
}

// PanelFigure is a figure of panels for a slide: a title, the panels in a
// grid of Cols columns, each PanelW x PanelH pixels, their data areas
// aligned; a narrow Side plot right of them (a colour bar, SideW wide); and
// a Bottom plot across the whole width, BottomH high.
type PanelFigure struct {
	Title          string
	Panels         []*plot.Plot
	Cols           int
	PanelW, PanelH int
	Side           *plot.Plot
	SideW          int
	Bottom         *plot.Plot
	BottomH        int
}

// PanelColumns is how many of n panels PanelW wide go in a row of a figure
// at most MaxFigureWidth wide (less sideW), rows balanced: 4 panels of 650
// go 2 by 2, not 3 and 1.
func PanelColumns(n, panelW, sideW int) int {
	cols := max(1, min(n, (MaxFigureWidth-sideW)/max(panelW, 1)))
	rows := (n + cols - 1) / cols
	return (n + rows - 1) / rows
}

// Draw renders the figure to an image (gonum/plot, at figureDPI).
func (f PanelFigure) Draw() *image.NRGBA {
	cols := max(1, f.Cols)
	rows := (len(f.Panels) + cols - 1) / cols
	w := cols*f.PanelW + f.SideW
	sty := vgdraw.TextStyle{Color: color.Black, Font: font.From(plot.DefaultFont, panelTitleSize+vg.Points(2)), XAlign: vgdraw.XLeft, YAlign: vgdraw.YTop,
		Handler: plot.DefaultTextHandler}
	title := wrapStyled(f.Title, sty, pixels(w-24))
	titleH := 0
	if title != "" {
		titleH = int(math.Ceil(float64(sty.Height(title)/pixels(1)))) + 16
	}
	h := titleH + rows*f.PanelH + f.BottomH
	c := vgimg.NewWith(vgimg.UseWH(pixels(w), pixels(h)), vgimg.UseDPI(figureDPI))
	dc := vgdraw.New(c)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	if title != "" {
		dc.FillText(sty, vg.Point{X: pixels(12), Y: dc.Max.Y - pixels(8)}, title)
	}
	top := vgdraw.Crop(dc, 0, -pixels(f.SideW), pixels(f.BottomH), -pixels(titleH))
	grid := make([][]*plot.Plot, rows)
	for i := range grid {
		grid[i] = make([]*plot.Plot, cols)
		for j := range grid[i] {
			if k := i*cols + j; k < len(f.Panels) {
				grid[i][j] = f.Panels[k]
			}
		}
	}
	tiles := vgdraw.Tiles{Rows: rows, Cols: cols, PadX: pixels(8), PadY: pixels(8), PadTop: pixels(4), PadBottom: pixels(4), PadLeft: pixels(4), PadRight: pixels(8)}
	canvases := plot.Align(grid, tiles, top)
	for i := range grid {
		for j, p := range grid[i] {
			if p != nil {
				p.Draw(canvases[i][j])
			}
		}
	}
	if f.Side != nil {
		side := vgdraw.Crop(dc, pixels(w-f.SideW), -pixels(8), pixels(f.BottomH)+pixels(f.PanelH*rows/6), -pixels(titleH)-pixels(f.PanelH*rows/6))
		f.Side.Draw(side)
	}
	if f.Bottom != nil {
		bottom := vgdraw.Crop(dc, pixels(4), -pixels(8), pixels(4), -pixels(h-f.BottomH))
		f.Bottom.Draw(bottom)
	}
	out := image.NewNRGBA(c.Image().Bounds())
	draw.Draw(out, out.Rect, c.Image(), image.Point{}, draw.Src)
	return out
}

// wrapStyled breaks s at spaces into lines no wider than w in sty.
func wrapStyled(s string, sty vgdraw.TextStyle, w vg.Length) string {
	var lines []string
	for _, word := range strings.Fields(s) {
		if n := len(lines); n > 0 && sty.Width(lines[n-1]+" "+word) <= w {
			lines[n-1] += " " + word
		} else {
			lines = append(lines, word)
		}
	}
	return strings.Join(lines, "\n")
}

// PowerLabel writes 10^e as a tick reads it: 0.01, 0.1, 1, 10, 100, else 1e-3.
func PowerLabel(e float64) string {
	if e >= -2 && e <= 2 {
		return fmt.Sprintf("%g", math.Pow(10, e))
	}
	return fmt.Sprintf("1e%d", int(e))
}

// PlotImage draws p alone into a w x h pixel image (gonum/plot, at
// figureDPI, white background).
func PlotImage(p *plot.Plot, w, h int) *image.NRGBA {
	c := vgimg.NewWith(vgimg.UseWH(pixels(w), pixels(h)), vgimg.UseDPI(figureDPI))
	p.Draw(vgdraw.New(c))
	out := image.NewNRGBA(c.Image().Bounds())
	draw.Draw(out, out.Rect, c.Image(), image.Point{}, draw.Src)
	return out
}
