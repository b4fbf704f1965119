// live_attach_leak.cpp - the motivating incident, written as a C++ class.
//
// A LiveAttach object starts a session under a pty (the real code ran
// "tmux -C attach"; here /bin/cat stands in for it) and keeps the child in a
// member.  stop() kills the child and closes the pty, as the cleanup of the
// incident did, but nothing in the class ever waits: every attach leaves a
// <defunct> child behind.
//
// Build: clang++ -Wall -o live_attach_leak live_attach_leak.cpp -lutil
// Prints "zombies: 1".
#include <pty.h>
#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

#include <cstdio>

#include "zombies.h"

class LiveAttach {
public:
    int start()
    {
        child_ = forkpty(&master_, nullptr, nullptr, nullptr);
        // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: child process started by 'forkpty' is kept in 'LiveAttach::child_' and killed, but nothing in 'LiveAttach' reaps it; kill() does not reap [process-unreaped-child]
        // CHECK-MESSAGES: :[[@LINE-2]]:9: note: the child is stored in 'LiveAttach::child_' here
        if (child_ < 0)
            return -1;
        if (child_ == 0) {
            execl("/bin/cat", "cat", static_cast<char *>(nullptr));
            _exit(127);
        }
        return 0;
    }

    void stop()
    {
        if (child_ > 0) {
            kill(child_, SIGTERM); // BUG: the child dies, but nobody reaps it
            // CHECK-MESSAGES: :[[@LINE-1]]:13: note: 'kill' in 'stop' signals the child but does not reap it; call waitpid() after it
        }
        if (master_ >= 0)
            close(master_);
        child_ = -1;
        master_ = -1;
    }

    ~LiveAttach() { stop(); }

private:
    pid_t child_ = -1;
    int master_ = -1;
};

int main()
{
    {
        LiveAttach session;
        if (session.start() != 0)
            std::fprintf(stderr, "live_attach_leak: start failed\n");
    }
    report_zombies();
    return 0;
}
