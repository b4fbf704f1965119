/*
 * pty_attach_leak.c - the incident that motivated process-unreaped-child.
 *
 * A terminal front end attached to a multiplexer by running it in control
 * mode ("tmux -C") on a pseudo-terminal.  Every attach started the
 * multiplexer with forkpty(); the detach path closed the pty master and sent
 * SIGTERM, but nothing ever called waitpid().  SIGTERM ends the child, yet
 * only a wait removes it from the process table, so each attach/detach cycle
 * left one more <defunct> process until the front end itself exited.
 *
 * So that it runs anywhere, the child here is /bin/cat instead of tmux: the
 * parent sends a line, waits for it to come back through the pty, detaches.
 *
 * Build: clang -Wall -o pty_attach_leak pty_attach_leak.c -lutil
 * Prints "zombies: 1" (one per attach_once() call).
 */
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
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
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process 'pid' started by 'forkpty' is killed but never reaped; kill() does not reap [process-unreaped-child]
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
    kill(pid, SIGTERM); /* BUG: signals the child, but nobody waits for it */
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: 'kill' signals the child but does not reap it; call waitpid() after it
    return rc;
}

int main(void)
{
    if (attach_once() != 0)
        fprintf(stderr, "pty_attach_leak: attach failed\n");
    report_zombies();
    return 0;
}
