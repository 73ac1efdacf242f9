package scenes

import (
	"os"
	"strings"
	"testing"
)

// A key given twice in one object of a scene file is refused on the line of its
// second use (issue 34, hostile cases): encoding/json kept the last, so
// "fov": 40, "fov": 50 rendered at 50 with no word. The same key in different
// objects, and keys in arrays of objects, are fine.
func TestSceneKeyGivenTwice(t *testing.T) {
	data, err := os.ReadFile("cornell.json")
	if err != nil {
		t.Fatal(err)
	}
	cornell := string(data)
	if _, err := Parse("cornell.json", data); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ edit, want string }{
		{strings.Replace(cornell, `"fov": 40`, `"fov": 40, "fov": 50`, 1), `d.json: line 3: key "fov" is given twice in one object`},
		{strings.Replace(cornell, `"exposure": 1,`, `"exposure": 1, "exposure": 1,`, 1), `line 4: key "exposure" is given twice`},
		{strings.Replace(cornell, `"name": "cornell",`, `"name": "cornell", "name": "cornell",`, 1), `key "name" is given twice`},
		{strings.Replace(cornell, `"red": {"type": "diffuse",`, `"red": {"type": "diffuse", "type": "mirror",`, 1), `key "type" is given twice`},
	} {
		if _, err := Parse("d.json", []byte(c.edit)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want %q", err, c.want)
		}
	}
	for _, ok := range []string{`{"a": {"k": 1}, "b": {"k": 1}}`, `{"a": [{"k": 1}, {"k": 2}]}`, `{"a": [[1], {"k": {"k": 1}}]}`} {
		if k, _, found := duplicateKey([]byte(ok)); found {
			t.Errorf("%s: %q taken for a key given twice", ok, k)
		}
	}
	for _, bad := range []string{`{"a": 1, "a": 2}`, `{"x": [{"k": 1, "k": 2}]}`, `[{"a": {}}, {"b": [], "b": 3}]`} {
		if _, _, found := duplicateKey([]byte(bad)); !found {
			t.Errorf("%s: no key given twice found", bad)
		}
	}
}
