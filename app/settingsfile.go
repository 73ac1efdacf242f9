package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"speckle/internal/suggest"
)

// What a settings file holds that Speckle did not write: a key it does not know is named
// (LoadSettings), and a file beside it is Speckle's only as Save writes it (SaveKeeping).

// unknownKey rewords encoding/json's "json: unknown field \"exposre\"" as a key of the
// settings file, with the known key it is closest to.
func unknownKey(err error) error {
	name, ok := strings.CutPrefix(err.Error(), "json: unknown field ")
	if !ok {
		return err
	}
	key, _ := strconv.Unquote(name)
	known := settingsKeys()
	if h := suggest.Hint(key, known); h != "" {
		return fmt.Errorf("unknown key %s (%s): Speckle keeps no key it does not know, so it does not save over this file", name, h)
	}
	return fmt.Errorf("unknown key %s: Speckle keeps no key it does not know, so it does not save over this file", name)
}

// settingsKeys are the JSON keys of the settings and their nested objects.
func settingsKeys() []string {
	var keys []string
	for _, t := range []reflect.Type{reflect.TypeOf(Settings{}), reflect.TypeOf(LineSettings{}), reflect.TypeOf(PaneSettings{}), reflect.TypeOf(LabSettings{})} {
		for i := range t.NumField() {
			if k, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ","); k != "" && k != "-" {
				keys = append(keys, k)
			}
		}
	}
	return keys
}

// IsOwnSettings says whether data is a settings file exactly as Save writes one: a file
// Speckle wrote (a hand-edited or foreign file is not, byte for byte, the form Save gives
// what it holds).
func IsOwnSettings(data []byte) bool {
	s := Defaults()
	if json.Unmarshal(data, &s) != nil || s.Check() != nil {
		return false
	}
	out, err := json.MarshalIndent(s, "", "  ")
	return err == nil && bytes.Equal(append(out, '\n'), data)
}
