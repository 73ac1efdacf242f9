package scenes

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"math"
)

// hashVersion starts the canonical form: a change to what it holds changes
// it, so that no old hash matches a new form by chance.
const hashVersion = "speckle-scene-v1\n"

// ContentHash is the SHA-256, in hex, of the scene's canonical form: what
// the renderer reads from it once parsed (the camera, and every sphere, quad
// and triangle with its material's kind, colour and index of refraction),
// float bits in order. Names (the scene's, the materials'), unused
// materials and the exposure are left out: a stored reference holds
// radiance, which none of them changes. Two files that parse to the same
// scene (spacing, key order, 0.5 or 5e-1, a box or its six quads) have one
// hash; a lamp at a quarter has another.
func (s *Scene) ContentHash() string {
	h := sha256.New()
	h.Write([]byte(hashVersion))
	w := hashWriter{h, s.Materials}
	c := s.Camera
	w.vecs(c.Position, c.LookAt, c.Up)
	w.floats(c.FOV)
	w.count(len(s.Spheres))
	for _, sp := range s.Spheres {
		w.vecs(sp.Center)
		w.floats(sp.Radius)
		w.material(sp.Material)
	}
	w.count(len(s.Quads))
	for _, q := range s.Quads {
		w.vecs(q.Corner, q.U, q.V)
		w.material(q.Material)
	}
	w.count(len(s.Triangles))
	for _, t := range s.Triangles {
		w.vecs(t.A, t.B, t.C)
		w.material(t.Material)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// hashWriter writes numbers to a hash in one byte order.
type hashWriter struct {
	h         hash.Hash
	materials []Material
}

// material writes what material i is, not its index (which follows the
// materials' names).
func (w hashWriter) material(i int) {
	if i < 0 || i >= len(w.materials) {
		w.count(-1) // a loaded scene has none such; a built one may
		return
	}
	m := w.materials[i]
	w.count(int(m.Kind))
	w.vecs(m.Color)
	w.floats(m.IOR)
}

func (w hashWriter) count(n int) {
	w.h.Write(binary.LittleEndian.AppendUint64(nil, uint64(n)))
}

func (w hashWriter) floats(fs ...float32) {
	for _, f := range fs {
		w.h.Write(binary.LittleEndian.AppendUint32(nil, math.Float32bits(f)))
	}
}

func (w hashWriter) vecs(vs ...Vec3) {
	for _, v := range vs {
		w.floats(v[0], v[1], v[2])
	}
}
