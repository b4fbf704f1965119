/*
 * spawn_loop_fixed.c - spawn_loop_leak.c fixed: every child is waited for.
 *
 * The validators still run in parallel: each pid goes into its own slot of
 * an array, and a second loop waits for every one of them.
 *
 * Build: clang -Wall -o spawn_loop_fixed spawn_loop_fixed.c
 * Prints "zombies: 0".
 */
#include <spawn.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>

#include "zombies.h"

#define MAX_VALIDATORS 16

extern char **environ;

/* Each validator checks that its input is not empty. */
static int check_inputs(const char *const inputs[], int n)
{
    pid_t pids[MAX_VALIDATORS];
    int started = 0;
    int failed = 0;
    for (int i = 0; i < n && started < MAX_VALIDATORS; i++) {
        char *argv[] = {"/bin/sh", "-c", "test -n \"$1\"", "validate", (char *)inputs[i], NULL};
        if (posix_spawn(&pids[started], argv[0], NULL, NULL, argv, environ) != 0) {
            fprintf(stderr, "cannot start a validator for '%s'\n", inputs[i]);
            failed++;
            continue;
        }
        started++;
    }
    /* FIX: wait for each child, not just the last one. */
    for (int i = 0; i < started; i++) {
        int status;
        if (waitpid(pids[i], &status, 0) != pids[i] || status != 0)
            failed++;
    }
    return failed ? -1 : 0;
}

int main(void)
{
    const char *const inputs[] = {"alpha", "beta", "gamma", "delta"};
    if (check_inputs(inputs, 4) != 0)
        fprintf(stderr, "some validators failed\n");
    report_zombies();
    return 0;
}
