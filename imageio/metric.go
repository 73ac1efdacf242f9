package imageio

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"speckle/internal/suggest"
)

// Metric is an error measure of a render against a reference, over the R, G and B channels of
// every pixel: pbrt-v4's imgtool diff's MSE and MRSE (averaged over the channels), the root of
// MSE, and the median relative error that figures lead with.
//
// Why a median leads: an SPPM render's error has heavy tails. The eye pass traces one path a
// pixel an iteration, so light seen through glass (a lamp's refracted image, hit by one path in
// a hundred) is one hit of the lamp's full radiance divided by the iterations so far: at four
// iterations one such pixel of caustics reads 300 where its reference is 10, and that one pixel
// triples the RMSE of a 320x180 render (docs/renderer.md). A mean of squares belongs to such a
// pixel; a median belongs to no pixel, and still falls at the rate of the noise (it scales with
// it). Fireflies are counted apart (Fireflies).
type Metric string

const (
	MetricMedRel Metric = "medrel" // median |a−r| / (r + 0.01) where r is not black: half the channels err by less
	MetricRMSE   Metric = "rmse"   // sqrt(mean (a−r)²)
	MetricMSE    Metric = "mse"    // mean (a−r)²
	MetricRelMSE Metric = "relmse" // mean (a−r)² / (r + 0.01)²: pbrt's MRSE
)

// DefaultMetric is what figures and tables lead with unless --metric says otherwise.
const DefaultMetric = MetricMedRel

// relMSEOffset keeps black reference pixels from dominating relmse (pbrt-v4's 0.01).
const relMSEOffset = 0.01

var metrics = []Metric{MetricMedRel, MetricRMSE, MetricRelMSE, MetricMSE}

// MetricNames are the metrics' names, as --metric takes them.
func MetricNames() []string {
	n := make([]string, len(metrics))
	for i, m := range metrics {
		n[i] = string(m)
	}
	return n
}

func (m Metric) String() string { return string(m) }

// ParseMetric reads a metric's name; its error completes "--metric ...".
func ParseMetric(s string) (Metric, error) {
	for _, m := range metrics {
		if strings.EqualFold(s, string(m)) {
			return m, nil
		}
	}
	n := MetricNames()
	return "", fmt.Errorf("must be %s or %s %s", strings.Join(n[:len(n)-1], ", "), n[len(n)-1], suggest.Got(s, n))
}

// Of measures img against the reference ref. The sizes must match and be non-zero; a NaN or
// Inf in either image makes the result NaN or Inf: it is not hidden.
func (m Metric) Of(img, ref Image) (float64, error) {
	switch m {
	case MetricRMSE:
		return RMSE(img, ref)
	case MetricMSE:
		return MSE(img, ref)
	case MetricRelMSE:
		return RelMSE(img, ref)
	case MetricMedRel:
		return MedRel(img, ref)
	}
	return 0, fmt.Errorf("unknown metric %q", string(m))
}

// Power is the metric's power of the error: 1 for RMSE, 2 for the squared ones, so that a rate
// N^-s in RMSE is N^-(Power·s) in the metric.
func (m Metric) Power() float64 {
	if m == MetricRMSE || m == MetricMedRel {
		return 1
	}
	return 2
}

// Title says what the metric measures, for an axis or a line of output.
func (m Metric) Title() string {
	switch m {
	case MetricMSE:
		return "MSE: mean (a-r)^2 over all pixels' R, G, B"
	case MetricRelMSE:
		return "relMSE: mean (a-r)^2/(r+0.01)^2 over all pixels' R, G, B"
	case MetricMedRel:
		return "median relative error: median |a-r|/(r+0.01) over the R, G, B of every pixel whose reference is not black"
	}
	return "RMSE: sqrt of mean (a-r)^2 over all pixels' R, G, B"
}

// Short is the metric's name as a label: RMSE, MSE, relMSE.
func (m Metric) Short() string {
	switch m {
	case MetricRelMSE:
		return "relMSE"
	case MetricMedRel:
		return "median rel. error"
	}
	return strings.ToUpper(string(m))
}

// MSE is the mean square difference of a and b over the R, G and B channels of every pixel:
// RMSE's square.
func MSE(a, b Image) (float64, error) {
	return meanOver(a, b, func(x, r float64) float64 { return (x - r) * (x - r) })
}

// RelMSE is the mean relative square error of img against the reference ref over R, G and B:
// mean((img−ref)² / (ref + 0.01)²), pbrt-v4's MRSE.
func RelMSE(img, ref Image) (float64, error) {
	return meanOver(img, ref, func(x, r float64) float64 {
		return (x - r) * (x - r) / ((r + relMSEOffset) * (r + relMSEOffset))
	})
}

// MedRel is the median relative error of img against the reference ref over R, G and B:
// the median of |img−ref| / (ref + 0.01), the offset relMSE's, over every pixel whose
// reference is not black. Half of those channels err by less; no one pixel can move it by
// more than one rank. Black pixels (a background no geometry covers: 45 % of cornell at
// 16:9) are left out, where a render's black is exact and would make half the image
// "perfect" (cornell at 80x45 with 1e4 photons: 0.038 over all pixels, 0.240 over the
// lit ones); RMSE and the fireflies still see them.
func MedRel(img, ref Image) (float64, error) {
	if err := sameSize(img, ref); err != nil {
		return 0, err
	}
	e := make([]float64, 0, 3*img.W*img.H)
	for p := 0; p < img.W*img.H; p++ {
		if ref.Pix[4*p] == 0 && ref.Pix[4*p+1] == 0 && ref.Pix[4*p+2] == 0 {
			continue
		}
		for c := 0; c < 3; c++ {
			x, r := float64(img.Pix[4*p+c]), float64(ref.Pix[4*p+c])
			e = append(e, math.Abs(x-r)/(r+relMSEOffset))
		}
	}
	return median(e), nil
}

// median is the middle of v (the mean of the two middle values of an even count), NaN
// where any value is NaN, so that a broken render is not hidden; v is reordered.
func median(v []float64) float64 {
	for _, x := range v {
		if math.IsNaN(x) {
			return math.NaN()
		}
	}
	if len(v) == 0 {
		return math.NaN()
	}
	slices.Sort(v)
	n := len(v)
	if n%2 == 1 {
		return v[n/2]
	}
	return (v[n/2-1] + v[n/2]) / 2
}

// Fireflies: a pixel is a firefly when its luminance (the mean of R, G, B) passes
// FireflyFactor times its reference's, a reference darker than FireflyFloor of the
// reference image's mean counting as that much (so that a black pixel's faint noise is not
// one). On caustics at 320x180, 2^20 photons an iteration, philox leaves about 15 at one
// iteration (photons landing on small radii) and 0 to 1 by four: a lamp seen through the
// glass, hit once, is one of them.
const (
	FireflyFactor = 10
	FireflyFloor  = 0.01
)

// Fireflies counts img's fireflies against the reference ref (FireflyFactor).
func Fireflies(img, ref Image) (int, error) {
	if err := sameSize(img, ref); err != nil {
		return 0, err
	}
	n := img.W * img.H
	lum := func(im Image, p int) float64 {
		return (float64(im.Pix[4*p]) + float64(im.Pix[4*p+1]) + float64(im.Pix[4*p+2])) / 3
	}
	var mean float64
	for p := 0; p < n; p++ {
		mean += lum(ref, p) / float64(n)
	}
	count := 0
	for p := 0; p < n; p++ {
		if lum(img, p) > FireflyFactor*max(lum(ref, p), FireflyFloor*mean) {
			count++
		}
	}
	return count, nil
}

// FireflyText says what Fireflies counts, for a figure or a CSV's reader.
func FireflyText() string {
	return fmt.Sprintf("fireflies: pixels brighter than %dx their reference (references below %g%% of the image's mean taken as that)", FireflyFactor, 100*FireflyFloor)
}

// meanOver is the mean of f(a, b) over the R, G and B channels of every pixel, summed in
// float64.
func meanOver(a, b Image, f func(x, r float64) float64) (float64, error) {
	if err := sameSize(a, b); err != nil {
		return 0, err
	}
	var sum float64
	for p := 0; p < a.W*a.H; p++ {
		for c := 0; c < 3; c++ {
			sum += f(float64(a.Pix[4*p+c]), float64(b.Pix[4*p+c]))
		}
	}
	return sum / float64(3*a.W*a.H), nil
}
