#!/usr/bin/env bash
# workspace.sh T ROOT TIDY: a copy of examples/bazel in T/ws whose
# repositories point at the checkout ROOT, and T/bazel, which runs Bazel
# there with a private output root under T and TIDY as reapcheck-tidy
# (the test ends with `T/bazel shutdown`; with --max_idle_secs, a server
# a failing test leaves behind exits after a minute idle).
# T/show FILE prints FILE of bazel-bin (lit's shell has no $(...)).
set -euo pipefail
t=$1 root=$2 tidy=$3
rm -rf "$t" && mkdir -p "$t"
cp -r "$root/examples/bazel" "$t/ws"
{
  for r in rules_cc rules_java remote_coverage_tools; do
    echo "build --override_repository=$r=$root/bazel/offline/$r"
  done
  echo "build --override_repository=reapcheck=$root/bazel"
} >>"$t/ws/.bazelrc"
cat >"$t/bazel" <<EOS
#!/bin/sh
cd '$t/ws' && exec env HOME='$t' REAPCHECK_TIDY='$tidy' bazel --output_user_root='$t/root' --max_idle_secs=60 "\$@"
EOS
chmod +x "$t/bazel"
cat >"$t/show" <<EOS
#!/bin/sh
exec cat "\$('$t/bazel' info bazel-bin 2>/dev/null)/\$1"
EOS
chmod +x "$t/show"
