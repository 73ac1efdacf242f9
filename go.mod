module speckle

// The go line has three parts because gonum.org/v1/plot v0.15.2 declares
// go 1.22.0: a two-part "go 1.22" is refused ("updates to go.mod needed",
// tried with Go 1.22.12 and 1.26.8). Debian 12's Go 1.19 cannot parse it,
// and never reads it: scripts/fetch-go.sh fetches the toolchain outside the
// module, and CI's scripts/check-bootstrap.sh fails if that ever changes.
go 1.22.0

require (
	github.com/go-gl/gl v0.0.0-20231021071112-07e5d0ea2e71
	github.com/go-gl/glfw/v3.3/glfw v0.0.0-20260823155953-d41da22a9587
	github.com/inkyblackness/imgui-go/v4 v4.7.0
	github.com/spf13/cobra v1.10.2
	github.com/spf13/pflag v1.0.9
	golang.org/x/image v0.24.0
	golang.org/x/term v0.27.0
	gonum.org/v1/gonum v0.15.1
	gonum.org/v1/plot v0.15.2
)

require (
	codeberg.org/go-fonts/liberation v0.4.1 // indirect
	codeberg.org/go-latex/latex v0.0.1 // indirect
	codeberg.org/go-pdf/fpdf v0.10.0 // indirect
	git.sr.ht/~sbinet/gg v0.6.0 // indirect
	github.com/ajstarks/svgo v0.0.0-20211024235047-1546f124cd8b // indirect
	github.com/campoy/embedmd v1.0.0 // indirect
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/pmezard/go-difflib v1.0.0 // indirect
	golang.org/x/exp v0.0.0-20241009180824-f66d83c29e7c // indirect
	golang.org/x/sys v0.30.0 // indirect
	golang.org/x/text v0.22.0 // indirect
)
