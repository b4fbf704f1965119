// poco_launch_fixed.cpp - poco_launch_leak.cpp after the fix: the stop waits
// for the follower it killed, so no zombie is left.
//
// Build: clang++ -std=c++17 -Wall -o poco_launch_fixed poco_launch_fixed.cpp -lPocoFoundation
// Prints "zombies: 0".
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
    Poco::ProcessHandle follower = Poco::Process::launch("/bin/sleep", args); // no-warning: the stop below waits
    std::fprintf(stderr, "follower %d started\n", static_cast<int>(follower.id()));
    std::this_thread::sleep_for(how_long);

    // stop: the session is over, the follower must go
    Poco::Process::kill(follower);
    int code = follower.wait(); // the fix
    std::fprintf(stderr, "follower stopped (%d)\n", code);
}

int main()
{
    try {
        follow_for(std::chrono::milliseconds(100));
    } catch (const Poco::Exception &e) {
        std::fprintf(stderr, "poco_launch_fixed: %s\n", e.displayText().c_str());
    }
    report_zombies();
    return 0;
}
