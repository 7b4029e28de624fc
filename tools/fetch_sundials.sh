#!/bin/sh
# Fetches the released source of SUNDIALS 6.4.1 that msolve builds and links statically
# (cmake/dependencies.cmake): Debian's source package of it (the upstream release tarball,
# repacked by Debian without the non-free files), from the Debian mirror this machine's apt
# already uses. Nothing is installed: apt works on a private list in build/deps/apt, and
# the tarball lands in build/deps/, where CMake checks its SHA-256 before using it.
set -eu
cd "$(dirname "$0")/.."
VERSION="6.4.1+dfsg1-3"
TARBALL="build/deps/sundials_6.4.1+dfsg1.orig.tar.xz"
if [ -f "$TARBALL" ]; then
  exit 0
fi
APT_DIR="$PWD/build/deps/apt"
mkdir -p "$APT_DIR/lists/partial" "$APT_DIR/cache/archives/partial"

# the machine's binary sources, turned into source sources (deb822 and one-line formats)
mkdir -p "$APT_DIR/sources.list.d"
: >"$APT_DIR/sources.list"
: >"$APT_DIR/sources.list.d/msolve.sources"
for f in /etc/apt/sources.list.d/*.sources; do
  [ -f "$f" ] && sed 's/^Types:.*$/Types: deb-src/' "$f" >>"$APT_DIR/sources.list.d/msolve.sources"
done
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
  [ -f "$f" ] && sed -n 's/^deb \(.*\)$/deb-src \1/p' "$f" >>"$APT_DIR/sources.list"
done
# as root, apt downloads as its own user, which cannot write into the build tree
SANDBOX=""
if [ "$(id -u)" = "0" ]; then SANDBOX="-oAPT::Sandbox::User=root"; fi

apt_private() {
  apt-get -qq -o Dir::Etc::SourceList="$APT_DIR/sources.list" \
    -o Dir::Etc::SourceParts="$APT_DIR/sources.list.d" \
    -o Dir::State::Lists="$APT_DIR/lists" -o Dir::Cache="$APT_DIR/cache" \
    $SANDBOX "$@"
}
echo "setup: fetching the source of SUNDIALS $VERSION (Debian source package)"
apt_private update
(cd build/deps && apt_private source --download-only "sundials=$VERSION" >/dev/null)
test -f "$TARBALL"
