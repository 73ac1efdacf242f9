package scenes

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// duplicateKey finds a key given twice in one object of the JSON data (which
// json.Unmarshal has taken): encoding/json keeps the last silently, so a scene
// with "fov": 40, "fov": 50 rendered at 50 with no word. It returns the key
// and the byte offset just past its second use.
func duplicateKey(data []byte) (key string, offset int64, found bool) {
	type frame struct {
		keys  map[string]bool // nil in an array
		isKey bool            // the next token is a key
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err != nil { // the end, or what Unmarshal reported already
			return "", 0, false
		}
		if tok == json.Delim('}') || tok == json.Delim(']') {
			stack = stack[:len(stack)-1]
			continue
		}
		if n := len(stack); n > 0 && stack[n-1].keys != nil {
			top := stack[n-1]
			if top.isKey {
				k, _ := tok.(string)
				if top.keys[k] {
					return k, dec.InputOffset(), true
				}
				top.keys[k], top.isKey = true, false
				continue
			}
			top.isKey = true // this value ends the pair
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{keys: map[string]bool{}, isKey: true})
		case json.Delim('['):
			stack = append(stack, &frame{})
		}
	}
}

// duplicateKeyError is the refusal of a key given twice, on the line of its second use.
func duplicateKeyError(file string, data []byte) error {
	k, off, found := duplicateKey(data)
	if !found {
		return nil
	}
	line := 1 + bytes.Count(data[:min(max(off, 0), int64(len(data)))], []byte("\n"))
	return &Error{File: file, Line: line, Msg: fmt.Sprintf("key %q is given twice in one object (which one is meant?)", k)}
}
