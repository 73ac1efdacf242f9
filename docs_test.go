package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The README and docs/ stand alone: every relative link points to a file of
// the repository, and nothing points into the developers' shared/ folder,
// which a user of the repository does not have.
func TestDocsLinkOnlyToTheRepository(t *testing.T) {
	pages, _ := filepath.Glob("docs/*.md")
	pages = append(pages, "README.md", "scenes/README.md", "assets/README.md")
	link := regexp.MustCompile(`\]\(([^)#\s]+)(#[^)]*)?\)`)
	for _, page := range pages {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(text), "shared/") {
			t.Errorf("%s mentions shared/, which users of the repository do not have", page)
		}
		for _, m := range link.FindAllStringSubmatch(string(text), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(page), target)); err != nil {
				t.Errorf("%s links to %s, which is not in the repository", page, target)
			}
		}
	}
}
