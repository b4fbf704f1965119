#!/usr/bin/env bash
# fake-llvm.sh ROOT N PACKAGE...: creates under ROOT/llvm-N the files that
# the named Debian packages own and tools/lib.sh looks at (empty files,
# executables where lib.sh wants them executable).
set -euo pipefail
root=$1 n=$2
shift 2
p="$root/llvm-$n"
mkdir -p "$p/bin" "$p/lib/cmake/llvm" "$p/lib/cmake/clang" "$p/include/clang-tidy"
for package in "$@"; do
  case $package in
    clang) touch "$p/lib/cmake/clang/ClangConfig.cmake" "$p/bin/clang++" "$p/bin/clang"
           chmod +x "$p/bin/clang++" "$p/bin/clang" ;;
    libclang-dev) touch "$p/lib/libclangTidy.a" "$p/lib/libclangTidyMain.a" \
                        "$p/include/clang-tidy/ClangTidyCheck.h" ;;
    llvm-dev) touch "$p/lib/cmake/llvm/LLVMConfig.cmake" ;;
    clang-tidy) touch "$p/bin/clang-tidy" && chmod +x "$p/bin/clang-tidy" ;;
    llvm-tools) touch "$p/bin/FileCheck" && chmod +x "$p/bin/FileCheck" ;;
    clangd) touch "$p/bin/clangd" && chmod +x "$p/bin/clangd" ;;
    *) echo "fake-llvm.sh: unknown package $package" >&2; exit 2 ;;
  esac
done
