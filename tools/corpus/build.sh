#!/usr/bin/env bash
# Fetches each corpus project at its pinned commit (tools/corpus/projects.tsv)
# into the corpus directory and produces a compile_commands.json for it.
# Nothing from these projects is committed.
#
#   tools/corpus/build.sh [NAME...]      (default: every project)
#
# Corpus directory: $REAPCHECK_CORPUS, else $XDG_CACHE_HOME/reapcheck/corpus
# (~/.cache/reapcheck/corpus), outside the repository; tools/corpus/run.py
# and bench/run.py read the same default (tools/reapcheck_lib/project.py).
#
# Sources: $CORPUS_MIRROR/<owner>+<name>/repo when that exists (a local bare
# mirror), else a clone of https://github.com/<owner>/<name>.
# Packages these builds need (Debian): libevent-dev libncurses-dev zlib1g-dev
# libssl-dev libcap-dev libxcb1-dev libxcb-keysyms1-dev libxcb-util-dev autoconf automake
# libtool pkg-config bison re2c meson ninja-build cmake bear flex gettext
# autopoint libslang2-dev (mc) libzstd-dev (neomutt)
# libffi-dev libpcre2-dev libmount-dev libselinux1-dev python3-packaging (glib)
# libcurl4-openssl-dev libexpat1-dev (git, dbus) libreadline-dev libsqlite3-dev
# libudev-dev (util-linux) libsystemd-dev (dbus, cups) libpam0g-dev (sudo, cups)
# libavahi-client-dev libusb-1.0-0-dev (cups) libdb-dev (postfix)
# libxcb-xkb-dev libxcb-xinerama0-dev libxcb-randr0-dev libxcb-shape0-dev
# libxcb-cursor-dev libxcb-xrm-dev libxcb-icccm4-dev libyajl-dev libev-dev
# libstartup-notification0-dev libpango1.0-dev libcairo2-dev libxkbcommon-dev
# libxkbcommon-x11-dev (i3) unicode-data (dovecot) libcap-ng-dev libunbound-dev
# (openvswitch) libsasl2-dev liblz4-dev (neomutt) libcjson-dev libgcrypt20-dev
# libgnutls28-dev (weechat).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tools=$(dirname "$here")
CORPUS=$(PYTHONPATH=$tools python3 -m reapcheck_lib.project corpus-dir)
LLVM_MAJOR=$(cat "$tools/DEFAULT_LLVM_MAJOR")
CORPUS_MIRROR=${CORPUS_MIRROR:-}
JOBS=${JOBS:-2}
mkdir -p "$CORPUS"

fetch() { # name repo commit
  local name=$1 repo=$2 commit=$3 dir=$CORPUS/$1
  if [ ! -d "$dir/.git" ]; then
    local src=https://github.com/$repo
    [ -d "$CORPUS_MIRROR/${repo/\//+}/repo" ] && src=$CORPUS_MIRROR/${repo/\//+}/repo
    case $1 in
      dovecot) # a core file committed by mistake (src/lib-mail/test.out~*.core.*)
               # is missing from the mirror: check out everything else
               git clone -q --no-checkout "$src" "$dir"
               git -C "$dir" sparse-checkout set --no-cone '/*' '!/src/lib-mail/test.out~*' ;;
      *) git clone -q "$src" "$dir" ;;
    esac
  fi
  git -C "$dir" checkout -q "$commit"
}

build() { # name recipe
  local dir=$CORPUS/$1
  cd "$dir"
  [ -s compile_commands.json ] && [ "$(head -c 2 compile_commands.json)" != "[]" ] && return 0
  case $1 in
    glib) # 2.78's gvdb is a git submodule; meson would fetch it from the network
      [ -f subprojects/gvdb/meson.build ] || { rmdir subprojects/gvdb 2>/dev/null || true
        src=https://github.com/GNOME/gvdb
        [ -d "$CORPUS_MIRROR/GNOME+gvdb/repo" ] && src=$CORPUS_MIRROR/GNOME+gvdb/repo
        git clone -q "$src" subprojects/gvdb
        git -C subprojects/gvdb checkout -q "$(git rev-parse HEAD:subprojects/gvdb)"; } ;;
    dovecot) # src/lib's Unicode tables are generated from UCD files it would
             # download: use Debian's unicode-data (15.0) instead; the files it
             # lacks (IDNA table, two test inputs) are left empty
      mkdir -p src/lib/ucd
      find /usr/share/unicode -name '*.txt' -exec ln -sf {} src/lib/ucd/ \;
      for f in NormalizationTest IdnaMappingTable IdnaTestV2; do
        [ -e src/lib/ucd/$f.txt ] || : > src/lib/ucd/$f.txt; done ;;
  esac
  case $2 in
    autogen-bear)   bash autogen.sh >/dev/null; ./configure -q $(extra_configure "$1"); bear -- make -k -j"$JOBS" ;;
    autoreconf-bear) autoreconf -fi >/dev/null 2>&1; ./configure -q; bear -- make -k -j"$JOBS" ;;
    configure-bear) ./configure -q $(extra_configure "$1"); bear -- make -k -j"$JOBS" ;;
    autosetup-bear) # autosetup's configure (neomutt) has no -q
                    ./configure $(extra_configure "$1") >/dev/null
                    bear -- make -k -j"$JOBS" $(extra_make "$1") ;;
    preconfig-bear) ./Util/preconfig; ./configure -q; bear -- make -k -j"$JOBS" ;;
    make-bear)      bear -- make -k -j"$JOBS" $(extra_make "$1") ;;
    busybox)        # defconfig less tc, whose CBQ code no longer compiles
                    # against current kernel headers
                    make defconfig >/dev/null
                    sed -i 's/^CONFIG_TC=y/# CONFIG_TC is not set/' .config
                    bear -- make -k -j"$JOBS"
                    # drop the two gcc-only flags clang (so clang-tidy) rejects
                    python3 -c 'import json; f="compile_commands.json"; d=json.load(open(f))
for e in d: e["arguments"] = [a for a in e["arguments"] if a not in ("-malign-data=abi", "-fno-guess-branch-probability")]
json.dump(d, open(f, "w"), indent=1)' ;;
    postfix)        # the sources live in postfix/; its own "make makefiles"
                    make -C postfix makefiles CCARGS=-DNO_NIS >/dev/null
                    bear -- make -C postfix -k ;;
    nginx)          # the repository's configure lives in auto/
                    auto/configure $(extra_configure "$1") >/dev/null
                    bear -- make -k -j"$JOBS" ;;
    skarnet)        # skarnet's own configure (no -q); execline and s6 are built
                    # against the skalibs/execline checkouts, not installed copies
                    ./configure --disable-shared $(extra_configure "$1") >/dev/null
                    bear -- make -k -j"$JOBS"
                    # the build tree names its static libraries lib*.a.xyzzy
                    for a in lib*.a.xyzzy; do ln -sf "$a" "${a%.xyzzy}"; done ;;
    cmake)          cmake -S . -B _build -G Ninja -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
                      -DCMAKE_BUILD_TYPE=Debug $(extra_cmake "$1") >/dev/null
                    ninja -C _build -j"$JOBS" >/dev/null
                    cp _build/compile_commands.json . ;;
    meson)          # configured with clang so that feature probes (openrc's
                    # malloc(dealloc) attribute) match what clang-tidy parses
                    CC=/usr/lib/llvm-$LLVM_MAJOR/bin/clang meson setup _build $(extra_meson "$1") >/dev/null; ninja -C _build -j"$JOBS" >/dev/null
                    cp _build/compile_commands.json . ;;
    meson-gen)      # large meson projects: configure, then build only what
                    # custom commands generate (headers, sources, and the tools
                    # that make them), so every TU compiles without a full build
                    CC=/usr/lib/llvm-$LLVM_MAJOR/bin/clang meson setup _build $(extra_meson "$1") >/dev/null
                    # (-k 0: one failing generator, e.g. a .pot update, must not stop the rest)
                    # (not meson-internal__*: install, test, dist, scan-build, clean,
                    # uninstall and update-po, which would install to /usr/local or
                    # rewrite the project's po/ files)
                    ninja -C _build -k 0 -j"$JOBS" $(ninja -C _build -t targets all | awk -F: '/CUSTOM_COMMAND/ && $1 !~ /^meson-internal__/ {print $1}') >/dev/null || true
                    cp _build/compile_commands.json . ;;
    *) echo "unknown recipe $2" >&2; return 1 ;;
  esac
}

extra_configure() {
  case $1 in
    rsync) echo --disable-md2man --disable-xxhash --disable-zstd --disable-lz4 ;;
    nginx) echo --with-http_ssl_module --with-http_v2_module --with-stream --with-mail ;;
    cups) echo --with-tls=openssl --disable-gssapi ;;
    dropbear) echo --disable-harden ;;  # gcc-only -mfunction-return=thunk: clang rejects it
    dovecot) echo --enable-hardening=no ;;  # the same -mfunction-return=thunk
    neomutt) echo --disable-doc --ssl --sasl --zlib --zstd --lz4 --sqlite --pcre2 ;;
    execline) echo --with-sysdeps="$CORPUS/skalibs/sysdeps.cfg" \
                --with-include="$CORPUS/skalibs/src/include" --with-lib="$CORPUS/skalibs" ;;
    s6) echo --with-sysdeps="$CORPUS/skalibs/sysdeps.cfg" \
          --with-include="$CORPUS/skalibs/src/include" --with-lib="$CORPUS/skalibs" \
          --with-include="$CORPUS/execline/src/include" --with-lib="$CORPUS/execline" ;;
  esac
}

extra_make() {
  case $1 in
    git) echo NO_RUST=1 ;;  # Rust is optional until Git 3.0; no cargo needed
    kakoune) echo CXX=clang++-19 debug=yes ;;  # -std=c++2b: gcc 12 is too old; -O0
    redis) echo MALLOC=libc BUILD_TLS=no ;;  # no bundled jemalloc build
    neomutt) echo all test/neomutt-test ;;  # the unit tests too (639 TUs)
  esac
}

extra_meson() {
  case $1 in
    openrc) echo -Dpam=false -Dselinux=disabled -Daudit=disabled ;;
    glib) echo -Dman=false -Dgtk_doc=false -Dsysprof=disabled ;;
    util-linux) echo -Dbuild-python=disabled ;;
    lxc) echo -Dman=false -Dapparmor=false -Dseccomp=false -Dselinux=false \
           -Dopenssl=false -Ddbus=false -Dpam-cgroup=false -Dtests=true \
           -Db_lto=false ;;  # its default ThinLTO needs lld or gold
  esac
}

extra_cmake() {
  case $1 in
    libuv) echo -DLIBUV_BUILD_TESTS=ON ;;
    ninja) echo -DBUILD_TESTING=ON ;;
    fish-shell) echo -DBUILD_DOCS=OFF ;;
    dbus) echo -DDBUS_ENABLE_XML_DOCS=OFF -DDBUS_ENABLE_DOXYGEN_DOCS=OFF ;;
    weechat) echo -DENABLE_SCRIPTS=OFF -DENABLE_SPELL=OFF ;;  # no language plugins
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
