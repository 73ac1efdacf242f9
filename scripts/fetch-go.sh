#!/bin/sh
# Fetches a Go toolchain through the Go module proxy into DEST:
#   scripts/fetch-go.sh golang.org/toolchain@v0.0.1-go1.22.12.linux-amd64 DEST
#
# The fetch is made by whatever Go this machine has (Debian 12's own is 1.19;
# with none, Debian's golang-go is installed first). It runs in an empty
# temporary directory, outside the module and with GOFLAGS of its own, so the
# old Go reads nothing of the project (issue #26: Go 1.19 once stopped on a
# three-part go line; go.mod now keeps two parts, and with any go line the
# module would ask Go 1.19 for what it cannot give). The toolchain is
# copied beside DEST and renamed into place, so an interrupted run never
# leaves a half toolchain that a later make would pick up.
set -eu
toolchain=$1
dest=$(realpath -m "$2")
cache=$(dirname "$dest")/gomod

sudo_or_say() { # prints the command prefix that makes $@ run as root, or fails saying what to do
  if [ "$(id -u)" = 0 ]; then echo; elif command -v sudo >/dev/null; then echo sudo; else
    echo "please install Go 1.22 or newer (https://go.dev/doc/install) or, as root: $*" >&2; return 1; fi
}

boot=$(command -v go || echo /usr/lib/go/bin/go)
if [ ! -x "$boot" ]; then
  sudo=$(sudo_or_say apt-get install golang-go)
  echo "no Go at all: installing Debian's golang-go to fetch one with"
  { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends golang-go >/dev/null; } || exit 1
  boot=/usr/lib/go/bin/go
fi

echo "fetching $toolchain with $boot ($("$boot" version | cut -d' ' -f3); Debian 12's own is go1.19)"

work=$(mktemp -d)
trap 'rm -rf "$work" "$dest.partial"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# GO111MODULE, GOFLAGS, GOTOOLCHAIN and GOENV set here: nothing in the user's
# environment or go env file (a -mod=vendor, GO111MODULE=off) can turn the
# download into something else.
if ! json=$(cd "$work" && GO111MODULE=on GOFLAGS=-modcacherw GOTOOLCHAIN=local GOENV=off GOMODCACHE="$cache" \
    "$boot" mod download -json "$toolchain" 2>&1); then
  why=$(echo "$json" | sed -n 's/^[[:space:]]*"Error": "\(.*\)",*$/\1/p' | sed 's/\\"/"/g')
  echo "fetching the Go toolchain failed: ${why:-$json}" >&2
  echo "check the network, the proxy (GOPROXY=$(cd "$work" && GOENV=off "$boot" env GOPROXY), HTTPS_PROXY) and CA certificates, or install Go 1.22 or newer yourself: https://go.dev/doc/install" >&2
  exit 1
fi
dir=$(echo "$json" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",*$/\1/p')
rm -rf "$dest.partial"
cp -r "$dir" "$dest.partial"
chmod -R u+w "$dest.partial"
chmod +x "$dest.partial"/bin/* "$dest.partial"/pkg/tool/*/*
rm -rf "$dest"
mv "$dest.partial" "$dest"
echo "fetched $("$dest/bin/go" version | cut -d' ' -f3) into $dest"
