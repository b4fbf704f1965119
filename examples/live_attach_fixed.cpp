// live_attach_fixed.cpp - live_attach_leak.cpp after the fix: stop() waits
// for the child it killed, so the destructor leaves no zombie.
//
// Build: clang++ -Wall -o live_attach_fixed live_attach_fixed.cpp -lutil
// Prints "zombies: 0".
#include <pty.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>

#include "zombies.h"

class LiveAttach {
public:
    int start()
    {
        child_ = forkpty(&master_, nullptr, nullptr, nullptr); // no-warning: stop() reaps child_
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
            kill(child_, SIGTERM);
            waitpid(child_, nullptr, 0); // the fix
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
            std::fprintf(stderr, "live_attach_fixed: start failed\n");
    }
    report_zombies();
    return 0;
}
