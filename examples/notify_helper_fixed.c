/*
 * notify_helper_fixed.c - the helper's exit status is collected.
 *
 * The helper is short-lived (it _exit()s right after delivering), so the
 * simple fix is for the parent to wait for it and report how it ended.
 * daemonize_fixed.c shows the other fix, for helpers that must outlive
 * the caller: the double fork.
 *
 * Build: clang -Wall -o notify_helper_fixed notify_helper_fixed.c
 * Prints "zombies: 0".
 */
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "zombies.h"

static int notify(const char *message)
{
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        return -1;
    }
    if (pid == 0) {
        /* the helper: deliver the message, then leave */
        dprintf(STDERR_FILENO, "notify: %s\n", message);
        _exit(0);
    }
    int status;
    if (waitpid(pid, &status, 0) != pid) /* FIX: collect the helper */
        return -1;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

int main(void)
{
    if (notify("build finished") != 0)
        fprintf(stderr, "notification failed\n");
    report_zombies();
    return 0;
}
