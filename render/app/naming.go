package app

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// ScreenshotDir is where the S key and the screenshot button write.
const ScreenshotDir = "screenshots/app"

// ShortCount writes a photon count in three significant digits: 1.23e7.
func ShortCount(n int64) string {
	if n < 1000 {
		return strconv.FormatInt(n, 10)
	}
	s := strconv.FormatFloat(float64(n), 'e', 2, 64) // 1.23e+07
	mant, exp, _ := strings.Cut(s, "e")
	mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
	e, _ := strconv.Atoi(exp)
	return fmt.Sprintf("%se%d", mant, e)
}

// fileSafe keeps letters, digits, '.', '-' and '+'; anything else becomes '-'.
func fileSafe(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == '+':
			return r
		}
		return '-'
	}, s)
}

// ShotStem is the common start of one screenshot's files: scene and time
// (to the millisecond, so two shots in a second do not overwrite).
func ShotStem(scene string, t time.Time) string {
	return fmt.Sprintf("%s_%s", fileSafe(filepath.Base(strings.TrimSuffix(scene, ".json"))), t.Format("20060102-150405.000"))
}

// WindowShotName is the whole window's file.
func WindowShotName(stem string, panes int) string {
	return fmt.Sprintf("%s_window-%dpanes.png", stem, panes)
}

// PaneShotName is one pane's file: its number, generator, options, view and
// work so far (count of unit: photons, streamlines).
func PaneShotName(stem string, i int, p PaneSettings, count int64, unit string) string {
	parts := []string{stem, fmt.Sprintf("pane%d", i+1), fileSafe(p.Generator)}
	for _, kv := range strings.Split(OptionString(p.Options), ":") {
		if kv != "" {
			parts = append(parts, fileSafe(kv))
		}
	}
	if p.View != ViewImage {
		parts = append(parts, string(p.View))
	}
	parts = append(parts, ShortCount(count)+unit)
	return strings.Join(parts, "_") + ".png"
}
