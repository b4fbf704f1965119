/*
 * pty_attach_fixed.c - pty_attach_leak.c with the detach path fixed.
 *
 * The detach path still closes the pty master and sends SIGTERM, and then
 * waits for the child, which removes it from the process table.
 *
 * Build: clang -Wall -o pty_attach_fixed pty_attach_fixed.c -lutil
 * Prints "zombies: 0".
 */
#include <errno.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "zombies.h"

/* Waits up to timeout_ms for `want` to show up in what the pty sends back. */
static int expect_output(int fd, const char *want, int timeout_ms)
{
    char seen[256];
    size_t used = 0;
    struct pollfd pfd = {fd, POLLIN, 0};
    while (used < sizeof seen - 1) {
        if (poll(&pfd, 1, timeout_ms) <= 0)
            return -1;
        ssize_t n = read(fd, seen + used, sizeof seen - 1 - used);
        if (n <= 0)
            return -1;
        used += (size_t)n;
        seen[used] = '\0';
        if (strstr(seen, want) != NULL)
            return 0;
    }
    return -1;
}

/* Starts the "multiplexer", checks that it answers, then detaches. */
static int attach_once(void)
{
    static const char probe[] = "attach-probe\n";
    int master = -1;
    int rc = -1;

    pid_t pid = forkpty(&master, NULL, NULL, NULL);
    if (pid < 0) {
        perror("forkpty");
        return -1;
    }
    if (pid == 0) {
        /* child: stdin/stdout/stderr are the pty slave */
        execl("/bin/cat", "cat", (char *)NULL);
        _exit(127);
    }

    if (write(master, probe, sizeof probe - 1) != (ssize_t)(sizeof probe - 1))
        goto detach;
    if (expect_output(master, "attach-probe", 2000) != 0)
        goto detach;
    rc = 0;

detach:
    close(master);
    kill(pid, SIGTERM);
    /* FIX: reap the child we just signalled. */
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
        continue;
    return rc;
}

int main(void)
{
    if (attach_once() != 0)
        fprintf(stderr, "pty_attach_fixed: attach failed\n");
    report_zombies();
    return 0;
}
