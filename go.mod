module speckle

// A two-part go line, which Debian 12's Go 1.19 can parse (it cannot
// parse "go 1.22.0"). It holds only while every dependency declares at
// most go 1.22: gonum.org/v1/plot v0.15.2 and golang.org/x/exp after
// 2024-08 declare go 1.22.0, so plot stays at v0.14.0 and x/exp at
// gonum's own pin. The toolchain is fetched outside the module anyway
// (scripts/fetch-go.sh); CI's scripts/check-bootstrap.sh checks both.
go 1.22

require (
	github.com/go-gl/gl v0.0.0-20231021071112-07e5d0ea2e71
	github.com/go-gl/glfw/v3.3/glfw v0.0.0-20260823155953-d41da22a9587
	github.com/inkyblackness/imgui-go/v4 v4.7.0
	github.com/spf13/cobra v1.10.2
	github.com/spf13/pflag v1.0.9
	golang.org/x/image v0.24.0
	golang.org/x/term v0.27.0
	gonum.org/v1/gonum v0.15.1
	gonum.org/v1/plot v0.14.0
)

require (
	git.sr.ht/~sbinet/gg v0.6.0 // indirect
	github.com/ajstarks/svgo v0.0.0-20211024235047-1546f124cd8b // indirect
	github.com/campoy/embedmd v1.0.0 // indirect
	github.com/go-fonts/liberation v0.3.2 // indirect
	github.com/go-latex/latex v0.0.0-20231108140139-5c1ce85aa4ea // indirect
	github.com/go-pdf/fpdf v0.9.0 // indirect
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/pmezard/go-difflib v1.0.0 // indirect
	golang.org/x/exp v0.0.0-20231110203233-9a3e6036ecaa // indirect
	golang.org/x/sys v0.30.0 // indirect
	golang.org/x/text v0.22.0 // indirect
)
