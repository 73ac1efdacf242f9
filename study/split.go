package study

import (
	"encoding/json"
)

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
	rep.Device = Devices(names)
	return rep
}

// MergeRenderBenches is the report of a RenderBench whose cases ran apart
// (RenderBench.Only), parts in the cases' order.
func MergeRenderBenches(parts []RenderBenchReport) RenderBenchReport {
	if len(parts) == 0 {
		return RenderBenchReport{}
	}
	rep := parts[0]
	rep.Cases = nil
	var names []string
	for _, p := range parts {
		names = append(names, p.Device)
		rep.Cases = append(rep.Cases, p.Cases...)
	}
	rep.Device = Devices(names)
	return rep
}

// GobEncode sends a breakdown to a split's parent whole, as JSON: gob
// itself drops a pointer to zero (FullRegions 0 would come back unset).
// Every field as it is (wireBreakdown): the report's MarshalJSON leaves
// out the differences within their noise, which the parent's table needs.
func (b PhotonBreakdown) GobEncode() ([]byte, error) { return json.Marshal(wireBreakdown(b)) }

// GobDecode reads what GobEncode wrote.
func (b *PhotonBreakdown) GobDecode(data []byte) error {
	return json.Unmarshal(data, (*wireBreakdown)(b))
}

// wireBreakdown is a PhotonBreakdown without its MarshalJSON.
type wireBreakdown PhotonBreakdown
