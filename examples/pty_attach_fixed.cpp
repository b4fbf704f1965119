// pty_attach_fixed.cpp - pty_attach_leak.cpp with the teardown lambda fixed.
//
// The lambda still closes the pty master and sends SIGTERM, and then waits
// for the child.  Because the lambda is defined in run_session() and uses
// `pid`, its waitpid() reaps the child on every path that calls it.
//
// Build: clang++ -Wall -o pty_attach_fixed pty_attach_fixed.cpp -lutil
// Prints "zombies: 0".
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
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
        kill(pid, SIGTERM);
        // FIX: wait for the child we just signalled.
        while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
        }
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
        std::fprintf(stderr, "pty_attach_fixed: session failed\n");
    report_zombies();
    return 0;
}
