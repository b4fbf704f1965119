// A library's model describes only what its own headers declare: a function
// of the same name declared elsewhere is another function.  The Models
// option turns a model on in every unit, or (`-name`) off.
// RUN: %check_tidy %s %t -- %tidy --
// RUN: %check_tidy --prefix CHECK-ON %s %t -- %tidy -config="{CheckOptions: [{key: process-unreaped-child.Models, value: glib}]}" --
// RUN: %check_tidy --prefix CHECK-OFF %s %t -- %tidy -config="{CheckOptions: [{key: process-unreaped-child.Models, value: '-posix;glib'}]}" --
#include <unistd.h>

typedef int GPid;
int g_spawn_async(const char *dir, char **argv, char **envp, int flags,
                  void *setup, void *data, GPid *pid, void **error);

void own_prototype(char **argv) {
  GPid pid; // no-warning by default: not GLib's g_spawn_async
  g_spawn_async(0, argv, 0, 2, 0, 0, &pid, 0);
  // CHECK-ON: :[[@LINE-1]]:3: warning: child process 'pid' started by 'g_spawn_async' is never reaped [process-unreaped-child]
  // CHECK-OFF: :[[@LINE-2]]:3: warning: child process 'pid' started by 'g_spawn_async' is never reaped [process-unreaped-child]
}

void posix(void) {
  fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
  // CHECK-ON: :[[@LINE-2]]:3: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
}
