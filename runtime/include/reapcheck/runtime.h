/*
 * reapcheck runtime C API: which children of the calling process have not
 * been reaped, without reaping them.
 *
 * Link with -lreapcheck-runtime (build/libreapcheck-runtime.so).  The list
 * comes from the kernel (/proc/self/task/(tid)/children: zombies and
 * running children alike), so it is right with or without reapcheck-run.
 * When the program runs under reapcheck-run, each child also gets the API
 * that started it and its start site, symbolised from the program's debug
 * information.
 */
#ifndef REAPCHECK_RUNTIME_H
#define REAPCHECK_RUNTIME_H

#include <stddef.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

struct reapcheck_child {
  pid_t pid;
  char state;      /* 'Z' zombie; 'T' stopped; anything else: running */
  char api[16];    /* "fork", "popen", ...; "" when the start was not seen */
  char site[1024]; /* "FILE:LINE in FUNCTION"; "" when not known */
};

/* Fills up to max entries of out (out may be NULL when max is 0) with the
 * calling process's current children, sorted by pid, and returns how many
 * there are (which may be more than max), or -1 with errno set.  Children
 * are never waited for: the caller still owns them. */
int reapcheck_unreaped_children(struct reapcheck_child *out, int max);

/* Prints one line per current child to stderr, prefixed by prefix;
 * returns the count as above. */
int reapcheck_print_unreaped_children(const char *prefix);

#ifdef __cplusplus
}
#endif

#endif
