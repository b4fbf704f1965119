// GLib (real headers): g_spawn_async* start a child of the caller only with
// G_SPAWN_DO_NOT_REAP_CHILD; a child watch hands it to the main context,
// which reaps it; g_spawn_close_pid does nothing on Unix; the result is FALSE
// and *error set when nothing was started.
// RUN: %check_tidy %s %t -- %tidy -- %glib_cflags
#include <gio/gio.h>
#include <glib.h>
#include <signal.h>
#include <sys/wait.h>

void no_watch(char **argv) {
  GPid pid;
  GError *error = NULL;
  if (!g_spawn_async(NULL, argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_SEARCH_PATH,
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: child process 'pid' started by 'g_spawn_async' is never reaped [process-unreaped-child]
                     NULL, NULL, &pid, &error))
    return;
  g_spawn_close_pid(pid);
}

void watched(char **argv, GChildWatchFunc on_exit) {
  GPid pid; // no-warning: the child watch reaps it from the main context
  if (!g_spawn_async(NULL, argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                     &pid, NULL))
    return;
  g_child_watch_add(pid, on_exit, NULL);
}

void watched_full(char **argv, GChildWatchFunc on_exit) {
  GPid pid; // no-warning: g_child_watch_add_full takes the pid second
  if (g_spawn_async(NULL, argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                    &pid, NULL))
    g_child_watch_add_full(G_PRIORITY_DEFAULT, pid, on_exit, NULL, NULL);
}

void reaped_by_glib(char **argv) {
  GPid pid; // no-warning: without DO_NOT_REAP_CHILD GLib double-forks
  g_spawn_async(NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &pid, NULL);
}

void killed_after_error_check(char **argv) {
  GPid pid;
  GError *error = NULL;
  g_spawn_async_with_pipes(NULL, argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL,
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: child process 'pid' started by 'g_spawn_async_with_pipes' is killed but never reaped; kill() does not reap [process-unreaped-child]
                           NULL, &pid, NULL, NULL, NULL, &error);
  if (error) {
    g_error_free(error);
    return;
  }
  kill(pid, SIGTERM);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'kill' signals the child but does not reap it; call waitpid() after it
}

void waited_after_error_check(char **argv) {
  GPid pid; // no-warning: the error branch started nothing, the other waits
  GError *error = NULL;
  g_spawn_async_with_fds(NULL, argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL,
                         NULL, &pid, -1, -1, -1, &error);
  if (error != NULL) {
    g_error_free(error);
    return;
  }
  waitpid(pid, NULL, 0);
}

gboolean leaks_on_one_path(char **argv, gboolean early) {
  GPid pid;
  if (!g_spawn_async_with_pipes_and_fds(NULL, (const gchar *const *)argv, NULL,
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: child process 'pid' started by 'g_spawn_async_with_pipes_and_fds' is not reaped on every path [process-unreaped-child]
                                        G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                        -1, -1, -1, NULL, NULL, 0, &pid, NULL,
                                        NULL, NULL, NULL))
    return FALSE;
  if (early)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'early' is true
    return FALSE;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when the function returns here
  waitpid(pid, NULL, 0);
  return TRUE;
}

int synchronous(char **argv) {
  int status = 0; // no-warning: g_spawn_sync waits for its child
  g_spawn_sync(NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL,
               &status, NULL);
  return status;
}

void subprocess(void) {
  // no-warning: GSubprocess reaps its child from GLib's worker thread
  GSubprocess *p = g_subprocess_new(G_SUBPROCESS_FLAGS_NONE, NULL, "true", NULL);
  g_object_unref(p);
}
