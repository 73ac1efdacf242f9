package rng

import (
	"fmt"
	"math"
	"slices"
)

// Period is what a configuration may draw before it must reuse a state.
// Each generator declares it once (Generator.Period); the commands warn
// when a run draws past it (Use.PastPeriod).
type Period struct {
	// Stream is how many values one stream draws before it repeats (a
	// lower bound; 0: not known, or bounded by Pool alone).
	Stream float64
	// Pool is the number of states every stream of every seed lies among
	// where they share cycles (lehmer: one cycle of 2^32-6; randu: 2^30 odd
	// states; rand48: one cycle of 2^48): a run drawing more values in all
	// reuses a state for certain. 0: each stream runs on a cycle of its own.
	Pool float64
	// Position, where set, is where seed's streams start on the one cycle
	// of Pool states when together they draw one piece of it in turn
	// (rand48's leapfrog: streams*draws states after x_0): Shared then
	// counts exactly the states two uses' pieces share.
	Position func(seed uint32) uint64
	// Starts, where set, is where each stream of c starts on the one cycle
	// of Pool states, each draw taking the next (the hashes' counter,
	// nested and paper keyings: stream t counts on from its own start): a
	// stream that draws past the next stream's start draws that stream's
	// values again, long before the pool is spent. Shared then counts the
	// draws that repeat another stream's exactly.
	Starts func(c Config) []uint64
}

// MaxReplicates bounds ReplicateSeed's r: capture --seeds.
const MaxReplicates = 64

// ReplicateSeed is the seed of replicate r (0 <= r < MaxReplicates) of a
// run seeded `seed`: replicates share no stream by equality, and no stream
// by shift beyond what Use.Shared measures. Where stream t is seeded from
// seed+t (lehmer, randu) consecutive seeds would make seed+1's stream t
// seed's stream t+1, so the replicates step by ReplicateStride, keeping
// every pass of up to ReplicateStride streams apart; keyed or hashed
// seeding (the rest) steps by 1, and an error says where that passes
// 2^32-1.
func (g *Generator) ReplicateSeed(seed uint32, r int) (uint32, error) {
	if r < 0 || r >= MaxReplicates {
		return 0, fmt.Errorf("replicate %d: at most %d", r, MaxReplicates)
	}
	if g.ReplicateStride > 1 {
		return seed + uint32(r)*g.ReplicateStride, nil // wraps: seeds are taken mod 2^32
	}
	if uint64(seed)+uint64(r) > math.MaxUint32 {
		return 0, fmt.Errorf("%s's seed %d plus %d replicates would pass %d, the largest seed: start lower or take fewer", g.Name, seed, r+1, uint32(math.MaxUint32))
	}
	return seed + uint32(r), nil
}

// Use is what a run draws from one configuration: Draws values from each of
// Cfg.Streams streams (a render: one pass, draws a path times iterations).
type Use struct {
	Cfg   Config
	Draws float64
	// Inst is Cfg's instance where the run has made it already (a
	// render's passes): Shared reads its streams instead of making one.
	Inst Instance
}

// PeriodOf is g's period with these options (Period, or PeriodFor's).
func (g *Generator) PeriodOf(options map[string]string) Period {
	if g.PeriodFor != nil {
		return g.PeriodFor(options)
	}
	return g.Period
}

// PastPeriod is why u draws past g's period, "" if it does not.
func (g *Generator) PastPeriod(uses ...Use) string {
	total, pool := 0.0, 0.0
	for _, u := range uses {
		per := g.PeriodOf(u.Cfg.Options)
		if p := per.Stream; p > 0 && u.Draws > p {
			return fmt.Sprintf("each stream draws at least %.3g values, past %s's period of %.4g: its streams repeat", u.Draws, g.Name, p)
		}
		total += u.Draws * float64(u.Cfg.Streams)
		pool = per.Pool
	}
	if p := pool; p > 0 && total > p {
		return fmt.Sprintf("the streams draw at least %.3g values in all, past the %.4g states %s's streams share: some are drawn twice, certainly", total, p, g.Name)
	}
	return ""
}

// Sharing is what Shared measured: streams that start where another stream
// of the uses is after k draws, 0 <= k < Checked (k = 0: another stream
// equal to it).
type Sharing struct {
	Equal    int // pairs of equal streams (k = 0)
	Shifted  int // streams that are another shifted by 0 < k < Checked draws
	Streams  int // streams looked up, of Total
	Total    int // streams of all the uses
	Checked  int // draws a stream checked (lags 0..Checked-1)
	Draws    float64
	Estimate float64 // Equal+Shifted scaled to every stream and every draw
	// Pieces says the uses are pieces of one cycle (Period.Position), and
	// Overlap how many states two of them share, counted exactly.
	Pieces  bool
	Overlap float64
	// Counted says the streams are counts on one cycle (Period.Starts):
	// Overlap is then the draws that repeat another stream's, and MinGap
	// the fewest draws from one stream's start to the next's.
	Counted bool
	MinGap  float64
}

// Exact says whether s counted every stream over every draw.
func (s Sharing) Exact() bool {
	return s.Pieces || s.Counted || s.Streams == s.Total && float64(s.Checked) >= s.Draws
}

// Text is s for people, "" where it found nothing.
func (s Sharing) Text() string {
	if s.Counted {
		if s.Overlap == 0 {
			return ""
		}
		return fmt.Sprintf("%.4g of their %.4g draws repeat another stream's (streams count on from starts as close as %.4g draws apart, and each draws %.4g; counted exactly)", s.Overlap, s.Draws*float64(s.Total), s.MinGap, s.Draws)
	}
	if s.Pieces {
		if s.Overlap == 0 {
			return ""
		}
		return fmt.Sprintf("%.4g states of the one cycle are drawn by two seeds' pieces of it (counted exactly)", s.Overlap)
	}
	if s.Equal+s.Shifted == 0 {
		return ""
	}
	found := fmt.Sprintf("%d pairs of equal streams, %d streams that are another shifted by 1 to %d draws", s.Equal, s.Shifted, s.Checked-1)
	if s.Exact() {
		return found + " (counted over all draws)"
	}
	return fmt.Sprintf("%s (counted over %d of %d streams, %d of %.3g draws; about %.3g over the run)", found, s.Streams, s.Total, s.Checked, s.Draws, s.Estimate)
}

// sharingBudget bounds Shared's work: draws looked up in all.
const sharingBudget = 1 << 23

// Shared counts the streams of uses that reuse another's: stream B is
// stream A shifted by k draws when B's first values are A's values from k
// on, found by the first two values (the state itself for lehmer and
// randu; a generator that mixes poorly, such as philox with 2 rounds, can
// match there without matching on). A stream that returns to its own
// start is left out: that is its period. It looks up at most `budget` draws (0: sharingBudget): all
// streams over the first draws where that fits, else the first uses'
// streams, and scales what it found to the rest. Quasi-random generators
// have no streams to share: nothing.
func (g *Generator) Shared(uses []Use, budget int) (Sharing, error) {
	if g.UserFile != "" {
		return Sharing{}, nil // no Go reference to draw the streams from
	}
	if budget <= 0 {
		budget = sharingBudget
	}
	s := Sharing{}
	for _, u := range uses {
		s.Total += u.Cfg.Streams
		s.Draws = max(s.Draws, u.Draws)
	}
	if len(uses) == 0 || s.Total == 0 {
		return s, nil
	}
	if exact, ok := g.countedExactly(uses, s); ok {
		return exact, nil
	}
	var insts []Instance
	var counts []int
	for _, u := range uses { // whole uses while eight lags fit
		if s.Streams > 0 && 8*(s.Streams+u.Cfg.Streams) > budget {
			break
		}
		inst := u.Inst
		if inst == nil {
			var err error
			if inst, err = g.New(u.Cfg); err != nil {
				return s, err
			}
		}
		if _, quasi := inst.(QuasiRandom); quasi {
			return Sharing{}, nil
		}
		n := min(u.Cfg.Streams, budget/8)
		insts, counts = append(insts, inst), append(counts, n)
		s.Streams += n
	}
	s.Checked = int(min(float64(max(budget/s.Streams, 1)), max(s.Draws, 1)))
	type key [2]uint32
	starts := make(map[key]int, s.Streams) // first two values -> streams starting there
	streams := make([]Stream, 0, s.Streams)
	windows := make([]key, 0, s.Streams)
	for i, inst := range insts {
		for t := range counts[i] {
			st := inst.Stream(t)
			k := key{st.U32(), st.U32()}
			starts[k]++
			streams, windows = append(streams, st), append(windows, k)
		}
	}
	own := slices.Clone(windows)
	for k := range s.Checked {
		for i, st := range streams {
			n := starts[windows[i]]
			if k > 0 && windows[i] == own[i] {
				n-- // a stream that repeats itself: its period, not another's stream
			}
			if k == 0 {
				n-- // itself
				s.Equal += n
			} else {
				s.Shifted += n
			}
			windows[i] = key{windows[i][1], st.U32()}
		}
	}
	s.Equal /= 2 // each pair was found from both ends
	s.Estimate = float64(s.Equal + s.Shifted)
	if !s.Exact() { // pairs grow with the square of the streams, shifts with the draws
		scale := float64(s.Total) / float64(s.Streams)
		shifted := float64(s.Shifted)
		if s.Checked > 1 {
			shifted *= (s.Draws - 1) / float64(s.Checked-1)
		}
		s.Estimate = (float64(s.Equal) + shifted) * scale * scale
	}
	return s, nil
}

// countedExactly is Shared's count where the uses' states are known
// exactly: pieces of one cycle (Period.Position) or streams counting on
// from starts of their own (Period.Starts, up to countedStreams streams in
// all); ok false where they are not.
func (g *Generator) countedExactly(uses []Use, s Sharing) (Sharing, bool) {
	if g.Period.Position != nil {
		return g.pieces(uses, s), true
	}
	if per := g.PeriodOf(uses[0].Cfg.Options); per.Starts != nil && s.Total <= countedStreams && len(uses) <= countedUses {
		return counted(uses, s, per), true
	}
	return s, false
}

// countedStreams bounds counted's work: a sort of that many runs (the
// passes of a 4K render with 2^20 photons an iteration, 9.3e6 streams, in
// about a second); more fall back to Shared's sampled look-ups.
const countedStreams = 1 << 24

// countedUses bounds the uses counted together (a capture's passes of 64
// seeds are 128): a run's use is kept in the low byte of its sort key.
const countedUses = 1 << 8

// counted counts the draws of the uses' streams that repeat another
// stream's: stream i draws states start_i .. start_i+draws-1 of the one
// cycle of n = per.Pool states, so the repeats are the draws less the
// states the streams' runs cover together. The runs, sorted by start, are
// swept on the line [0, 2n): the runs that pass n all hold n, so past n
// they cover [n, R) alone, and the circle's cover is the line's within
// [0, n) plus R-n less what [0, R-n) had already.
func counted(uses []Use, s Sharing, per Period) Sharing {
	n := per.Pool
	s.Counted, s.Streams, s.Checked = true, s.Total, int(min(s.Draws, math.MaxInt32))
	// A run is start<<8 | its use (starts are below 2^35): a plain sort of
	// words, several times faster than sorting structs.
	keys := make([]uint64, 0, s.Total)
	lengths := make([]float64, len(uses))
	drawn := 0.0
	for i, u := range uses {
		lengths[i] = min(u.Draws, n)
		for _, st := range per.Starts(u.Cfg) {
			keys = append(keys, st<<8|uint64(i))
			drawn += lengths[i]
		}
	}
	slices.Sort(keys)
	start := func(k uint64) float64 { return float64(k >> 8) }
	// coverUpTo is the runs' cover of [0, x) on the line.
	coverUpTo := func(x float64) (covered, reach float64) {
		for _, k := range keys {
			a := start(k)
			if a >= x {
				break
			}
			end := min(a+lengths[k&0xff], x)
			if end > max(reach, a) {
				covered += end - max(reach, a)
			}
			reach = max(reach, end)
		}
		return covered, reach
	}
	line, reach := coverUpTo(2 * n)
	if reach > n { // [n, R) is [0, R-n) round the circle: count what it adds once
		within, _ := coverUpTo(reach - n)
		line -= within
	}
	s.Overlap, s.Estimate = drawn-line, drawn-line
	s.MinGap = n
	for i, k := range keys {
		next := n + start(keys[0]) // the first start, once round
		if i+1 < len(keys) {
			next = start(keys[i+1])
		}
		s.MinGap = min(s.MinGap, next-start(k))
	}
	return s
}

// pieces counts the states that two uses' pieces of g's one cycle share:
// use u draws states Position(seed)+1 .. +streams*draws (within one use no
// two streams share one until it passes the cycle: PastPeriod's case).
func (g *Generator) pieces(uses []Use, s Sharing) Sharing {
	n := g.Period.Pool
	s.Pieces, s.Streams, s.Checked = true, s.Total, int(min(s.Draws, math.MaxInt32))
	type piece struct{ start, length float64 }
	ps := make([]piece, len(uses))
	for i, u := range uses {
		ps[i] = piece{float64(g.Period.Position(u.Cfg.Seed)), min(float64(u.Cfg.Streams)*u.Draws, n)}
	}
	// after is how much of b lies in a where b starts d past a's start.
	after := func(a, b piece) float64 {
		d := math.Mod(b.start-a.start+n, n)
		if d >= a.length {
			return 0
		}
		return min(a.length-d, b.length)
	}
	for i := range ps {
		for j := i + 1; j < len(ps); j++ {
			if ps[i].start == ps[j].start {
				s.Overlap += min(ps[i].length, ps[j].length)
				continue
			}
			s.Overlap += after(ps[i], ps[j]) + after(ps[j], ps[i])
		}
	}
	s.Estimate = s.Overlap
	return s
}
