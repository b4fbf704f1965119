// poco_launch_leak.cpp - the motivating incident with Poco: the stop kills,
// nothing waits.
//
// follow_for() starts a long-running follower with Poco::Process::launch
// (/bin/sleep 60 stands in for something like "tail -f"), lets it run while
// the caller works, then stops it with Poco::Process::kill(), as the cleanup
// of the incident did.  That sends SIGKILL and does not reap, and the
// ProcessHandle's destructor does not wait either: every call leaves a
// <defunct> child behind.
//
// Build: clang++ -std=c++17 -Wall -o poco_launch_leak poco_launch_leak.cpp -lPocoFoundation
// Prints "zombies: 1".
#include <Poco/Exception.h>
#include <Poco/Process.h>

#include <chrono>
#include <cstdio>
#include <thread>

#include "zombies.h"

// Runs the follower for `how_long`, then stops it.
static void follow_for(std::chrono::milliseconds how_long)
{
    Poco::Process::Args args{"60"};
    Poco::ProcessHandle follower = Poco::Process::launch("/bin/sleep", args);
    // CHECK-MESSAGES: :[[@LINE-1]]:51: warning: child process 'follower' started by 'Poco::Process::launch' is killed but never reaped; kill() does not reap [process-unreaped-child]
    std::fprintf(stderr, "follower %d started\n", static_cast<int>(follower.id()));
    std::this_thread::sleep_for(how_long);

    // stop: the session is over, the follower must go
    Poco::Process::kill(follower); // BUG: the child dies, but nobody reaps it
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: 'kill' signals the child but does not reap it; call Poco::Process::wait() after it
}

int main()
{
    try {
        follow_for(std::chrono::milliseconds(100));
    } catch (const Poco::Exception &e) {
        std::fprintf(stderr, "poco_launch_leak: %s\n", e.displayText().c_str());
    }
    report_zombies();
    return 0;
}
