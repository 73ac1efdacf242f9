package main

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// docPages are the Markdown pages a reader of the repository is sent to.
func docPages(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob("docs/*.md")
	if err != nil || len(pages) == 0 {
		t.Fatalf("no docs/*.md pages (%v)", err)
	}
	return append(pages, "README.md", "scenes/README.md", "assets/README.md", "screenshots/README.md")
}

// mdLink is a Markdown link or image: the target path (empty for a link
// within the page) and its #anchor.
var mdLink = regexp.MustCompile(`\]\(([^)#\s]*)(#[^)\s]*)?\)`)

// The README and docs/ stand alone: every relative link points to a file of
// the repository, every #anchor to a heading of the page it names, and
// nothing points into the developers' shared/ folder, which a user of the
// repository does not have.
func TestDocsLinkOnlyToTheRepository(t *testing.T) {
	anchors := map[string]map[string]bool{}
	for _, page := range docPages(t) {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(text), "shared/") {
			t.Errorf("%s mentions shared/, which users of the repository do not have", page)
		}
		for _, m := range mdLink.FindAllStringSubmatch(string(text), -1) {
			target, anchor := m[1], strings.TrimPrefix(m[2], "#")
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file := page
			if target != "" {
				file = filepath.Join(filepath.Dir(page), target)
			}
			if _, err := os.Stat(file); err != nil {
				t.Errorf("%s links to %s, which is not in the repository", page, target)
				continue
			}
			if anchor == "" {
				continue
			}
			if anchors[file] == nil {
				anchors[file] = headingAnchors(t, file)
			}
			if !anchors[file][anchor] {
				t.Errorf("%s links to %s#%s, but %s has no heading with that anchor", page, target, anchor, file)
			}
		}
	}
}

// Every docs page can be reached from the README and leads back to it,
// and the README stays short enough to read in ten minutes.
func TestReadmeLinksEveryDocsPageAndStaysShort(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	linked := map[string]bool{}
	for _, m := range mdLink.FindAllStringSubmatch(string(readme), -1) {
		linked[filepath.Clean(m[1])] = true
	}
	pages, _ := filepath.Glob("docs/*.md")
	for _, page := range pages {
		if !linked[page] {
			t.Errorf("README.md does not link %s", page)
		}
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		// The first paragraph after the title says what the page holds
		// and leads back.
		paragraphs := strings.SplitN(string(text), "\n\n", 3)
		if len(paragraphs) < 2 || !strings.Contains(paragraphs[1], "](../README.md") {
			t.Errorf("%s: its first paragraph does not link back to the README", page)
		}
	}
	if n := bytes.Count(readme, []byte("\n")); n > 300 {
		t.Errorf("README.md has %d lines; at most 300, the rest belongs in docs/", n)
	}
}

// The anchors GitHub gives a page's headings.
func headingAnchors(t *testing.T, file string) map[string]bool {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]bool{}
	seen := map[string]int{}
	fenced := false
	s := bufio.NewScanner(f)
	for s.Scan() {
		line := s.Text()
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		text := strings.TrimLeft(line, "#")
		if !strings.HasPrefix(text, " ") {
			continue
		}
		slug := gitHubSlug(text)
		if n := seen[slug]; n > 0 {
			out[slug+"-"+strconv.Itoa(n)] = true
		} else {
			out[slug] = true
		}
		seen[slug]++
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// gitHubSlug is GitHub's anchor for a heading: its text without Markdown
// link targets and code marks, lower case, punctuation and symbols dropped
// (but hyphens and underscores), each space a hyphen.
func gitHubSlug(heading string) string {
	heading = regexp.MustCompile(`\]\([^)]*\)`).ReplaceAllString(strings.TrimSpace(heading), "]")
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_':
			b.WriteRune(r)
		case unicode.IsPunct(r) || unicode.IsSymbol(r):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestGitHubSlug(t *testing.T) {
	for heading, want := range map[string]string{
		" Testing the generators: `speckle rng test`":                    "testing-the-generators-speckle-rng-test",
		" `rand48` — after the CUDA `Rand48` of Arnold and Barros":       "rand48--after-the-cuda-rand48-of-arnold-and-barros",
		" The lab's explanations: from an artifact to its cause":         "the-labs-explanations-from-an-artifact-to-its-cause",
		" Exact at any length, on any conformant GL":                     "exact-at-any-length-on-any-conformant-gl",
		" Worked example: an option for a generator, end to end":         "worked-example-an-option-for-a-generator-end-to-end",
		" See [the sources](docs/sources.md) and_more":                   "see-the-sources-and_more",
		" `pcg32` (baseline, O'Neill)":                                   "pcg32-baseline-oneill",
		" Checked against an independent renderer: `make validate`":      "checked-against-an-independent-renderer-make-validate",
		" CUDA figures on the same H200, for comparison":                 "cuda-figures-on-the-same-h200-for-comparison",
		" Running Speckle on a GPU, and OpenGL pitfalls":                 "running-speckle-on-a-gpu-and-opengl-pitfalls",
		" Pitfalls (each met in this project)":                           "pitfalls-each-met-in-this-project",
		" The renderer order: the numbers exactly as the renderer draws": "the-renderer-order-the-numbers-exactly-as-the-renderer-draws",
	} {
		if got := gitHubSlug(heading); got != want {
			t.Errorf("gitHubSlug(%q) = %q, want %q", heading, got, want)
		}
	}
}
