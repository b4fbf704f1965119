#!/usr/bin/env bash
# Measures reapcheck-run's per-start overhead: the fork/vfork/posix_spawn +
# waitpid loop of forkloop.c, bare and under reapcheck-run, best of 5 runs
# each (the machine is shared; the minimum is the least disturbed).
#   runtime/bench/overhead.sh [BUILD_DIR] [N]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build}
n=${2:-2000}
exe=$(mktemp -d)/forkloop
cc -O2 -g -o "$exe" "$here/forkloop.c"
# One line per run: API wall cpu-self cpu-children (microseconds).
run() { # API MODE
  local out
  if [ "$2" = bare ]; then out=$("$exe" "$1" "$n"); else out=$("$build/reapcheck-run" -- "$exe" "$1" "$n"); fi
  awk '{print $3, $5, $7}' <<<"$out"
}
# Minimum of each column over 5 runs.
best() {
  for _ in 1 2 3 4 5; do run "$1" "$2"; done |
    awk 'NR==1{w=$1;s=$2;c=$3} {if($1<w)w=$1; if($2<s)s=$2; if($3<c)c=$3} END{printf "%.1f %.1f %.1f", w, s, c}'
}
printf '%-12s %-5s %10s %10s %12s\n' api mode wall_us cpu_self cpu_children
for api in fork vfork posix_spawn; do
  for mode in bare tool; do
    read -r w s c <<<"$(best $api $mode)"
    printf '%-12s %-5s %10s %10s %12s\n' "$api" "$mode" "$w" "$s" "$c"
  done
done
rm -rf "$(dirname "$exe")"
