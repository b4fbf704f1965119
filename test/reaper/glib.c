// process-reaper-conflict with GLib (real headers): g_spawn_sync and
// g_spawn_command_line_sync wait for their own child with waitpid(); in a
// program that ignores SIGCHLD the wait status asked for is lost (GLib
// warns "ECHILD was received by waitpid()").  Not asking for it loses
// nothing.
// RUN: %check_tidy %s %t -- %tidy_reaper -- %glib_cflags
#include <glib.h>
#include <signal.h>

int status_of(const char *cmd) {
  gint status = 0;
  GError *error = NULL;
  if (!g_spawn_command_line_sync(cmd, NULL, NULL, &status, &error))
    // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: call to g_spawn_command_line_sync() waits for one child, but this process leaves its children to the kernel (SIGCHLD ignored or SA_NOCLDWAIT); the wait fails with ECHILD and the exit status is lost [process-reaper-conflict]
    return -1;
  return status;
}

void fire(const char *cmd) { g_spawn_command_line_sync(cmd, NULL, NULL, NULL, NULL); }

int main(void) {
  signal(SIGCHLD, SIG_IGN);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: SIGCHLD is set here to have the kernel reap every child
  fire("true");
  return status_of("true");
}
