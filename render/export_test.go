package render

import "fmt"

// What the external tests (package render_test, which imports lab to run
// its kernels on a pool set by hand) reach inside an RNG; the program does not.

// WritePool sets slot `slot` of the pool to the state words (word w at
// rng_pool_index(w, slot)), the generator's own layout: a stream put at a
// state no draw reaches in a test's time (Philox's block index next to its
// 2^32 carry). The pool must hold the slot (Seed or UsePool).
func (r *RNG) WritePool(slot int, words []uint32) error {
	if slot < 0 || slot >= r.Slots || len(words) != r.Inst.StateWords() {
		return fmt.Errorf("pool slot %d of %d, %d words of %d", slot, r.Slots, len(words), r.Inst.StateWords())
	}
	for w, v := range words {
		r.pool.Write(w*r.Slots+slot, []uint32{v}) // rng_pool_stride is Slots (Bind)
	}
	return nil
}
