/*
 * Module-relative address -> function, file:line, from the module's own
 * debug information (or a separate debug file found the usual way) through
 * elfutils' libdwfl.  No process is started: the C API uses this inside the
 * program under test.
 */
#ifndef REAPCHECK_SYMBOLIZE_H
#define REAPCHECK_SYMBOLIZE_H

#include <stddef.h>
#include <stdint.h>

#include "events.h"

struct rc_sym {
  char File[1024]; /* empty when the module has no line information */
  int Line;
  char Func[512];  /* empty when no symbol covers the address */
};

/* Off is a return address (as backtrace() gives): the call is just before. */
void rc_symbolize(const char *Module, uint64_t Off, struct rc_sym *Out);

/* "FILE:LINE in FUNC", or "MODULE+0xOFF in FUNC" without line information. */
void rc_format_frame(const char *Module, uint64_t Off, const struct rc_sym *S,
                     char *Buf, size_t Size);

/* The one-line start site: the first frame in the program's own code (not
 * under /lib or /usr/lib: libc's start-up code has line information when
 * libc6-dbg is installed) with file:line, else the first frame in its own
 * code, else the first system frame with file:line, else the first frame. */
void rc_headline(const struct rc_frame *Frames, int N, char *Out, size_t Size);

#endif
