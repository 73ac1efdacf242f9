# Speckle: `make run` and `make test` install what is missing, then build and run.
SHELL := /bin/bash
export CGO_ENABLED := 1
export GOTOOLCHAIN := local
# imgui-go's unity build warns once, harmlessly, about a memset in
# imgui_draw.cpp ([-Wstringop-overflow=], a size GCC cannot bound). Only that
# warning class is turned off, for all C++ in the build (imgui-go and
# internal/cref); other warnings and every error still print. The default
# -g -O2 is kept, and a CGO_CXXFLAGS of your own wins.
export CGO_CXXFLAGS ?= -g -O2 -Wno-stringop-overflow

# The repository's root, also when make runs with -C elsewhere.
ROOT := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))

# Go 1.22 or newer: the first of GO_CANDIDATES that is one, else the one
# `make deps` fetched into .cache/go (Debian 12's own Go is 1.19: it fetches a
# Go 1.22 toolchain from the Go module proxy, see scripts/fetch-go.sh).
# Evaluated on each use, so that it finds what deps just installed. CI's
# bootstrap check (scripts/check-bootstrap.sh) empties GO_CANDIDATES to take
# the path a fresh Debian 12 takes.
GO_CANDIDATES ?= $(shell command -v go) /usr/local/go/bin/go
GO_MIN_RE := go1\.(2[2-9]|[3-9][0-9])
GO = $(shell for g in $(GO_CANDIDATES) $(CURDIR)/.cache/go/bin/go; do \
	[ -x "$$g" ] && "$$g" version 2>/dev/null | grep -qE '$(GO_MIN_RE)' && { echo "$$g"; break; }; done)
GO_TOOLCHAIN := golang.org/toolchain@v0.0.1-go1.22.12.linux-$(shell dpkg --print-architecture 2>/dev/null || echo amd64)

# Debian 12 packages: cgo, the GL/EGL/X11 headers and Mesa's software renderer;
# dieharder, which the tests compare rng test's p-values with; glslang-tools,
# which compiles the kernels' subgroup variants that llvmpipe cannot run.
DEBS := gcc g++ libc6-dev pkg-config ca-certificates libx11-dev libxrandr-dev \
	libxinerama-dev libxcursor-dev libxi-dev libxxf86vm-dev libgl-dev libegl-dev \
	libgl1-mesa-dri libglx-mesa0 libegl-mesa0 xvfb xauth dieharder glslang-tools

# The GPU tests run on Mesa's llvmpipe when there is no GPU. The UI's window
# tests need a display: without one the suite runs under xvfb-run, and
# SPECKLE_REQUIRE_DISPLAY=1 makes them fail rather than skip; likewise
# SPECKLE_REQUIRE_DIEHARDER=1 for the tests that run dieharder, and
# SPECKLE_REQUIRE_GLSLANG=1 for the one that runs glslangValidator.
TEST_ENV := MESA_SHADER_CACHE_DISABLE=true LP_NUM_THREADS=$$(nproc) SPECKLE_REQUIRE_DISPLAY=1 SPECKLE_REQUIRE_DIEHARDER=1 SPECKLE_REQUIRE_GLSLANG=1
XVFB := $(if $(DISPLAY)$(WAYLAND_DISPLAY),,xvfb-run -a -s '-screen 0 1920x1080x24')

# After the tests, each fuzz target runs for FUZZTIME (FUZZTIME=0 skips):
# the plain tests have already run their seed corpora. A failing input is
# saved under the package's testdata/fuzz/ and reproduces in plain go test.
# The first run builds every package again with fuzzing instrumentation
# (minutes, once; cached after). scripts/fuzz.sh retries the Go fuzz
# coordinator's known bare-deadline race, never a real failure.
FUZZTIME ?= 3s
FUZZ := ./scenes:FuzzParse ./scenes/flow:FuzzParseHeights ./rng:FuzzParseSpec \
	./app:FuzzLoadSettings ./cli:FuzzFlagValues ./imageio:FuzzReadPFM

# The revision --version shows where Go stamps none (GOFLAGS=-buildvcs=false, a git
# worktree): the commit, marked -modified when the tree differs from it.
# Empty outside a git checkout (a tarball): then --version says the revision is unknown.
REVISION = $(shell r=$$(git -C $(ROOT) rev-parse HEAD 2>/dev/null) && { git -C $(ROOT) diff --quiet HEAD 2>/dev/null || r=$$r-modified; echo $$r; } || echo nogit)

.PHONY: run test fuzz deps debs go-toolchain build bench validate clean

run: build
	./bin/speckle

build: deps
	@echo "building bin/speckle with $$($(GO) version | cut -d' ' -f3) (a first build compiles Dear ImGui's C++: 2-5 minutes on 2 cores; later ones seconds)"
	$(GO) build -buildvcs=auto -ldflags "-X speckle/cli.makeRevision=$(REVISION)" -o bin/speckle .

test: deps
	@unformatted=$$($(dir $(GO))gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(TEST_ENV) $(XVFB) $(GO) test -count=1 -timeout 30m ./...
	@$(MAKE) --no-print-directory fuzz

fuzz:
	@if [ "$(FUZZTIME)" != 0 ]; then $(TEST_ENV) FUZZTIME=$(FUZZTIME) sh scripts/fuzz.sh $(GO) $(FUZZ); fi

bench: build
	./bin/speckle rng bench

# Speckle's references against Blender's Cycles, an independent path tracer
# (speckle validate: plane, cornell and caustics at 320x180, 4 x 1,024 spp,
# region means with tolerances). Not part of make test: it takes many minutes
# on 2 cores. Installs Debian's blender if missing; VALIDATE_FLAGS adds flags
# (e.g. VALIDATE_FLAGS='--scenes cornell --keep /tmp/cycles').
validate: build
	@if ! command -v blender >/dev/null; then \
	  echo "installing Debian's blender"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; elif command -v sudo >/dev/null; then SUDO=sudo; \
	  else echo "please install (as root): apt-get install blender"; exit 1; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq blender >/dev/null || exit 1; \
	fi
	./bin/speckle validate $(VALIDATE_FLAGS)

deps: debs go-toolchain
	$(GO) mod download

debs:
	@missing=$$(for p in $(DEBS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:" $$missing; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; elif command -v sudo >/dev/null; then SUDO=sudo; \
	  else echo "please install (as root): apt-get install" $$missing; exit 1; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null || exit 1; \
	fi

# Separate from deps: make expands a recipe whole before running it, and GO
# must be looked up again once this has run.
go-toolchain:
	@if [ -z "$(GO)" ]; then \
	  echo "no Go 1.22 or newer here: fetching $(GO_TOOLCHAIN) from the Go module proxy"; \
	  sh $(ROOT)/scripts/fetch-go.sh $(GO_TOOLCHAIN) $(CURDIR)/.cache/go; \
	fi

clean:
	rm -rf bin
