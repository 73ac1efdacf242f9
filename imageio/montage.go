package imageio

import (
	"image"
	"image/color"
	"image/draw"

	xdraw "golang.org/x/image/draw"
)

// Montage colours and spacing.
var (
	montageBackground = color.NRGBA{R: 20, G: 20, B: 24, A: 255}
	montageEmpty      = color.NRGBA{R: 44, G: 44, B: 52, A: 255} // a missing (nil) cell
	montageLabel      = color.NRGBA{R: 230, G: 230, B: 230, A: 255}
	montageTitle      = color.NRGBA{R: 255, G: 255, B: 255, A: 255}
)

const (
	montageMargin = 16 // around everything
	montageGap    = 8  // between cells
	montagePad    = 12 // between labels and cells, below the title
)

// montageLabelScale is the text scale for cells of height cellH: legible when a montage of
// 1280×720 renders is shown shrunk (4 there), never below 2.
func montageLabelScale(cellH int) int {
	return min(max(cellH/160, 2), 6)
}

type montageLayout struct {
	rows, cols    int
	slotW, slotH  int // one grid slot: the largest cell, widened for its labels
	labelScale    int
	titleScale    int
	rowLabelW     int // width of the row-label column (0 without row labels)
	colLabelH     int // height of the column-label line (0 without column labels)
	titleH        int // 0 without a title
	gridX, gridY  int // top-left of the first slot
	width, height int
	titleW        int
	barY, barW    int // the colour bar's top and width (with Bar)
}

func layoutMontage(g Grid) montageLayout {
	cells, rowLabels, colLabels, title := g.Cells, g.RowLabels, g.ColLabels, g.Title
	var l montageLayout
	l.rows = max(len(cells), len(rowLabels))
	l.cols = len(colLabels)
	cellW, cellH := 0, 0
	for _, row := range cells {
		l.cols = max(l.cols, len(row))
		for _, c := range row {
			if c != nil {
				cellW, cellH = max(cellW, c.Rect.Dx()), max(cellH, c.Rect.Dy())
			}
		}
	}
	l.labelScale = montageLabelScale(cellH)
	if g.LabelScale > 0 {
		l.labelScale = g.LabelScale
	}
	l.titleScale = l.labelScale + 1
	textH := glyphH * l.labelScale
	l.slotW, l.slotH = cellW, cellH
	for _, s := range rowLabels {
		if s != "" {
			l.rowLabelW = max(l.rowLabelW, textSize(s, l.labelScale).X)
			l.slotH = max(l.slotH, textH)
		}
	}
	for _, s := range colLabels {
		if s != "" {
			l.colLabelH = textH
			l.slotW = max(l.slotW, textSize(s, l.labelScale).X)
		}
	}
	l.gridX = montageMargin
	if l.rowLabelW > 0 {
		l.gridX += l.rowLabelW + montagePad
	}
	gridW := max(l.cols*l.slotW+(l.cols-1)*montageGap, 0)
	if title != "" {
		// The title fits the grid's width where a smaller scale (down to 1) can make it.
		for l.titleScale > 1 && textSize(title, l.titleScale).X > l.gridX+gridW-montageMargin {
			l.titleScale--
		}
		l.titleH = glyphH * l.titleScale
		l.titleW = textSize(title, l.titleScale).X
	}
	l.gridY = montageMargin
	if l.titleH > 0 {
		l.gridY += l.titleH + montagePad
	}
	if l.colLabelH > 0 {
		l.gridY += l.colLabelH + montagePad
	}
	gridH := max(l.rows*l.slotH+(l.rows-1)*montageGap, 0)
	l.width = max(l.gridX+gridW+montageMargin, 2*montageMargin+l.titleW)
	l.height = l.gridY + gridH + montageMargin
	if g.Bar != nil {
		l.barY = l.height
		l.barW = min(max(gridW, 256), 768)
		l.width = max(l.width, l.gridX+l.barW+montageMargin)
		l.height += g.Bar.height(l.labelScale, l.barW) + montageMargin
	}
	return l
}

// Grid is a montage: Cells[i][j] is row i (a generator) and column j (a photon count). Row
// labels go on the left, column labels above the columns, the title on top; any of them may be
// empty or nil. With SeriesRows the rows are generators and their labels take each
// generator's colour (GeneratorStyles), as the plots' curves do; Bar, if set, goes under the grid.
type Grid struct {
	Cells                [][]*image.NRGBA
	RowLabels, ColLabels []string
	Title                string
	SeriesRows           bool
	Bar                  *ColorBar
	LabelScale           int // the labels' text scale; 0: by the tallest cell (montageLabelScale)
}

// Draw lays the cells out on a dark background. Each grid slot is as large as the largest
// cell (and wide enough for its column label); smaller cells are centred, nil or missing cells
// leave a grey slot. Text is in the Go font, 13 pixels a line times a scale that keeps it
// legible for the cell size (×2 up to 319-pixel-high cells, ×4 for 720); the title is one step larger, or smaller where that keeps
// it within the grid's width.
func (g Grid) Draw() *image.NRGBA {
	cells, rowLabels, colLabels, title := g.Cells, g.RowLabels, g.ColLabels, g.Title
	l := layoutMontage(g)
	out := image.NewNRGBA(image.Rect(0, 0, l.width, l.height))
	draw.Draw(out, out.Rect, image.NewUniform(montageBackground), image.Point{}, draw.Src)
	if title != "" {
		drawText(out, montageMargin, montageMargin, title, montageTitle, l.titleScale)
	}
	textH := glyphH * l.labelScale
	slotX := func(j int) int { return l.gridX + j*(l.slotW+montageGap) }
	slotY := func(i int) int { return l.gridY + i*(l.slotH+montageGap) }
	for j, s := range colLabels {
		w := textSize(s, l.labelScale).X
		drawText(out, slotX(j)+(l.slotW-w)/2, l.gridY-montagePad-textH, s, montageLabel, l.labelScale)
	}
	styles := GeneratorStyles(rowLabels)
	for i, s := range rowLabels {
		col := montageLabel
		if g.SeriesRows {
			col = TextOnDark(styles[i].Color)
		}
		drawText(out, montageMargin, slotY(i)+(l.slotH-textH)/2, s, col, l.labelScale)
	}
	for i := 0; i < l.rows; i++ {
		for j := 0; j < l.cols; j++ {
			var c *image.NRGBA
			if i < len(cells) && j < len(cells[i]) {
				c = cells[i][j]
			}
			x, y := slotX(j), slotY(i)
			if c == nil {
				draw.Draw(out, image.Rect(x, y, x+l.slotW, y+l.slotH), image.NewUniform(montageEmpty), image.Point{}, draw.Src)
				continue
			}
			x += (l.slotW - c.Rect.Dx()) / 2
			y += (l.slotH - c.Rect.Dy()) / 2
			draw.Draw(out, image.Rect(x, y, x+c.Rect.Dx(), y+c.Rect.Dy()), c, c.Rect.Min, draw.Over)
		}
	}
	if g.Bar != nil {
		g.Bar.draw(out, image.Rect(l.gridX, l.barY, l.gridX+l.barW, l.height-montageMargin), l.labelScale)
	}
	return out
}

// FitWidth is g with its cells scaled down (Catmull-Rom, aspect kept), as
// little as will do, so that the drawn grid is at most maxW pixels wide; the
// labels keep their text scale, unless column labels wider than the cells
// would need the cells below half their size: then the scale steps down.
// The text stays crisp, as a slide needs it. A grid that fits is returned
// as it is.
func (g Grid) FitWidth(maxW int) Grid {
	l := layoutMontage(g)
	if l.width <= maxW {
		return g
	}
	f := 0.0
	for g.LabelScale = l.labelScale; g.LabelScale >= 1; g.LabelScale-- {
		if f = g.fitFactor(maxW); f >= 0.5 || g.LabelScale == 1 {
			break
		}
	}
	if f == 0 {
		return g
	}
	g.Cells = g.scaledCells(f, true)
	return g
}

// fitFactor is the largest factor, to 1/1000, that fits g's cells in maxW
// (0: none does); width grows with the factor, so bisection finds it.
func (g Grid) fitFactor(maxW int) float64 {
	lo, hi := 0.0, 1.0
	for hi-lo > 1e-3 {
		mid := (lo + hi) / 2
		sized := g
		sized.Cells = g.scaledCells(mid, false)
		if layoutMontage(sized).width <= maxW {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// scaledCells are g's cells scaled f times; without paint, only their
// bounds (what the layout reads).
func (g Grid) scaledCells(f float64, paint bool) [][]*image.NRGBA {
	cells := make([][]*image.NRGBA, len(g.Cells))
	for i, row := range g.Cells {
		cells[i] = make([]*image.NRGBA, len(row))
		for j, c := range row {
			if c == nil {
				continue
			}
			b := c.Bounds()
			r := image.Rect(0, 0, max(1, int(float64(b.Dx())*f)), max(1, int(float64(b.Dy())*f)))
			if !paint {
				cells[i][j] = &image.NRGBA{Rect: r}
				continue
			}
			cells[i][j] = image.NewNRGBA(r)
			xdraw.CatmullRom.Scale(cells[i][j], r, c, b, xdraw.Src, nil)
		}
	}
	return cells
}
