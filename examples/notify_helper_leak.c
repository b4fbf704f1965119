/*
 * notify_helper_leak.c - fire and forget: a forked helper nobody waits for.
 *
 * notify_async() hands a message to a helper process so that the caller
 * never blocks on delivery, and returns at once.  The helper exits as soon
 * as it has delivered the message, but nothing ever waits for it, so it
 * stays <defunct> for as long as the program runs.
 *
 * Build: clang -Wall -o notify_helper_leak notify_helper_leak.c
 * Prints "zombies: 1".
 */
#include <stdio.h>
#include <sys/types.h>
#include <unistd.h>

#include "zombies.h"

static void notify_async(const char *message)
{
    pid_t pid = fork();
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
    if (pid < 0) {
        perror("fork");
        return;
    }
    if (pid == 0) {
        /* the helper: deliver the message, then leave */
        dprintf(STDERR_FILENO, "notify: %s\n", message);
        _exit(0);
    }
    fprintf(stderr, "notifier %d started\n", (int)pid);
    /* BUG: the parent goes on without ever waiting for the helper. */
}

int main(void)
{
    notify_async("build finished");
    report_zombies();
    return 0;
}
