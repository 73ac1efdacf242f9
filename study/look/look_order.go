package look

// DefaultLookOrder is a view's --order when none is given: the order in
// which rand48's structure shows beside philox's noise where a view shows
// it at all. Pairs and triples take the renderer's (rand48 leapfrogged by
// 2^20 puts a photon's successive draws on a few lines and planes, where
// one stream alone is noise); bitplanes the streams' (bit 0 of rand48's
// streams bands); streams, photons and spectrum show rand48 as noise in
// both, so they keep the streams' order (streams: Lehmer's lines). With
// zoomed set (a --zoom, --scan or --points of one's own: a deep look at
// one stream, which the renderer order cannot hold or scan) the streams'.
func DefaultLookOrder(view string, zoomed bool) string {
	if (view == ViewPairs || view == ViewTriples) && !zoomed {
		return "renderer"
	}
	return "stream"
}
