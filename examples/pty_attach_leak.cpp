// pty_attach_leak.cpp - the motivating incident, C++ flavour.
//
// Same story as pty_attach_leak.c: a session is started with forkpty() (the
// real code ran "tmux -C"; here /bin/cat stands in for it).  The teardown is
// a lambda run on every way out of the function; it closes the pty master
// and sends SIGTERM, but never waits, so each session leaves a <defunct>
// child behind.
//
// Build: clang++ -Wall -o pty_attach_leak pty_attach_leak.cpp -lutil
// Prints "zombies: 1".
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

#include <cstdio>
#include <string>

#include "zombies.h"

// Waits up to timeout_ms for `want` to show up in what the pty sends back.
static bool expect_output(int fd, const std::string &want, int timeout_ms)
{
    std::string seen;
    pollfd pfd{fd, POLLIN, 0};
    while (seen.size() < 4096) {
        if (poll(&pfd, 1, timeout_ms) <= 0)
            return false;
        char chunk[256];
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n <= 0)
            return false;
        seen.append(chunk, static_cast<size_t>(n));
        if (seen.find(want) != std::string::npos)
            return true;
    }
    return false;
}

// Starts a session, checks that it answers, then tears it down.
static bool run_session()
{
    int master = -1;
    pid_t pid = forkpty(&master, nullptr, nullptr, nullptr);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process 'pid' started by 'forkpty' is killed but never reaped; kill() does not reap [process-unreaped-child]
    if (pid < 0) {
        std::perror("forkpty");
        return false;
    }
    if (pid == 0) {
        execl("/bin/cat", "cat", static_cast<char *>(nullptr));
        _exit(127);
    }

    auto cleanup = [&] {
        close(master);
        kill(pid, SIGTERM); // BUG: the child dies, but nobody reaps it
        // CHECK-MESSAGES: :[[@LINE-1]]:9: note: 'kill' signals the child but does not reap it; call waitpid() after it
    };

    const std::string probe = "session-probe\n";
    if (write(master, probe.data(), probe.size()) != static_cast<ssize_t>(probe.size())) {
        cleanup();
        return false;
    }
    bool answered = expect_output(master, "session-probe", 2000);
    cleanup();
    return answered;
}

int main()
{
    if (!run_session())
        std::fprintf(stderr, "pty_attach_leak: session failed\n");
    report_zombies();
    return 0;
}
