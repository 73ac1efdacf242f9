package cli

import (
	"encoding/json"
	"io"
	"math"
	"strconv"

	"github.com/spf13/pflag"
)

// jsonUsage is what --json means on every command that has it; the manual
// says the same, and TestJSONMeansOneThing holds every command to it.
const jsonUsage = "print the result as one JSON document on stdout instead of the text report (progress, warnings and notes stay on stderr)"

// jsonFlag defines --json with its one meaning.
func jsonFlag(fs *pflag.FlagSet, p *bool) { fs.BoolVar(p, "json", false, jsonUsage) }

// writeJSON writes v as one indented JSON document.
func writeJSON(w io.Writer, v any) error {
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(v)
}

// jsonNumber is a float that JSON holds as null where it is NaN or
// infinite (a measurement there is none of), which encoding/json refuses.
type jsonNumber float64

func (n jsonNumber) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(n)) || math.IsInf(float64(n), 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, float64(n), 'g', -1, 64), nil
}
