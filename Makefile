# Speckle: `make run` and `make test` install what is missing, then build and run.
SHELL := /bin/bash
GO ?= $(shell command -v go || echo /usr/local/go/bin/go)
export CGO_ENABLED := 1
export PATH := $(dir $(GO)):$(PATH)

# Debian 12 packages: cgo, the GL/EGL/X11 headers and Mesa's software renderer.
DEBS := gcc g++ libc6-dev pkg-config ca-certificates libx11-dev libxrandr-dev \
	libxinerama-dev libxcursor-dev libxi-dev libxxf86vm-dev libgl-dev libegl-dev \
	libgl1-mesa-dri libglx-mesa0 libegl-mesa0 xvfb xauth

# The GPU tests run on Mesa's llvmpipe when there is no GPU.
TEST_ENV := MESA_SHADER_CACHE_DISABLE=true LP_NUM_THREADS=$$(nproc)

.PHONY: run test deps build bench clean

run: build
	./bin/speckle

build: deps
	$(GO) build -o bin/speckle .

test: deps
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(TEST_ENV) $(GO) test -count=1 -timeout 30m ./...

bench: build
	./bin/speckle rng bench

deps:
	@missing=$$(for p in $(DEBS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages: $$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; elif command -v sudo >/dev/null; then SUDO=sudo; \
	  else echo "please install (as root): apt-get install $$missing"; exit 1; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null || exit 1; \
	fi
	@command -v $(GO) >/dev/null || { echo "Go 1.22 or newer is needed: see https://go.dev/doc/install"; exit 1; }
	$(GO) mod download

clean:
	rm -rf bin
