package shaders

import (
	"strconv"
	"strings"

	"speckle/imageio"
	"speckle/internal/stats"
	"speckle/scenes"
	"speckle/scenes/flow"
)

// The numbers a kernel and its Go driver must agree on live here and only
// here: each is a Go constant below and, under its name in upper snake case
// (RNGPoolBinding: RNG_POOL_BINDING), a #define at the top of every program
// Build makes. GLSL writes `layout(std430, binding = RNG_POOL_BINDING)`, Go
// `pool.Bind(shaders.RNGPoolBinding)`. To add one: a constant in the right
// group below and its row in the table, constants
// (TestConstantsNameTheirGoConstants checks the pair).

// Shader storage buffer binding points. Within one program no two buffers
// share one (TestNoTwoBuffersShareABinding checks every kernel with every
// generator); across programs numbers are reused, as render binds a
// program's buffers before each of its dispatches.
const (
	// A generator's state pool and auxiliary data (rng/common.glsl).
	RNGPoolBinding = 14
	RNGAuxBinding  = 15
	// The output of the generator kernels: dump, draw, probe, write ceiling.
	RNGOutBinding = 0
	// rng_box.comp's values carried from one dispatch to the next.
	RNGCarryBinding = 1

	// The scene as scenes.Pack lays it out (lib/scene.glsl).
	SceneMaterialsBinding = 1
	SceneSpheresBinding   = 2
	SceneQuadsBinding     = 3
	SceneTrianglesBinding = 4
	SceneLightsBinding    = 5
	SceneBVHBinding       = 12
	SceneRefsBinding      = 13

	// SPPM's per-pixel state, grid and counters (lib/sppm.glsl).
	VisiblePointsBinding = 6
	StatsTauBinding      = 7
	AccumulatorsBinding  = 8
	GridHeadsBinding     = 9
	GridLinksBinding     = 10
	SPPMCountersBinding  = 11
	StatsNBinding        = 16
	// The photon pass's hit records for the deferred gather
	// (lib/gather.glsl).
	DeferredHitsBinding = 17
	// render.DepositPoints's photon buckets: the scan's levels
	// (sppm_points_sort.comp).
	PhotonBucketsBinding = 18

	// Display: a colour map of ColormapEntries RGBA8 words (the heatmap's,
	// the streamline maps'); the RMSE's partial sums.
	ColormapBinding     = 6
	RMSEPartialsBinding = 0

	// Streamlines (streamlines.comp, streamlines_display.comp).
	StreamlineFieldBinding    = 0
	StreamlineVisitsBinding   = 1
	StreamlineLengthsBinding  = 2
	StreamlineCountersBinding = 3
	StreamlineRecordBinding   = 4
	StreamlineScaleBinding    = 5
	StreamlineStateBinding    = 7

	// The test battery (rng_battery.comp): a block of numbers, the block
	// before it, and the per-sample counts; a block transposed for the
	// consumed order (rng_battery_transpose.comp).
	BatteryBlockBinding      = 1
	BatteryPreviousBinding   = 2
	BatteryCountsBinding     = 3
	BatteryTransposedBinding = 4
)

// Image units of the compute kernels and the UI's texture unit.
const (
	RadianceImageUnit  = 0 // the SPPM radiance image (RGBA32F)
	DisplayImageUnit   = 1 // an RGBA8 picture for the UI or a PNG
	ReferenceImageUnit = 2 // the reference a heatmap or RMSE compares with
	UITextureUnit      = 0 // ui.frag's texture
)

// Layouts and sizes.
const (
	// LoopBudget is the most loop passes a kernel lets one invocation run
	// in one dispatch (lib/loops.glsl says why).
	LoopBudget = 60000

	// SPPM's Counters block: 64-bit counters are (lo, hi) word pairs.
	SPPMCounterWords      = SPPMCounterGridHist + GridHistBins
	SPPMCounterBounces    = 0  // surfaces photons hit (64-bit)
	SPPMCounterFlux       = 2  // FLUX_TALLY's power per channel (3 x 64-bit)
	SPPMCounterPhotons    = 8  // photons traced (64-bit)
	SPPMCounterPhotonLoop = 10 // the largest loop bound past LoopBudget of a group of photons
	SPPMCounterEyeLoop    = 11 // the same for eye paths
	SPPMCounterIterations = 12 // iterations folded into the image
	SPPMCounterEmitted    = 13 // their photons (64-bit)
	// The adaptive grid's state (render.GatherAdaptive, lib/sppm.glsl): a
	// point the grid could not link (never expected: the render fails), the
	// iteration's cell size and the largest R^2 linked into its own cell
	// only (float bits), the link pool's slots taken, and the histogram of
	// the visible points' R^2 that the eye pass counts.
	SPPMCounterGridFull = 15
	SPPMCounterGridCell = 16
	SPPMCounterGridR2   = 17
	SPPMCounterGridPool = 18
	SPPMCounterGridHist = 19
	// GridHistBins bins R^2 / R0^2 by GridBinsPerOctave per halving; the
	// eye pass's work group of 64 adds one bin an invocation.
	GridHistBins      = 64
	GridBinsPerOctave = 8
	// AccumulatorWords is one pixel's photon accumulator: M and the flux
	// per channel in 64-bit fixed point.
	AccumulatorWords = 8
	// BVHStack bounds the BVH traversal's stack: 2^15 leaves (scenes.MaxPrimitives).
	BVHStack = scenes.MaxBVHDepth
	// HitRecordFields are the words of a deferred hit record (lib/gather.glsl:
	// position, facing normal and power); a sorted buffer holds one field
	// more, the records' order.
	HitRecordFields = 9
	// PointsHitFields are the fields a slot of render.DepositPoints's hit
	// buffer holds (lib/gather.glsl): the record, its cell's bucket, its
	// rank in the bucket and its cell's key, then a record in bucket order
	// (PointsSortedWords: the record and the key, contiguous).
	PointsHitFields   = HitRecordFields + 3 + PointsSortedWords
	PointsSortedWords = HitRecordFields + 1
	// PointsScanBlock is the block of buckets one work group of
	// render.DepositPoints's scan sums (sppm_points_sort.comp: 256
	// invocations of 4 buckets); a level of the scan has one word a block
	// of the level below.
	PointsScanBlock = 1024
	// DepositSortBins are the bins of render.DepositSorted's counting sort
	// of hit records (a multiple of its scan's 256 invocations).
	DepositSortBins = 1 << 15
	// GridSpanMax bounds the cells per axis within a gather's reach (SPPM
	// grid cells of at least half a radius; render.GridCellRange).
	GridSpanMax = 5

	// The streamline kernel's Counters block.
	StreamlineCounterWords    = 6
	StreamlineCounterSteps    = 0 // 64-bit
	StreamlineCounterStalled  = 2
	StreamlineCounterLeft     = 3
	StreamlineCounterMaxSteps = 4
	StreamlineCounterLines    = 5
	// StreamlineStateWords is what an unfinished streamline keeps between
	// dispatches: position (2), steps, stop, its current run of visits (2).
	StreamlineStateWords = 6

	// image_rmse.comp: a work group of RMSEGroupSize sums
	// RMSEGroupSize x RMSEPerInvocation pixels into one partial.
	RMSEGroupSize     = 256
	RMSEPerInvocation = 4

	// BatteryGroupSize is rng_battery.comp's work group: it shares one
	// histogram in shared memory.
	BatteryGroupSize = 64
)

// The battery's test parameters (internal/stats, whose Tally is the
// kernel's reference).
const (
	PairBits          = stats.PairBits
	TripleBits        = stats.TripleBits
	GapMax            = stats.GapMax
	GapHitBits        = stats.GapHitBits
	RunsMax           = stats.RunsMax
	RankRows          = stats.RankRows
	BirthdayGroup     = stats.BirthdayGroup
	BirthdayDayBits   = stats.BirthdayDayBits
	BirthdayMax       = stats.BirthdayMax
	CollisionCellBits = stats.CollisionCellBits
	CollisionMax      = stats.CollisionMax
	HammingClasses    = stats.HammingClasses
	Rank64Rows        = stats.Rank64Rows
	SerialBits        = stats.SerialBits
	SerialTuples      = stats.SerialTuples
)

// Codes the GPU reads from Go's data: material kinds and BVH reference
// kinds in the packed scene, and why a streamline stopped.
const (
	KindDiffuse  = int(scenes.Diffuse)
	KindMirror   = int(scenes.Mirror)
	KindGlass    = int(scenes.Glass)
	KindLight    = int(scenes.Light)
	PrimSphere   = scenes.PrimSphere
	PrimQuad     = scenes.PrimQuad
	PrimTriangle = scenes.PrimTriangle
	StopStalled  = int(flow.Stalled)
	StopLeft     = int(flow.Left)
	StopMaxSteps = int(flow.MaxSteps)
)

// ColormapEntries is the length of the colour maps the kernels interpolate.
const ColormapEntries = len(imageio.Colormap{})

// RelEpsilon is the relative error's ε (lib/error.glsl).
const RelEpsilon = imageio.RelEpsilon

// constant is one #define of the table: a name and its value as GLSL text.
type constant struct{ name, value string }

// constants are the defines every program starts with, in this order.
var constants = []constant{
	integer("RNG_POOL_BINDING", RNGPoolBinding),
	integer("RNG_AUX_BINDING", RNGAuxBinding),
	integer("RNG_OUT_BINDING", RNGOutBinding),
	integer("RNG_CARRY_BINDING", RNGCarryBinding),
	integer("SCENE_MATERIALS_BINDING", SceneMaterialsBinding),
	integer("SCENE_SPHERES_BINDING", SceneSpheresBinding),
	integer("SCENE_QUADS_BINDING", SceneQuadsBinding),
	integer("SCENE_TRIANGLES_BINDING", SceneTrianglesBinding),
	integer("SCENE_LIGHTS_BINDING", SceneLightsBinding),
	integer("SCENE_BVH_BINDING", SceneBVHBinding),
	integer("SCENE_REFS_BINDING", SceneRefsBinding),
	integer("VISIBLE_POINTS_BINDING", VisiblePointsBinding),
	integer("STATS_TAU_BINDING", StatsTauBinding),
	integer("ACCUMULATORS_BINDING", AccumulatorsBinding),
	integer("GRID_HEADS_BINDING", GridHeadsBinding),
	integer("GRID_LINKS_BINDING", GridLinksBinding),
	integer("SPPM_COUNTERS_BINDING", SPPMCountersBinding),
	integer("STATS_N_BINDING", StatsNBinding),
	integer("DEFERRED_HITS_BINDING", DeferredHitsBinding),
	integer("PHOTON_BUCKETS_BINDING", PhotonBucketsBinding),
	integer("COLORMAP_BINDING", ColormapBinding),
	integer("RMSE_PARTIALS_BINDING", RMSEPartialsBinding),
	integer("STREAMLINE_FIELD_BINDING", StreamlineFieldBinding),
	integer("STREAMLINE_VISITS_BINDING", StreamlineVisitsBinding),
	integer("STREAMLINE_LENGTHS_BINDING", StreamlineLengthsBinding),
	integer("STREAMLINE_COUNTERS_BINDING", StreamlineCountersBinding),
	integer("STREAMLINE_RECORD_BINDING", StreamlineRecordBinding),
	integer("STREAMLINE_SCALE_BINDING", StreamlineScaleBinding),
	integer("STREAMLINE_STATE_BINDING", StreamlineStateBinding),
	integer("BATTERY_BLOCK_BINDING", BatteryBlockBinding),
	integer("BATTERY_PREVIOUS_BINDING", BatteryPreviousBinding),
	integer("BATTERY_COUNTS_BINDING", BatteryCountsBinding),
	integer("BATTERY_TRANSPOSED_BINDING", BatteryTransposedBinding),

	integer("RADIANCE_IMAGE_UNIT", RadianceImageUnit),
	integer("DISPLAY_IMAGE_UNIT", DisplayImageUnit),
	integer("REFERENCE_IMAGE_UNIT", ReferenceImageUnit),
	integer("UI_TEXTURE_UNIT", UITextureUnit),

	unsigned("LOOP_BUDGET", LoopBudget),
	integer("SPPM_COUNTER_WORDS", SPPMCounterWords),
	unsigned("SPPM_COUNTER_BOUNCES", SPPMCounterBounces),
	unsigned("SPPM_COUNTER_FLUX", SPPMCounterFlux),
	unsigned("SPPM_COUNTER_PHOTONS", SPPMCounterPhotons),
	unsigned("SPPM_COUNTER_PHOTON_LOOP", SPPMCounterPhotonLoop),
	unsigned("SPPM_COUNTER_EYE_LOOP", SPPMCounterEyeLoop),
	unsigned("SPPM_COUNTER_ITERATIONS", SPPMCounterIterations),
	unsigned("SPPM_COUNTER_EMITTED", SPPMCounterEmitted),
	unsigned("SPPM_COUNTER_GRID_FULL", SPPMCounterGridFull),
	unsigned("SPPM_COUNTER_GRID_CELL", SPPMCounterGridCell),
	unsigned("SPPM_COUNTER_GRID_R2", SPPMCounterGridR2),
	unsigned("SPPM_COUNTER_GRID_POOL", SPPMCounterGridPool),
	unsigned("SPPM_COUNTER_GRID_HIST", SPPMCounterGridHist),
	unsigned("GRID_HIST_BINS", GridHistBins),
	unsigned("GRID_BINS_PER_OCTAVE", GridBinsPerOctave),
	unsigned("ACCUMULATOR_WORDS", AccumulatorWords),
	integer("BVH_STACK", BVHStack),
	unsigned("DEPOSIT_SORT_BINS", DepositSortBins),
	unsigned("HIT_RECORD_FIELDS", HitRecordFields),
	unsigned("POINTS_HIT_FIELDS", PointsHitFields),
	unsigned("POINTS_SORTED_WORDS", PointsSortedWords),
	unsigned("POINTS_SCAN_BLOCK", PointsScanBlock),
	integer("GRID_SPAN_MAX", GridSpanMax),
	integer("STREAMLINE_COUNTER_WORDS", StreamlineCounterWords),
	unsigned("STREAMLINE_COUNTER_STEPS", StreamlineCounterSteps),
	unsigned("STREAMLINE_COUNTER_STALLED", StreamlineCounterStalled),
	unsigned("STREAMLINE_COUNTER_LEFT", StreamlineCounterLeft),
	unsigned("STREAMLINE_COUNTER_MAX_STEPS", StreamlineCounterMaxSteps),
	unsigned("STREAMLINE_COUNTER_LINES", StreamlineCounterLines),
	unsigned("STREAMLINE_STATE_WORDS", StreamlineStateWords),
	integer("RMSE_GROUP_SIZE", RMSEGroupSize),
	unsigned("RMSE_PER_INVOCATION", RMSEPerInvocation),
	unsigned("COLORMAP_ENTRIES", ColormapEntries),
	float("REL_EPSILON", RelEpsilon),
	integer("BATTERY_GROUP_SIZE", BatteryGroupSize),
	unsigned("PAIR_BITS", PairBits),
	unsigned("TRIPLE_BITS", TripleBits),
	unsigned("GAP_MAX", GapMax),
	unsigned("GAP_HIT_BITS", GapHitBits),
	unsigned("RUNS_MAX", RunsMax),
	integer("RANK_ROWS", RankRows),
	integer("BIRTHDAY_GROUP", BirthdayGroup),
	unsigned("BIRTHDAY_DAY_BITS", BirthdayDayBits),
	unsigned("BIRTHDAY_MAX", BirthdayMax),
	unsigned("COLLISION_CELL_BITS", CollisionCellBits),
	unsigned("COLLISION_MAX", CollisionMax),
	integer("HAMMING_CLASSES", HammingClasses),
	integer("RANK64_ROWS", Rank64Rows),
	unsigned("SERIAL_BITS", SerialBits),
	unsigned("SERIAL_TUPLES", SerialTuples),

	integer("KIND_DIFFUSE", KindDiffuse),
	integer("KIND_MIRROR", KindMirror),
	integer("KIND_GLASS", KindGlass),
	integer("KIND_LIGHT", KindLight),
	integer("PRIM_SPHERE", PrimSphere),
	integer("PRIM_QUAD", PrimQuad),
	integer("PRIM_TRIANGLE", PrimTriangle),
	unsigned("STOP_STALLED", StopStalled),
	unsigned("STOP_LEFT", StopLeft),
	unsigned("STOP_MAX_STEPS", StopMaxSteps),
}

// integer is a GLSL int: what binding and local_size layouts and array sizes take.
func integer(name string, v int) constant { return constant{name, strconv.Itoa(v)} }

// unsigned is a GLSL uint, for indices and counts compared with uints.
func unsigned(name string, v int) constant { return constant{name, strconv.Itoa(v) + "u"} }

// float is a GLSL float literal of v's shortest decimal form.
func float(name string, v float64) constant {
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return constant{name, s}
}

// constantNames are the table's names, for refusing a caller's define of one.
var constantNames = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range constants {
		m[c.name] = true
	}
	return m
}()
