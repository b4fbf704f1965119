#!/usr/bin/env bash
# Fetches each corpus project at its pinned commit (tools/corpus/projects.tsv)
# into $CORPUS (default ${XDG_CACHE_HOME:-~/.cache}/reapcheck/corpus, outside the
# repository) and produces a compile_commands.json for it.  Nothing from these
# projects is committed.
#
#   tools/corpus/build.sh [NAME...]      (default: every project)
#
# Sources: $CORPUS_MIRROR/<owner>+<name>/repo when that exists (a local bare
# mirror), else a clone of https://github.com/<owner>/<name>.
# Packages these builds need (Debian): libevent-dev libncurses-dev zlib1g-dev
# libssl-dev libcap-dev libxcb1-dev libxcb-keysyms1-dev libxcb-util-dev autoconf automake
# libtool pkg-config bison re2c meson ninja-build cmake bear.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
CORPUS=${CORPUS:-${XDG_CACHE_HOME:-$HOME/.cache}/reapcheck/corpus}
CORPUS_MIRROR=${CORPUS_MIRROR:-/work/.mirror}
JOBS=${JOBS:-2}
mkdir -p "$CORPUS"

fetch() { # name repo commit
  local name=$1 repo=$2 commit=$3 dir=$CORPUS/$1
  if [ ! -d "$dir/.git" ]; then
    local src=https://github.com/$repo
    [ -d "$CORPUS_MIRROR/${repo/\//+}/repo" ] && src=$CORPUS_MIRROR/${repo/\//+}/repo
    git clone -q "$src" "$dir"
  fi
  git -C "$dir" checkout -q "$commit"
}

build() { # name recipe
  local dir=$CORPUS/$1
  cd "$dir"
  [ -s compile_commands.json ] && [ "$(head -c 2 compile_commands.json)" != "[]" ] && return 0
  case $2 in
    autogen-bear)   bash autogen.sh >/dev/null; ./configure -q; bear -- make -k -j"$JOBS" ;;
    autoreconf-bear) autoreconf -fi >/dev/null 2>&1; ./configure -q; bear -- make -k -j"$JOBS" ;;
    configure-bear) ./configure -q $(extra_configure "$1"); bear -- make -k -j"$JOBS" ;;
    preconfig-bear) ./Util/preconfig; ./configure -q; bear -- make -k -j"$JOBS" ;;
    make-bear)      bear -- make -k -j"$JOBS" ;;
    cmake)          cmake -S . -B _build -G Ninja -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
                      -DCMAKE_BUILD_TYPE=Debug $(extra_cmake "$1") >/dev/null
                    ninja -C _build -j"$JOBS" >/dev/null
                    cp _build/compile_commands.json . ;;
    meson)          # configured with clang so that feature probes (openrc's
                    # malloc(dealloc) attribute) match what clang-tidy parses
                    CC=/usr/lib/llvm-19/bin/clang meson setup _build $(extra_meson "$1") >/dev/null; ninja -C _build -j"$JOBS" >/dev/null
                    cp _build/compile_commands.json . ;;
    *) echo "unknown recipe $2" >&2; return 1 ;;
  esac
}

extra_configure() {
  case $1 in
    rsync) echo --disable-md2man --disable-xxhash --disable-zstd --disable-lz4 ;;
  esac
}

extra_meson() {
  case $1 in
    openrc) echo -Dpam=false -Dselinux=disabled -Daudit=disabled ;;
  esac
}

extra_cmake() {
  case $1 in
    libuv) echo -DLIBUV_BUILD_TESTS=ON ;;
    ninja) echo -DBUILD_TESTING=ON ;;
  esac
}

while IFS=$'\t' read -r name repo commit recipe; do
  case $name in ''|'#'*) continue ;; esac
  if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then continue; fi
  echo "== $name"
  fetch "$name" "$repo" "$commit"
  ( build "$name" "$recipe" ) > "$CORPUS/$name.build.log" 2>&1 || echo "   build failed: see $CORPUS/$name.build.log"
  if [ -f "$CORPUS/$name/compile_commands.json" ]; then
    python3 -c 'import json,sys; print("   %d entries" % len(json.load(open(sys.argv[1]))))' \
      "$CORPUS/$name/compile_commands.json"
  fi
done < "$here/projects.tsv"
