package app

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/inkyblackness/imgui-go/v4"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/study/lesson"
	"speckle/ui"
)

// The window's Explain runs what `speckle lesson NAME --explain` runs with
// its defaults: the lesson's size and photons, these budget and numbers
// (variables: the tests make the page small for llvmpipe).
var (
	explainBudget  = 5 * time.Second // the CLI's --explain budget
	explainNumbers = int64(lesson.DefaultExplainNumbers)
	// explainWidth, explainHeight and explainPhotons override the lesson's (0: its own).
	explainWidth, explainHeight, explainPhotons int
)

// ExplainFile is the figure's name in the screenshots folder: the name
// `speckle lesson NAME --explain` writes under screenshots/ by default.
func ExplainFile(lesson string) string { return "lesson-" + lesson + "-explain.png" }

// explainState is the lesson's explanation: asked for from the lesson's
// window, made after the frame is drawn (it renders and runs the battery),
// and its figure shown in the window.
type explainState struct {
	asked  bool
	figure *gpu.Texture
	path   string
}

func (s *explainState) close() {
	s.figure.Delete()
	*s = explainState{}
}

// ExplainLesson makes the shown lesson's page from its artifact to its
// cause, writes its figure to the screenshots folder and loads it to show.
func (a *App) ExplainLesson() (string, error) {
	if !a.lesson.on {
		return "", fmt.Errorf("no lesson is shown: load one from the Lessons menu")
	}
	a.lesson.explain.close()
	r := lesson.ExplainRun{Lesson: a.lesson.lesson, Width: explainWidth, Height: explainHeight, RenderPhotons: explainPhotons,
		Budget: explainBudget, Numbers: explainNumbers, Out: filepath.Join(a.opts.ShotDir, ExplainFile(a.lesson.lesson.Name))}
	if err := os.MkdirAll(a.opts.ShotDir, 0o755); err != nil {
		return "", err
	}
	if _, err := r.Run(a.ctx); err != nil {
		return "", fmt.Errorf("explain %s: %v", r.Name, err)
	}
	t, msg := a.loadTexture(r.Out)
	if msg != "" {
		return "", fmt.Errorf("explain %s: %s", r.Name, msg)
	}
	a.lesson.explain = explainState{figure: t, path: r.Out}
	return r.Out, nil
}

// explainAsked runs the explanation asked for this frame, after it is drawn.
func (a *App) explainAsked() {
	if !a.lesson.explain.asked {
		return
	}
	a.lesson.explain.asked = false
	if path, err := a.ExplainLesson(); err != nil {
		a.notify("%v", err)
	} else {
		a.notify("the explanation's figure: %s", path)
	}
}

// offerExplain is the lesson window's Explain button and, once made, the
// figure, at most width x height.
func (a *App) offerExplain(width, height float64) {
	if imgui.Button("Explain: from the artifact to its cause") {
		a.lesson.explain.asked = true
	}
	a.track("explain") // where it is: the tests click it
	t := a.lesson.explain.figure
	if t == nil {
		return
	}
	imgui.Text(a.lesson.explain.path)
	s := math.Min(1, math.Min(width/float64(t.Width), height/float64(t.Height)))
	imgui.Image(ui.TextureID(t, false), vec(float64(t.Width)*s, float64(t.Height)*s))
}

// loadTexture reads a PNG into a texture, or says why it cannot.
func (a *App) loadTexture(path string) (*gpu.Texture, string) {
	img, err := imageio.ReadPNG(path)
	if err != nil {
		return nil, err.Error()
	}
	return a.newTexture(img)
}

// newTexture uploads an image (origin at 0,0) into a texture.
func (a *App) newTexture(img *image.NRGBA) (*gpu.Texture, string) {
	t, err := a.ctx.NewTexture(img.Rect.Dx(), img.Rect.Dy(), gpu.RGBA8)
	if err == nil {
		err = t.WriteBytes(img.Pix)
	}
	if err != nil {
		t.Delete()
		return nil, err.Error()
	}
	return t, ""
}
