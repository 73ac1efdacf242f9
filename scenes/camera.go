package scenes

import "math"

// Ray is the primary ray through continuous pixel position (px, py) of a
// w x h image, y = 0 at the top row. shaders/lib/scene.glsl has the same
// function; keep the two in step.
func (c Camera) Ray(px, py float32, w, h int) (origin, dir Vec3) {
	forward := c.LookAt.Sub(c.Position).Normalize()
	right := forward.Cross(c.Up).Normalize()
	up := right.Cross(forward)
	t := float32(math.Tan(float64(c.FOV) * math.Pi / 360))
	aspect := float32(w) / float32(h)
	u := (2*px/float32(w) - 1) * aspect * t
	v := (1 - 2*py/float32(h)) * t
	return c.Position, forward.Add(right.Scale(u)).Add(up.Scale(v)).Normalize()
}
