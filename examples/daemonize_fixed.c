/*
 * daemonize_fixed.c - the classic double fork, done right.
 *
 * start_daemon() forks an intermediate child, which starts a new session and
 * forks again; the grandchild is the daemon.  The intermediate child exits at
 * once and the parent waits for it, so the daemon is re-parented to init (or
 * the nearest subreaper) and is no child of ours: nothing is left to reap.
 * A pipe lets the parent wait until the daemon reports that it is ready.
 *
 * Here the "daemon" only reports ready and exits, so the example leaves
 * nothing running behind it.
 *
 * Build: clang -Wall -o daemonize_fixed daemonize_fixed.c
 * Prints "zombies: 0".
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "zombies.h"

static void daemon_main(int ready_fd)
{
    char ok = 'R';
    if (write(ready_fd, &ok, 1) != 1)
        _exit(1);
    close(ready_fd);
    /* A real daemon would now serve requests until told to stop. */
    _exit(0);
}

static int start_daemon(void)
{
    int ready[2];
    if (pipe(ready) != 0)
        return -1;

    pid_t pid = fork();
    if (pid < 0) {
        close(ready[0]);
        close(ready[1]);
        return -1;
    }
    if (pid == 0) {
        /* intermediate child: detach from the terminal, fork the daemon */
        close(ready[0]);
        if (setsid() < 0)
            _exit(1);
        pid_t daemon_pid = fork();
        if (daemon_pid < 0)
            _exit(1);
        if (daemon_pid > 0)
            _exit(0); /* the daemon goes to init when we exit */
        umask(022);
        if (chdir("/") != 0)
            _exit(1);
        int null_fd = open("/dev/null", O_RDWR);
        if (null_fd >= 0) {
            dup2(null_fd, STDIN_FILENO);
            dup2(null_fd, STDOUT_FILENO);
            if (null_fd > STDERR_FILENO)
                close(null_fd);
        }
        daemon_main(ready[1]);
        _exit(0);
    }

    close(ready[1]);
    int status;
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        close(ready[0]);
        return -1;
    }
    char byte = 0;
    ssize_t n = read(ready[0], &byte, 1);
    close(ready[0]);
    return n == 1 && byte == 'R' ? 0 : -1;
}

int main(void)
{
    if (start_daemon() != 0)
        fprintf(stderr, "daemon did not start\n");
    else
        fprintf(stderr, "daemon started\n");
    report_zombies();
    return 0;
}
