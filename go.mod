module speckle

go 1.22

require (
	github.com/go-gl/gl v0.0.0-20231021071112-07e5d0ea2e71
	golang.org/x/image v0.24.0
)
