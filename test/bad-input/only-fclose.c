// A translation unit whose only match is an fclose() of a global (no start,
// no popen): a crash found on zsh and openssh, now a plain no-warning.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
// The check is enabled and runs to the end of the unit, and clang-tidy exits
// cleanly: the facts index (REAPCHECK_INDEX) is written only when the unit
// was judged to its end, and names the unit's function (its calls list no
// function of the C library: the merge links nothing through them).
// RUN: %tidy --list-checks %s -- | %FileCheck %s --check-prefix=LIST
// LIST: process-unreaped-child
// RUN: rm -f %t.idx
// RUN: env REAPCHECK_INDEX=%t.idx %tidy %s -- -std=gnu11
// RUN: %FileCheck %s --check-prefix=INDEX --input-file=%t.idx
// INDEX: "functions":[{"calls":[],"defined":true,"main":false,"name":"finish",
#include <stdio.h>

static FILE *out;

void finish(void) {
  fclose(out); // no-warning: nothing here comes from popen()
}
