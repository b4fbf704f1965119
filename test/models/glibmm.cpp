// glibmm (real headers): Glib::spawn_async starts a child of the caller only
// with SPAWN_DO_NOT_REAP_CHILD, in either overload (with or without envp);
// a child watch connected with signal_child_watch() reaps it.
// RUN: %check_tidy %s %t -- %tidy -- -std=c++17 %glibmm_cflags
#include <glibmm.h>
#include <string>
#include <vector>

using Argv = std::vector<std::string>;

void no_watch(const Argv &argv) {
  Glib::Pid pid;
  Glib::spawn_async("", argv, Glib::SPAWN_DO_NOT_REAP_CHILD | Glib::SPAWN_SEARCH_PATH,
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: child process 'pid' started by 'Glib::spawn_async' is never reaped [process-unreaped-child]
                    Glib::SlotSpawnChildSetup(), &pid);
  Glib::spawn_close_pid(pid);
}

void with_envp(const Argv &argv, const Argv &envp) {
  Glib::Pid pid;
  Glib::spawn_async("", argv, envp, Glib::SPAWN_DO_NOT_REAP_CHILD,
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: child process 'pid' started by 'Glib::spawn_async' is never reaped [process-unreaped-child]
                    Glib::SlotSpawnChildSetup(), &pid);
}

void watched(const Argv &argv, const sigc::slot<void, Glib::Pid, int> &done) {
  Glib::Pid pid; // no-warning: the child watch reaps it
  Glib::spawn_async("", argv, Glib::SPAWN_DO_NOT_REAP_CHILD,
                    Glib::SlotSpawnChildSetup(), &pid);
  Glib::signal_child_watch().connect(done, pid);
}

void reaped_by_glib(const Argv &argv) {
  Glib::Pid pid; // no-warning: without DO_NOT_REAP_CHILD GLib double-forks
  Glib::spawn_async("", argv, Glib::SPAWN_SEARCH_PATH,
                    Glib::SlotSpawnChildSetup(), &pid);
}
