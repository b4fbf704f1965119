# Shared by tools/reapcheck and tools/test: install what is missing, build.
# shellcheck shell=bash

REAPCHECK_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEFAULT_MAJOR=$(cat "$REAPCHECK_ROOT/tools/DEFAULT_LLVM_MAJOR")

say() { printf 'reapcheck: %s\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    say "need root to run: $*"; return 1; fi
}

APT_UPDATED=
apt_install() {
  [ $# -eq 0 ] && return 0
  say "installing: $*"
  if [ -z "$APT_UPDATED" ]; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null
    APT_UPDATED=1
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >/dev/null
}

# Where the Debian LLVM packages put each major: $REAPCHECK_LLVM_ROOT/llvm-N.
# A parameter only so that test/setup/llvm-detection.test can point the
# detection below at a fake tree.
REAPCHECK_LLVM_ROOT=${REAPCHECK_LLVM_ROOT:-/usr/lib}

# Prints the Debian packages (one a line) that building and running the check
# against LLVM major N still needs.  Each file is one the build itself uses,
# owned by that package: a file another package also ships is no proof (the
# clang-N package carries lib/cmake/clang/ClangConfig.cmake without a single
# static library of libclang-N-dev).
llvm_missing_packages() {
  local p="$REAPCHECK_LLVM_ROOT/llvm-$1" n=$1
  if [ ! -f "$p/lib/libclangTidy.a" ] || [ ! -f "$p/lib/libclangTidyMain.a" ] ||
    [ ! -f "$p/include/clang-tidy/ClangTidyCheck.h" ]; then
    echo "libclang-$n-dev"
  fi
  [ -f "$p/lib/cmake/llvm/LLVMConfig.cmake" ] || echo "llvm-$n-dev"
  # ClangConfig.cmake comes with clang-N, which also compiles the build.
  if [ ! -f "$p/lib/cmake/clang/ClangConfig.cmake" ] || [ ! -x "$p/bin/clang++" ]; then
    echo "clang-$n"
  fi
  # The clang-tidy that loads the plugin.
  [ -x "$p/bin/clang-tidy" ] || echo "clang-tidy-$n"
}

# Prints the packages only the test suite needs for major N: FileCheck and
# friends, and the stock clangd whose runtime libraries reapcheck-clangd links.
llvm_test_missing_packages() {
  local p="$REAPCHECK_LLVM_ROOT/llvm-$1" n=$1
  [ -x "$p/bin/FileCheck" ] || echo "llvm-$n-tools"
  [ -x "$p/bin/clangd" ] || echo "clangd-$n"
}

# True when major N can build the plugin and reapcheck-tidy as it is now.
llvm_buildable() {
  [ -z "$(llvm_missing_packages "$1")" ]
}

# What tools/reapcheck needs for major N.
ensure_llvm() {
  # shellcheck disable=SC2046
  apt_install $(llvm_missing_packages "$1")
}

# What tools/test needs for major N.
ensure_llvm_for_tests() {
  # shellcheck disable=SC2046
  apt_install $(llvm_missing_packages "$1") $(llvm_test_missing_packages "$1")
}

# What running the check needs besides LLVM (tools/reapcheck): the build
# tools and the C library headers the checked code includes.
ensure_base() {
  local missing=()
  command -v cmake >/dev/null || missing+=(cmake)
  command -v ninja >/dev/null || missing+=(ninja-build)
  command -v python3 >/dev/null || missing+=(python3)
  [ -f /usr/include/pty.h ] || missing+=(libc6-dev)
  # LLVMSupport's CMake package links zlib and zstd (ZLIB::ZLIB,
  # zstd::libzstd_shared) and finds them by their headers, but llvm-N-dev
  # does not depend on their -dev packages: without them configuring fails.
  [ -f /usr/include/zlib.h ] || missing+=(zlib1g-dev)
  [ -f /usr/include/zstd.h ] || missing+=(libzstd-dev)
  apt_install "${missing[@]}"
}

# What only the test suite needs, on top of ensure_base (tools/test).  One
# entry a line: a proof that it is installed (a file, or cmd:NAME for a
# command on PATH), then the Debian package, then who needs it.
TEST_PACKAGES=(
  "/usr/include/boost/process.hpp libboost1.81-dev"    # test/rules/apis, examples
  "/usr/include/ev.h libev-dev"                        # test/rules/apis/libev.c, test/facts/libev.test
  "/usr/include/event2/event.h libevent-dev"           # test/facts/dispatch.test
  "cmd:git git"                                        # pre-commit test, clean-checkout check
  "cmd:pre-commit pre-commit"                          # test/pre-commit/pre-commit.test
  "/usr/lib/python3/dist-packages/docutils/__init__.py python3-docutils" # test/docs
  "/usr/include/elfutils/libdwfl.h libdw-dev"          # runtime/: symbolised start sites
  "/usr/include/gtest/gtest.h libgtest-dev"            # test/runtime: the GoogleTest listener
  "cmd:pkg-config pkgconf"                             # test/models: the libraries' compile flags
  "/usr/lib/python3/dist-packages/yaml/__init__.py python3-yaml" # test/docs/models-table.test
  "/usr/include/glib-2.0/glib.h libglib2.0-dev"        # test/models: real headers
  "/usr/include/glibmm-2.4/glibmm.h libglibmm-2.4-dev" # test/models: real headers
  "/usr/include/Poco/Process.h libpoco-dev"            # test/models: real headers
  "/usr/include/apr-1.0/apr_thread_proc.h libapr1-dev" # test/models: real headers
  "/usr/include/uv.h libuv1-dev"                       # test/models: real headers
  "/usr/include/x86_64-linux-gnu/qt5/QtCore/QProcess qtbase5-dev" # test/models: real headers
  "cmd:bazel bazel-bootstrap"                          # test/bazel: the aspect, offline
)

ensure_test_packages() {
  local entry proof package missing=()
  for entry in "${TEST_PACKAGES[@]}"; do
    proof=${entry%% *}
    package=${entry#* }
    case $proof in
      cmd:*) command -v "${proof#cmd:}" >/dev/null || missing+=("$package") ;;
      *) [ -e "$proof" ] || missing+=("$package") ;;
    esac
  done
  apt_install "${missing[@]}"
}

# The majors tools/test runs without arguments: the default one and 22 (the
# version-guard test loads one major's plugin into another's clang-tidy),
# plus 14, 15 and 16 when they can really build.
default_majors() {
  local n majors=("$DEFAULT_MAJOR" 22)
  for n in 14 15 16; do
    if llvm_buildable "$n"; then majors+=("$n"); fi
  done
  echo "${majors[@]}"
}

build_dir_for() {
  if [ "$1" = "$DEFAULT_MAJOR" ]; then echo "$REAPCHECK_ROOT/build"; else echo "$REAPCHECK_ROOT/build-$1"; fi
}

lit_for() {
  if [ -f "/usr/lib/llvm-$1/build/utils/lit/lit.py" ]; then
    echo "python3 /usr/lib/llvm-$1/build/utils/lit/lit.py"
  elif command -v "lit-$1" >/dev/null; then
    echo "lit-$1"
  elif [ -f "/usr/lib/llvm-$DEFAULT_MAJOR/build/utils/lit/lit.py" ]; then
    echo "python3 /usr/lib/llvm-$DEFAULT_MAJOR/build/utils/lit/lit.py"
  else
    echo "lit"
  fi
}

# Configures and builds the plugin and tools for one major.  An existing
# build is configured again, with the settings it has: tools/reapcheck
# configures before tools/test installs the test-only packages (libdw-dev,
# clangd-N...), and ninja re-runs CMake only when a CMake file changed, so
# without this the parts those packages enable (reapcheck-run,
# reapcheck-clangd) would never be built.  CMake searches again for what it
# cached as NOTFOUND (runtime/: libdw) and the rest is looked at on every
# configure (clangd.cmake, docs.cmake); when nothing changed, nothing is
# rebuilt.
build_major() {
  local n=$1 dir settings=()
  dir=$(build_dir_for "$n")
  # The logs stay inside the (ignored) build directory.
  mkdir -p "$dir"
  if [ ! -f "$dir/build.ninja" ]; then
    settings=(-G Ninja -DCMAKE_BUILD_TYPE=Release -DREAPCHECK_LLVM_MAJOR="$n"
      -DCMAKE_CXX_COMPILER="/usr/lib/llvm-$n/bin/clang++")
  fi
  cmake -S "$REAPCHECK_ROOT" -B "$dir" "${settings[@]}" \
    >"$dir/reapcheck-configure.log" 2>&1 || { cat "$dir/reapcheck-configure.log" >&2; return 1; }
  if ! ninja -C "$dir" >"$dir/reapcheck-build.log" 2>&1; then
    cat "$dir/reapcheck-build.log" >&2
    say "build for LLVM $n failed"
    return 1
  fi
}
