/*
 * prefork_worker_leak.c - a worker resets SIGCHLD and forgets its helpers.
 *
 * The server installs a SIGCHLD handler that reaps any child, then forks a
 * worker.  The worker restores SIGCHLD's default disposition (as workers do
 * so that the inherited handler does not race their own waitpid() calls)
 * and then calls its job, which starts two helpers and returns without
 * waiting for them.  The handler is no longer in force in the worker (a
 * disposition belongs to the process), so both helpers stay <defunct> there.
 *
 * Build: clang -Wall -o prefork_worker_leak prefork_worker_leak.c
 * Prints "zombies: 2" (counted in the worker, the helpers' parent).
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "zombies.h"

static volatile sig_atomic_t reaped;

static void reap_children(int sig)
{
    (void)sig;
    while (waitpid(-1, NULL, WNOHANG) > 0)
        reaped++;
}

/* The worker's job: two helpers that exit at once.  It runs with the
   disposition the worker set before calling it. */
static void run_job(void)
{
    for (int i = 0; i < 2; i++) {
        pid_t helper = fork();
        // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: child process 'helper' started by 'fork' is never reaped [process-unreaped-child]
        if (helper == 0)
            _exit(0);
        /* BUG: the helper is never waited for. */
    }
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = reap_children;
    sa.sa_flags = SA_RESTART;
    sigaction(SIGCHLD, &sa, NULL);

    /* SIGCHLD is blocked until the server waits for it, so that the
       worker's exit cannot slip in before. */
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGCHLD);
    sigprocmask(SIG_BLOCK, &block, &old);
    pid_t worker = fork();
    if (worker < 0)
        return 1;
    if (worker == 0) {
        signal(SIGCHLD, SIG_DFL);
        sigprocmask(SIG_SETMASK, &old, NULL);
        run_job();
        report_zombies();
        exit(0);
    }
    /* The worker is the handler's to reap. */
    while (!reaped)
        sigsuspend(&old);
    return 0;
}
