/*
 * spawn_loop_leak.c - posix_spawn() in a loop that overwrites its pid.
 *
 * check_inputs() starts one validator per input with posix_spawn() so that
 * they run in parallel, then waits - but only for the last one, because each
 * iteration stores its child's pid into the same variable.  The first n-1
 * validators are never waited for and stay <defunct>.
 *
 * Build: clang -Wall -o spawn_loop_leak spawn_loop_leak.c
 * Prints "zombies: 3" (four inputs, only the last child reaped).
 */
#include <spawn.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>

#include "zombies.h"

extern char **environ;

/* Each validator checks that its input is not empty. */
static int check_inputs(const char *const inputs[], int n)
{
    pid_t pid = -1;
    int failed = 0;
    for (int i = 0; i < n; i++) {
        char *argv[] = {"/bin/sh", "-c", "test -n \"$1\"", "validate", (char *)inputs[i], NULL};
        if (posix_spawn(&pid, argv[0], NULL, NULL, argv, environ) != 0) {
            // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: child process 'pid' started by 'posix_spawn' is not reaped on every path [process-unreaped-child]
            // CHECK-MESSAGES: :[[@LINE-2]]:13: note: child process 'pid' is still unreaped when 'pid' is overwritten here
            fprintf(stderr, "cannot start a validator for '%s'\n", inputs[i]);
            failed++;
        }
    }
    /* BUG: only the child started last is waited for. */
    int status;
    if (waitpid(pid, &status, 0) != pid || status != 0)
        failed++;
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
