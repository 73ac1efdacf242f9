// Package cref calls independent reference implementations in the system's C and C++ libraries, for tests only.
//
// Floor: a leaf. It imports no package of Speckle: cgo only.
package cref

/*
#include <stdlib.h>

// Seeds the C library's drand48 family and fills out with n lrand48() values.
static void cref_lrand48(long seed, long *out, int n) {
	srand48(seed);
	for (int i = 0; i < n; i++) out[i] = lrand48();
}
*/
import "C"

import (
	"sync"
	"unsafe"
)

// rand48Lock guards the C library's one global drand48 state.
var rand48Lock sync.Mutex

// Lrand48 returns the first n values of the C library's lrand48() after srand48(seed).
func Lrand48(seed uint32, n int) []uint32 {
	if n <= 0 {
		return nil
	}
	buf := make([]C.long, n)
	rand48Lock.Lock()
	defer rand48Lock.Unlock()
	C.cref_lrand48(C.long(seed), (*C.long)(unsafe.Pointer(&buf[0])), C.int(n))
	out := make([]uint32, n)
	for i, v := range buf {
		out[i] = uint32(v)
	}
	return out
}
