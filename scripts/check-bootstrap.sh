#!/bin/sh
# CI's check of the path a fresh Debian 12 takes (issue #26): Debian's own Go
# 1.19 (package golang-1.19-go) as the only Go, in a temporary copy of this
# checkout, through `make build`: the toolchain fetch, the module download and
# a full build with the fetched Go, and go vet of every package and test with
# it. It fails if a change to go.mod, the
# Makefile or the toolchain's version breaks a machine whose only Go is 1.19
# (a go line Go 1.19 cannot parse read during the fetch, a dependency that
# needs a newer Go than the one fetched, ...). The machine's other Go, on PATH
# or in /usr/local/go, is hidden from make by PATH and GO_CANDIDATES.
#   scripts/check-bootstrap.sh        (as root, or with sudo, once, for the package)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
go119=/usr/lib/go-1.19/bin
if [ ! -x $go119/go ]; then
  if [ "$(id -u)" = 0 ]; then sudo=; else sudo=sudo; fi
  echo "check-bootstrap: installing Debian's golang-1.19-go"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends golang-1.19-go >/dev/null
fi

work=$(mktemp -d)
gohome=$(mktemp -d) # Go's own state, outside the copy: go vet ./... would walk a cache inside it
trap 'rm -rf "$work" "$gohome"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP
# The checkout as it is (tracked files and new ones not ignored), without
# .cache or bin: what a fresh clone of this commit holds.
(cd "$root" && git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$work")

path=$go119:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin
# What a fresh machine has of Go's own state: no go env file (GOENV=off) and an
# empty module cache (issue #34, item 21: the check inherited ~/.config/go/env and
# the shared cache). -modcacherw lets the trap remove the cache.
fresh="GOENV=off GOPATH=$gohome/gopath GOMODCACHE=$gohome/gomod GOFLAGS=-modcacherw"
if PATH=$path command -v go | grep -qv "^$go119/"; then
  echo "check-bootstrap: another go is first on PATH: $(PATH=$path command -v go)" >&2
  exit 1
fi
# Go 1.19 must parse go.mod itself too (a two-part go line): a user who
# runs go in the checkout with Debian's Go gets an "upgrade your Go" message
# from go, not "invalid go version".
if ! (cd "$work" && env -u GOROOT -u GOTOOLCHAIN -u GOFLAGS PATH=$path GOFLAGS=-mod=mod go mod edit -json >/dev/null); then
  echo "check-bootstrap: Debian's Go 1.19 cannot parse go.mod (a three-part go line?)" >&2
  exit 1
fi
start=$(date +%s)
env -u GOROOT -u GOTOOLCHAIN -u GOFLAGS PATH=$path $fresh \
  make --no-print-directory -C "$work" GO_CANDIDATES= build
fetched=$("$work/.cache/go/bin/go" version | cut -d' ' -f3)
built=$("$work/.cache/go/bin/go" version "$work/bin/speckle" | cut -d' ' -f2)
if [ "$built" != "$fetched" ]; then
  echo "check-bootstrap: bin/speckle was built by $built, not by the fetched $fetched" >&2
  exit 1
fi
"$work/bin/speckle" --version
# make test on such a machine runs the suite with the fetched Go: vet type-checks
# every package and test with it, so an API newer than it fails here too.
(cd "$work" && env -u GOROOT -u GOTOOLCHAIN -u GOFLAGS PATH=$path $fresh GOTOOLCHAIN=local CGO_ENABLED=1 \
  CGO_CXXFLAGS='-g -O2 -Wno-stringop-overflow' .cache/go/bin/go vet ./...)
echo "check-bootstrap: Debian's Go 1.19 fetched $fetched and built speckle in $(($(date +%s) - start)) s"
