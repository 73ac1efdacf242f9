package study

import "speckle/rng"

// DrawnOnce refuses two generators that draw the same numbers once the
// command's seed applies (philox and philox:seed=1 under --seed 1): the
// same picture twice. ParseSpecs has already refused two spellings of one
// spec; this needs the command's seed.
func DrawnOnce(flag string, specs []rng.Spec, seed uint32) error {
	seen := map[string]rng.Spec{}
	for _, sp := range specs {
		key := sp.Drawn(seed)
		if first, ok := seen[key]; ok {
			return Inputf("%s %s and %s draw the same numbers (%s, seed %d): give one another seed", flag, first, sp, sp.Gen.Name, sp.Config(1, seed).Seed)
		}
		seen[key] = sp
	}
	return nil
}
