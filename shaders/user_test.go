package shaders

import (
	"strconv"
	"strings"
	"testing"

	"speckle/rng"
)

// A user's generator (glsl:FILE) is included where rng/user.glsl says
// <user>: the program's files name FILE, a driver message on its line 17
// maps back to FILE:17, and its text is part of the program's key.
func TestBuildGenUserFile(t *testing.T) {
	s, err := rng.ParseSpec("glsl:../rng/testdata/user_pcg.glsl")
	if err != nil {
		t.Fatal(err)
	}
	inst, err := s.New(1, 1)
	if err != nil {
		t.Fatal(err)
	}
	src, err := BuildGen("rng_dump.comp", s.Gen, inst.Defines())
	if err != nil {
		t.Fatal(err)
	}
	id := -1
	for i, f := range src.Files {
		if f == "../rng/testdata/user_pcg.glsl" {
			id = i
		}
	}
	if id < 0 || !src.UserCode() || !strings.Contains(src.Text, "uint rng_state[RNG_STATE_WORDS];") {
		t.Fatalf("files %v, user %q", src.Files, src.User)
	}
	if got := src.MapLog("0:" + strconv.Itoa(id*LineStride+17) + "(21): error: syntax error"); got != "../rng/testdata/user_pcg.glsl:17:21: error: syntax error" {
		t.Errorf("MapLog: %q", got)
	}
	other := *s.Gen
	other.UserSource += "\n// edited\n"
	src2, err := BuildGen("rng_dump.comp", &other, inst.Defines())
	if err != nil || src2.Key == src.Key {
		t.Errorf("an edited file keeps the program's key: %v", err)
	}
	builtin, err := BuildGen("rng_dump.comp", rng.PCG, nil)
	if err != nil || builtin.UserCode() || strings.Contains(builtin.Text, "rng_state[") {
		t.Errorf("a built-in generator's program: %v", err)
	}
}
