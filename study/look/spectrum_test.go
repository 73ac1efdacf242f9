package look

import (
	"math"
	"math/rand"
	"testing"
)

// Known spectra: one point is flat (P = 1); an n x n grid of points puts
// all its power (P = N) on the multiples of n and none elsewhere; white
// noise averages about 1 away from DC.
func TestPeriodogram(t *testing.T) {
	const half = 8
	n := 2*half + 1
	at := func(p []float64, kx, ky int) float64 { return p[(ky+half)*n+kx+half] }
	one := periodogram([]float64{0.3}, []float64{0.7}, half)
	for i, v := range one {
		if math.Abs(v-1) > 1e-9 {
			t.Fatalf("one point: P[%d] = %v, want 1", i, v)
		}
	}
	var xs, ys []float64
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			xs, ys = append(xs, (float64(i)+0.5)/4), append(ys, (float64(j)+0.5)/4)
		}
	}
	grid := periodogram(xs, ys, half)
	for ky := -half; ky <= half; ky++ {
		for kx := -half; kx <= half; kx++ {
			want := 0.0
			if kx%4 == 0 && ky%4 == 0 {
				want = 16
			}
			if got := at(grid, kx, ky); math.Abs(got-want) > 1e-6 {
				t.Fatalf("4x4 grid: P(%d, %d) = %v, want %v", kx, ky, got, want)
			}
		}
	}
	r := rand.New(rand.NewSource(3))
	xs, ys = xs[:0], ys[:0]
	for i := 0; i < 4000; i++ {
		xs, ys = append(xs, r.Float64()), append(ys, r.Float64())
	}
	noise := periodogram(xs, ys, half)
	mean := 0.0
	for i, v := range noise {
		if i != (n*n)/2 {
			mean += v / float64(n*n-1)
		}
	}
	if math.Abs(at(noise, 0, 0)-4000) > 1e-6 || math.Abs(mean-1) > 0.15 {
		t.Fatalf("white noise: P(0) = %v, mean %v", at(noise, 0, 0), mean)
	}
}
