# Shared by tools/reapcheck and tools/test: install what is missing, build.
# shellcheck shell=bash

REAPCHECK_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEFAULT_MAJOR=19

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

# Packages one LLVM major needs: headers and CMake files for the plugin,
# clang-tidy to load it, clang to compile examples, FileCheck/lit.
ensure_llvm() {
  local n=$1 missing=()
  [ -f "/usr/lib/llvm-$n/lib/cmake/clang/ClangConfig.cmake" ] || missing+=("libclang-$n-dev")
  [ -f "/usr/lib/llvm-$n/lib/cmake/llvm/LLVMConfig.cmake" ] || missing+=("llvm-$n-dev")
  [ -x "/usr/lib/llvm-$n/bin/clang-tidy" ] || missing+=("clang-tidy-$n")
  [ -x "/usr/lib/llvm-$n/bin/clang" ] || missing+=("clang-$n")
  [ -x "/usr/lib/llvm-$n/bin/FileCheck" ] || missing+=("llvm-$n-tools")
  [ -x "/usr/lib/llvm-$n/bin/clangd" ] || missing+=("clangd-$n")
  apt_install "${missing[@]}"
}

ensure_base() {
  local missing=()
  command -v cmake >/dev/null || missing+=(cmake)
  command -v ninja >/dev/null || missing+=(ninja-build)
  command -v python3 >/dev/null || missing+=(python3)
  command -v git >/dev/null || missing+=(git)
  [ -f /usr/include/boost/process.hpp ] || missing+=(libboost1.81-dev)
  [ -f /usr/include/pty.h ] || missing+=(libc6-dev)
  # test/integration installs the reapcheck hook with the real pre-commit.
  command -v pre-commit >/dev/null || missing+=(pre-commit)
  # runtime/ (reapcheck-run): libdw symbolises start sites; test/runtime
  # compiles a GoogleTest program.
  [ -f /usr/include/elfutils/libdwfl.h ] || missing+=(libdw-dev)
  [ -f /usr/include/gtest/gtest.h ] || missing+=(libgtest-dev)
  apt_install "${missing[@]}"
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

# Configures (once) and builds the plugin and tools for one major.
build_major() {
  local n=$1 dir
  dir=$(build_dir_for "$n")
  if [ ! -f "$dir/build.ninja" ]; then
    cmake -S "$REAPCHECK_ROOT" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DREAPCHECK_LLVM_MAJOR="$n" -DCMAKE_CXX_COMPILER="/usr/lib/llvm-$n/bin/clang++" \
      >"$dir.configure.log" 2>&1 || { cat "$dir.configure.log" >&2; return 1; }
  fi
  if ! ninja -C "$dir" >"$dir.build.log" 2>&1; then
    cat "$dir.build.log" >&2
    say "build for LLVM $n failed"
    return 1
  fi
}
