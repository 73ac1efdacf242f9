package bench

import (
	"encoding/json"

	"speckle/study"
)

// Merging a split's parts (cli's --devices): each part is a report of some
// of the units, in the units' order; the merge is the report one device
// would have written, but for timings and, where devices differ, the
// device named. (battery/split.go merges an rng test's.)

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
	rep.Device = study.Devices(names)
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
