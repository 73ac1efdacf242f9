package imageio

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// fill makes files (name: content) in dir; a name ending in / is a folder, "->x" a link.
func fill(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range files {
		p := filepath.Join(dir, name)
		var err error
		switch {
		case strings.HasSuffix(name, "/"):
			err = os.Mkdir(p, 0o755)
		case strings.HasPrefix(content, "->"):
			err = os.Symlink(content[2:], p)
		default:
			err = os.WriteFile(p, []byte(content), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// Issue 21 item 1: a folder of the user's own PNGs is no earlier set (no manifest), so it
// is refused before the work and keeps every file.
func TestSetFolderOfUserFilesRefused(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "set")
	mine := map[string]string{}
	for _, n := range []string{"a.png", "b.png", "c.png", "d.png", "e.png", "f.png"} {
		mine[n] = "mine"
	}
	fill(t, dir, mine)
	_, err := NewBatch(dir, "capture")
	if err == nil || !strings.Contains(err.Error(), "no "+ManifestName) {
		t.Fatalf("error %v, want a refusal: no manifest", err)
	}
	if names := dirNames(t, dir); len(names) != 6 {
		t.Errorf("the folder now holds %v", names)
	}
	if names := dirNames(t, filepath.Dir(dir)); len(names) != 1 {
		t.Errorf("beside the folder: %v", names)
	}
}

// Issue 21 item 1: files and folders the user adds to the set's folder during the run are
// never deleted: the folder is put back as it was and the new set kept beside it.
func TestSetFolderGainingFilesDuringRunKept(t *testing.T) {
	for _, existed := range []bool{true, false} {
		parent := t.TempDir()
		dir := filepath.Join(parent, "set")
		if existed {
			if err := writeSet(t, dir, "a.png"); err != nil {
				t.Fatal(err)
			}
		}
		b, err := NewBatch(dir, "test")
		if err != nil {
			t.Fatal(err)
		}
		p, _ := b.Path("new.png")
		if err := WriteFileAtomic(p, writeString("new")); err != nil {
			t.Fatal(err)
		}
		fill(t, dir, map[string]string{"mine.png": "mine", "sub/": ""}) // during the run
		err = b.Commit()
		b.Discard()
		if err == nil || !strings.Contains(err.Error(), "during the run") || !strings.Contains(err.Error(), "set.new") {
			t.Fatalf("existed %v: error %v, want the folder kept and the new set beside it", existed, err)
		}
		want := "mine.png,sub"
		if existed {
			want = ManifestName + ",a.png,mine.png,sub"
		}
		if got := strings.Join(dirNames(t, dir), ","); got != want {
			t.Errorf("existed %v: the folder holds %s, want %s", existed, got, want)
		}
		news, _ := filepath.Glob(filepath.Join(parent, "set.new*", "new.png"))
		if all := dirNames(t, parent); len(news) != 1 || len(all) != 2 {
			t.Errorf("existed %v: beside the folder %v, want set and the new set", existed, all)
		}
	}
}

// Hostile set folders: each is refused before the work with one line and left as it was;
// the accepted ones are replaced, and only what the old set wrote is removed.
func TestSetFolderHostile(t *testing.T) {
	manifest := func(kind string, files ...string) string {
		return `{"speckle_set": "` + kind + `", "files": ["` + strings.Join(files, `", "`) + `"]}`
	}
	for _, c := range []struct {
		name  string
		files map[string]string
		want  string // "" accepted
	}{
		{"empty", map[string]string{}, ""},
		{"earlier set", map[string]string{ManifestName: manifest("test", "a.png"), "a.png": ""}, ""},
		{"manifest listing files now gone", map[string]string{ManifestName: manifest("test", "gone.png")}, ""},
		{"another kind", map[string]string{ManifestName: manifest("capture", "a.png"), "a.png": ""}, "speckle capture set, not a test one"},
		{"unlisted file", map[string]string{ManifestName: manifest("test", "a.png"), "a.png": "", "b.png": ""}, `holds "b.png", which the earlier set did not write`},
		{"listed folder", map[string]string{ManifestName: manifest("test", "a.png"), "a.png/": ""}, `holds "a.png", which`},
		{"listed link", map[string]string{ManifestName: manifest("test", "a.png"), "a.png": "->/etc/passwd"}, `holds "a.png", which`},
		{"manifest a link", map[string]string{ManifestName: "->elsewhere.json", "a.png": ""}, "no " + ManifestName},
		{"manifest a folder", map[string]string{ManifestName + "/": "", "a.png": ""}, "no " + ManifestName},
		{"manifest not JSON", map[string]string{ManifestName: "\x00\xff{", "a.png": ""}, "no " + ManifestName},
		{"manifest without a kind", map[string]string{ManifestName: `{"files": ["a.png"]}`, "a.png": ""}, "no " + ManifestName},
		{"manifest too large", map[string]string{ManifestName: strings.Repeat(" ", maxManifest+1) + manifest("test"), "a.png": ""}, "no " + ManifestName},
		{"escape in a name", map[string]string{"\x1b[2Jx": ""}, `"\x1b[2Jx"`},
		{"hidden file only", map[string]string{".mine": ""}, `".mine"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			parent := t.TempDir()
			dir := filepath.Join(parent, "set")
			fill(t, dir, c.files)
			before := strings.Join(dirNames(t, dir), ",")
			err := writeSet(t, dir, "new.png")
			if c.want != "" {
				if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") || strings.Contains(err.Error(), "\x1b") {
					t.Errorf("error %v, want one line saying %s", err, c.want)
				}
				if got := strings.Join(dirNames(t, dir), ","); got != before {
					t.Errorf("the folder holds %s, was %s", got, before)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(dirNames(t, dir), ","); got != ManifestName+",new.png" {
				t.Errorf("the folder holds %s", got)
			}
			if got := dirNames(t, parent); len(got) != 1 {
				t.Errorf("beside it: %v", got)
			}
		})
	}
}

// A manifest naming files outside its folder removes nothing there; a FIFO in the folder
// is refused without blocking; a file, a dangling link and a link to a set are judged as
// what they are.
func TestSetFolderManifestCannotReachOut(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "set")
	fill(t, parent, map[string]string{"victim.txt": "keep"})
	fill(t, dir, map[string]string{ManifestName: `{"speckle_set": "test", "files": ["../victim.txt", "/etc/hostname"]}`})
	if err := writeSet(t, dir, "new.png"); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(parent, "victim.txt")); err != nil || string(b) != "keep" {
		t.Errorf("victim.txt: %q %v", b, err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Skip(err)
	}
	if err := writeSet(t, dir, "x.png"); err == nil || !strings.Contains(err.Error(), `"fifo"`) {
		t.Errorf("a FIFO in the folder: %v", err)
	}
	for name, want := range map[string]string{"victim.txt": "not a directory", "dangling": "a link to nothing"} {
		if name == "dangling" {
			os.Symlink("nowhere", filepath.Join(parent, name))
		}
		if _, err := NewBatch(filepath.Join(parent, name), "test"); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %s", name, err, want)
		}
	}
}

// Issue 21 item 6: a mount point (an empty tmpfs) cannot be renamed, so it is refused
// before the work, as is a bind mount on the same file system.
func TestSetFolderMountPointRefused(t *testing.T) {
	parent := t.TempDir()
	for _, c := range [][]string{{"tmpfs", "-t", "tmpfs", "none"}, {"bind", "--bind", parent}} {
		dir := filepath.Join(parent, c[0])
		os.Mkdir(dir, 0o755)
		if out, err := exec.Command("mount", append(c[1:], dir)...).CombinedOutput(); err != nil {
			t.Skipf("cannot mount here: %v %s", err, out)
		}
		t.Cleanup(func() { exec.Command("umount", dir).Run() })
		_, err := NewBatch(dir, "test")
		if err == nil || !strings.Contains(err.Error(), "is a mount point") {
			t.Errorf("%s: error %v, want a mount point refused", c[0], err)
		}
	}
}

// Issue 21 item 5: names of up to NAME_MAX bytes (255 here) are written: the temporary
// names are shortened to fit, also where a cut would split a character.
func TestLongNamesFit(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{strings.Repeat("x", 251) + ".png", strings.Repeat("é", 127) + "x", strings.Repeat("y", 250)} {
		p := filepath.Join(dir, name)
		for range 2 { // created, then replaced
			if err := WriteFileAtomic(p, writeString("ok")); err != nil {
				t.Fatalf("%d bytes: %v", len(name), err)
			}
		}
	}
	set := filepath.Join(dir, strings.Repeat("s", 250))
	for range 2 { // created, then replaced (its old folder renamed aside)
		if err := writeSet(t, set, "a.png"); err != nil {
			t.Fatalf("a 250-byte set folder: %v", err)
		}
	}
	if names := dirNames(t, dir); len(names) != 4 {
		t.Errorf("the folder holds %d entries, want 4", len(names))
	}
	if err := CheckOutput(filepath.Join(dir, strings.Repeat("z", 256))); err == nil || !strings.Contains(err.Error(), "file name too long") {
		t.Errorf("a 256-byte name: %v, want refused up front", err)
	}
}
