package battery

import "speckle/study"

// Merging a split's parts (cli's --devices): each part is a report of some
// of the units, in the units' order; the merge is the report one device
// would have written, but for timings and, where devices differ, the
// device named.

// MergeRNGTests is the report of an RNGTest whose generators were tested
// apart (RNGTest.Only), parts in the generators' order.
func MergeRNGTests(parts []RNGTestReport) RNGTestReport {
	if len(parts) == 0 {
		return RNGTestReport{}
	}
	rep := parts[0]
	rep.Generators, rep.Results, rep.Lags = nil, nil, nil
	var names []string
	for _, p := range parts {
		names = append(names, p.Device)
		rep.Generators = append(rep.Generators, p.Generators...)
		rep.Results = append(rep.Results, p.Results...)
		rep.Lags = append(rep.Lags, p.Lags...)
	}
	rep.Device = study.Devices(names)
	return rep
}
