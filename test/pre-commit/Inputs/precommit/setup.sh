#!/usr/bin/env bash
# Sets up what test/pre-commit/pre-commit.test commits into:
#   DIR/hooks  a clone of ROOT, the repository pre-commit takes the hook from
#   DIR/repo   a consumer repository with include/worker.h, a compile database
#              in build/ and a .pre-commit-config.yaml using the hook with -p build
# usage: setup.sh ROOT DIR [PROJECT]
# With PROJECT (test/facts/routes-pre-commit.test), DIR/repo holds the C and
# C++ files of that folder instead, with their database in build/.
set -euo pipefail
root=$1 dir=$2
here=$(cd "$(dirname "$0")" && pwd)
git_() { git -c init.defaultBranch=main -c user.name=test -c user.email=test@example.invalid \
  -c commit.gpgsign=false "$@"; }

# pre-commit clones the hook repository at a revision: the test's is HEAD of
# ROOT plus the working tree's hook files, so uncommitted edits of the hook or
# the driver are what gets tested, in a fresh CI clone and in a dirty tree alike.
git_ clone --quiet "$root" "$dir/hooks"
cp "$root/.pre-commit-hooks.yaml" "$dir/hooks/"
cp -r "$root/tools/reapcheck" "$root/tools/reapcheck.py" "$root/tools/reapcheck_lib" \
  "$root/tools/lib.sh" "$root/tools/DEFAULT_LLVM_MAJOR" "$dir/hooks/tools/"
git_ -C "$dir/hooks" add .pre-commit-hooks.yaml tools
git_ -C "$dir/hooks" commit --quiet --allow-empty -m 'hook under test'
rev=$(git -C "$dir/hooks" rev-parse HEAD)

repo=$dir/repo
mkdir -p "$repo"
git_ init --quiet "$repo"
git -C "$repo" config user.name test
git -C "$repo" config user.email test@example.invalid
git -C "$repo" config commit.gpgsign false
if [ $# -ge 3 ]; then
  cp "$3"/*.c "$3"/*.cpp "$3"/*.h "$repo/"
  (cd "$repo" && python3 "$root/test/facts/Inputs/routes/mkdb.py")
  first=()
else
  mkdir -p "$repo/include" "$repo/src" "$repo/build"
  cp "$here/worker.h" "$repo/include/"
  cat >"$repo/build/compile_commands.json" <<JSON
[
  {"directory": "$repo/build", "file": "../src/worker.c",
   "arguments": ["cc", "-std=gnu11", "-I../include", "-c", "../src/worker.c", "-o", "worker.o"]}
]
JSON
  first=(include/worker.h)
fi
cat >"$repo/.pre-commit-config.yaml" <<YAML
repos:
  - repo: $dir/hooks
    rev: $rev
    hooks:
      - id: reapcheck
        args: [-p, build]
YAML
printf 'build/\n' >"$repo/.gitignore"
git -C "$repo" add .gitignore .pre-commit-config.yaml "${first[@]}"
git -C "$repo" commit --quiet -m 'consumer: start' --no-verify
