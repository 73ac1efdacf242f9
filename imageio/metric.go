package imageio

import (
	"fmt"
	"strings"

	"speckle/internal/suggest"
)

// Metric is an error measure of a render against a reference, over the R, G and B channels of
// every pixel, as pbrt-v4's imgtool diff defines them (its MSE and MRSE, averaged over the
// channels), and the root of MSE.
type Metric string

const (
	MetricRMSE   Metric = "rmse"   // sqrt(mean (a−r)²)
	MetricMSE    Metric = "mse"    // mean (a−r)²
	MetricRelMSE Metric = "relmse" // mean (a−r)² / (r + 0.01)²: pbrt's MRSE
)

// relMSEOffset keeps black reference pixels from dominating relmse (pbrt-v4's 0.01).
const relMSEOffset = 0.01

var metrics = []Metric{MetricRMSE, MetricRelMSE, MetricMSE}

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
	}
	return 0, fmt.Errorf("unknown metric %q", string(m))
}

// Power is the metric's power of the error: 1 for RMSE, 2 for the squared ones, so that a rate
// N^-s in RMSE is N^-(Power·s) in the metric.
func (m Metric) Power() float64 {
	if m == MetricRMSE {
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
	}
	return "RMSE: sqrt of mean (a-r)^2 over all pixels' R, G, B"
}

// Short is the metric's name as a label: RMSE, MSE, relMSE.
func (m Metric) Short() string {
	if m == MetricRelMSE {
		return "relMSE"
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
