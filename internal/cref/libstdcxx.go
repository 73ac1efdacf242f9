package cref

/*
#cgo CXXFLAGS: -std=c++17
#cgo LDFLAGS: -lstdc++
#include <stdint.h>

int cref_ranlux24_discard_block(const uint32_t *seeds, uint32_t carry, int i24,
                                int used, int p, uint32_t *out, int n);
int cref_ranlux24_base(const uint32_t *seeds, uint32_t carry, int i24, uint32_t *out,
                       int n, uint32_t *seeds_after, uint32_t *carry_after, int *i24_after);
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// RanluxState is a RANLUX state in James' Fortran terms: Seeds[i] is SEEDS(i+1)
// as a 24-bit integer (the float times 2^24), Carry is 0 or 1 (CARRY times
// 2^24) and I24 (1..24) is the seed the next step overwrites, from
// SEEDS(I24-14 mod 24) (J24).
type RanluxState struct {
	Seeds [24]uint32
	Carry uint32
	I24   int
}

func (s RanluxState) check() error {
	for i, v := range s.Seeds {
		if v >= 1<<24 {
			return fmt.Errorf("cref: SEEDS(%d) = %d is not a 24-bit value", i+1, v)
		}
	}
	if s.Carry > 1 || s.I24 < 1 || s.I24 > 24 {
		return fmt.Errorf("cref: bad carry %d or I24 %d", s.Carry, s.I24)
	}
	return nil
}

// Ranlux24DiscardBlock returns n outputs of libstdc++'s
// std::discard_block_engine<std::ranlux24_base, p, 24> loaded with st, used
// values of the current block already returned; p is 24, 48, 100, 224 or 404.
func Ranlux24DiscardBlock(st RanluxState, used, p, n int) ([]uint32, error) {
	if err := st.check(); err != nil {
		return nil, err
	}
	if used < 0 || used > 24 || n < 1 {
		return nil, fmt.Errorf("cref: bad block position %d or count %d", used, n)
	}
	out := make([]uint32, n)
	rc := C.cref_ranlux24_discard_block((*C.uint32_t)(unsafe.Pointer(&st.Seeds[0])), C.uint32_t(st.Carry),
		C.int(st.I24), C.int(used), C.int(p), (*C.uint32_t)(unsafe.Pointer(&out[0])), C.int(n))
	if rc != 0 {
		return nil, fmt.Errorf("cref: libstdc++ refused the state or p = %d", p)
	}
	return out, nil
}

// Ranlux24Base returns n outputs of libstdc++'s std::ranlux24_base loaded with
// st, and its state after them.
func Ranlux24Base(st RanluxState, n int) ([]uint32, RanluxState, error) {
	if err := st.check(); err != nil {
		return nil, RanluxState{}, err
	}
	out := make([]uint32, n+1) // never empty, for &out[0]
	var after RanluxState
	var carry C.uint32_t
	var i24 C.int
	rc := C.cref_ranlux24_base((*C.uint32_t)(unsafe.Pointer(&st.Seeds[0])), C.uint32_t(st.Carry), C.int(st.I24),
		(*C.uint32_t)(unsafe.Pointer(&out[0])), C.int(n),
		(*C.uint32_t)(unsafe.Pointer(&after.Seeds[0])), &carry, &i24)
	if rc != 0 {
		return nil, RanluxState{}, fmt.Errorf("cref: libstdc++ refused the state")
	}
	after.Carry, after.I24 = uint32(carry), int(i24)
	return out[:n], after, nil
}
