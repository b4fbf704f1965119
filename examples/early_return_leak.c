/*
 * early_return_leak.c - the child is reaped on the success path only.
 *
 * first_line_of() runs a command with its stdout on a pipe and returns the
 * first line the command prints.  When the command prints nothing, the error
 * path returns before it reaches waitpid(), and that child stays <defunct>.
 *
 * main() runs one command that answers (reaped: no zombie) and one that
 * prints nothing (the early return: one zombie).
 *
 * Build: clang -Wall -o early_return_leak early_return_leak.c
 * Prints "zombies: 1".
 */
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "zombies.h"

/* Runs argv[0] with the arguments argv; copies its first line into buf. */
static int first_line_of(char *const argv[], char *buf, size_t len)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1;

    pid_t pid = fork();
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        close(fds[1]);
        execv(argv[0], argv);
        _exit(127);
    }
    close(fds[1]);

    size_t used = 0;
    while (used + 1 < len) {
        ssize_t n = read(fds[0], buf + used, 1);
        if (n <= 0 || buf[used] == '\n')
            break;
        used++;
    }
    buf[used] = '\0';
    close(fds[0]);

    if (used == 0) {
        // CHECK-MESSAGES: :[[@LINE-1]]:9: note: assuming 'used == 0' is true
        fprintf(stderr, "%s printed nothing\n", argv[0]);
        return -1; /* BUG: leaves without waiting for the child */
        // CHECK-MESSAGES: :[[@LINE-1]]:9: note: child process 'pid' is still unreaped when the function returns here
    }

    int status;
    if (waitpid(pid, &status, 0) != pid)
        return -1;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

int main(void)
{
    char *const talkative[] = {"/bin/echo", "hello", NULL};
    char *const silent[] = {"/bin/sh", "-c", "exit 0", NULL};
    char line[128];

    if (first_line_of(talkative, line, sizeof line) == 0)
        fprintf(stderr, "echo said: %s\n", line);
    if (first_line_of(silent, line, sizeof line) != 0)
        fprintf(stderr, "sh said nothing, as expected\n");
    report_zombies();
    return 0;
}
