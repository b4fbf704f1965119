// A translation unit whose only match is an fclose() of a global (no start,
// no popen): a crash found on zsh and openssh, now a plain no-warning.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
// The check is enabled and runs to the end of the unit (an inventory file is
// written only by a finished run; this unit has no start site, so it stays
// empty), and clang-tidy exits cleanly:
// RUN: rm -f %t.inv && touch %t.inv
// RUN: env REAPCHECK_INVENTORY=%t.inv %tidy %s -- -std=gnu11
// RUN: %tidy --list-checks %s -- | %FileCheck %s --check-prefix=LIST
// LIST: process-unreaped-child
// RUN: count 0 < %t.inv
#include <stdio.h>

static FILE *out;

void finish(void) {
  fclose(out); // no-warning: nothing here comes from popen()
}
