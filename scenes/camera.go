package scenes

import (
	"fmt"
	"math"

	"speckle/internal/numcheck"
)

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

// Validate reports a camera the renderer cannot use: the loader's rules
// (coordinates within MaxCoord, look_at at least MinSize from position,
// up non-zero and not along the view, fov in [MinFOV,
// MaxFOV] degrees) for cameras made in code, such as Orbit's, or read from
// the settings file.
func (c Camera) Validate() error {
	fwd := c.LookAt.Sub(c.Position)
	if !numcheck.Float32(float64(c.FOV)) {
		return fmt.Errorf("camera %+v has a non-finite value", c)
	}
	for _, v := range []Vec3{c.Position, c.LookAt, c.Up} {
		for _, x := range v {
			if !numcheck.Float32(float64(x)) {
				return fmt.Errorf("camera %+v has a non-finite value", c)
			}
			if err := coordRange.Check32(x); err != nil {
				return fmt.Errorf("camera %+v: every coordinate %v", c, err)
			}
		}
	}
	switch {
	case fwd.IsZero():
		return fmt.Errorf("camera look_at must differ from position (got %v for both)", c.Position)
	case float64(fwd.Len()) < MinSize:
		return fmt.Errorf("camera look_at must be at least %s from position (got %s)", numcheck.Format(MinSize), numcheck.Format32(fwd.Len()))
	case float64(c.Up.Len()) < MinUp:
		return fmt.Errorf("camera up must not be zero: at least %s long (got %v)", numcheck.Format(MinUp), c.Up)
	case fwd.Cross(c.Up).Len() <= 1e-6*fwd.Len()*c.Up.Len():
		return fmt.Errorf("camera up %v is parallel to the view direction %v", c.Up, fwd)
	case !fovRange.Contains(float64(c.FOV)):
		return fmt.Errorf("camera fov must be in %s degrees (got %s)", fovText, numcheck.Format32(c.FOV))
	}
	return nil
}

// MaxPitch is how far Orbit lets the camera rise above or sink below the
// plane through LookAt normal to Up (radians, 89 degrees): at 90 the view
// would be along Up and the image would spin.
const MaxPitch = 89 * math.Pi / 180

// Orbit turns the camera about LookAt: dYaw radians about the Up axis
// (right-handed: positive is anticlockwise seen from above), then dPitch
// radians about the camera's right axis (positive raises the camera towards
// Up), with the pitch clamped to ±MaxPitch (a camera that starts beyond that
// may stay where it is, not go further). Distance to LookAt, LookAt, Up and FOV stay.
func (c Camera) Orbit(dYaw, dPitch float32) Camera {
	up := norm3(c.Up)
	off := vec64(c.Position.Sub(c.LookAt))
	dist := len3(off)
	if dist == 0 || len3(up) == 0 {
		return c
	}
	dir := scale3(off, 1/dist)
	pitch := math.Asin(math.Max(-1, math.Min(1, dot3(dir, up))))
	flat := norm3v(sub3(dir, scale3(up, dot3(dir, up)))) // horizontal heading
	if len3(flat) == 0 {
		return c // looking along Up: no heading to turn (Validate refuses it)
	}
	s, k := math.Sincos(float64(dYaw))
	flat = add3(scale3(flat, k), scale3(cross3(up, flat), s)) // Rodrigues, flat ⟂ up
	// A camera already beyond the limit may stay there but not go further.
	lo, hi := math.Min(-MaxPitch, pitch), math.Max(MaxPitch, pitch)
	pitch = math.Max(lo, math.Min(hi, pitch+float64(dPitch)))
	s, k = math.Sincos(pitch)
	off = scale3(add3(scale3(flat, k), scale3(up, s)), dist)
	c.Position = c.LookAt.Add(Vec3{float32(off[0]), float32(off[1]), float32(off[2])})
	return c
}

// DollyMin and DollyMax bound Dolly's distance to LookAt (scene units):
// the loader's MinSize, and half its MaxCoord, so that a camera looking at
// a point of the scene's half-size box stays within MaxCoord (Validate).
const (
	DollyMin = MinSize
	DollyMax = MaxCoord / 2
)

// Dolly moves the camera along its view line so that its distance to LookAt
// is factor times what it was, clamped to [DollyMin, DollyMax]. A factor that
// is not a positive finite number leaves the camera as it is.
func (c Camera) Dolly(factor float32) Camera {
	f := float64(factor)
	off := vec64(c.Position.Sub(c.LookAt))
	dist := len3(off)
	if !(f > 0) || math.IsInf(f, 0) || dist == 0 {
		return c
	}
	d := math.Max(DollyMin, math.Min(DollyMax, dist*f))
	off = scale3(off, d/dist)
	c.Position = c.LookAt.Add(Vec3{float32(off[0]), float32(off[1]), float32(off[2])})
	return c
}

// Orbit and Dolly work in float64 so that many small steps do not drift.
type v3 = [3]float64

func vec64(a Vec3) v3           { return v3{float64(a[0]), float64(a[1]), float64(a[2])} }
func add3(a, b v3) v3           { return v3{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func sub3(a, b v3) v3           { return v3{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func scale3(a v3, s float64) v3 { return v3{a[0] * s, a[1] * s, a[2] * s} }
func dot3(a, b v3) float64      { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func len3(a v3) float64         { return math.Sqrt(dot3(a, a)) }
func norm3(a Vec3) v3           { return norm3v(vec64(a)) }
func cross3(a, b v3) v3 {
	return v3{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
func norm3v(a v3) v3 {
	if l := len3(a); l > 0 {
		return scale3(a, 1/l)
	}
	return v3{}
}
