package rng

// Box is an axis-aligned box of tuples of Dim successive native integers of
// one stream (2: pairs (x_i, x_i+1), 3: triples), its corners inclusive:
// the generator lab's deep zoom, where a box of 1e-6 of the unit square
// needs billions of values scanned for a few thousand points inside.
type Box struct {
	Dim    int
	Lo, Hi [3]uint32
}

// Holds says whether the tuple t (its first Dim values) lies in the box.
func (b Box) Holds(t []uint32) bool {
	for k := 0; k < b.Dim; k++ {
		if t[k] < b.Lo[k] || t[k] > b.Hi[k] {
			return false
		}
	}
	return true
}

// BoxScan is what a scan of a box found.
type BoxScan struct {
	// Kept are the tuples stored, Dim words each, at most the cap asked
	// for: here in stream order, on the GPU in no fixed order.
	Kept    []uint32
	InBox   int64 // tuples that fell in the box, kept or not
	Scanned int64 // values drawn
}

// ScanBox is the Go reference of the deep zoom: count values of each of
// streams streams (the values Dump writes), keeping the tuples of b.Dim
// successive values of one stream that fall in b, the first keep of them.
func ScanBox(inst Instance, streams, count int, b Box, keep int) BoxScan {
	var scan BoxScan
	var w [3]uint32
	for t := 0; t < streams; t++ {
		s := inst.Stream(t)
		for m := 0; m < count; m++ {
			w[0], w[1], w[2] = w[1], w[2], s.U32()
			tuple := w[3-b.Dim:]
			if m+1 >= b.Dim && b.Holds(tuple) {
				scan.InBox++
				if len(scan.Kept) < keep*b.Dim {
					scan.Kept = append(scan.Kept, tuple...)
				}
			}
		}
	}
	scan.Scanned = int64(streams) * int64(count)
	return scan
}
