/*
 * glib_spawn_leak.c - g_spawn_async() told not to reap, and no child watch.
 *
 * notify_async() hands a message to a notifier command with g_spawn_async()
 * and returns at once.  G_SPAWN_DO_NOT_REAP_CHILD tells GLib that the caller
 * will reap the child itself, with g_child_watch_add() or waitpid(); this
 * caller only calls g_spawn_close_pid(), which does nothing on Unix, so the
 * notifier stays <defunct> once it has delivered the message.
 *
 * Build: clang -Wall -o glib_spawn_leak glib_spawn_leak.c $(pkg-config --cflags --libs glib-2.0)
 * Prints "zombies: 1".
 */
#include <glib.h>
#include <stdio.h>

#include "zombies.h"

static gboolean notify_async(const char *message)
{
    gchar *argv[] = {"sh", "-c", "echo \"notify: $1\" >&2", "notify", (gchar *)message, NULL};
    GPid pid;
    GError *error = NULL;

    if (!g_spawn_async(NULL, argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_SEARCH_PATH,
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: child process 'pid' started by 'g_spawn_async' is never reaped [process-unreaped-child]
                       NULL, NULL, &pid, &error)) {
        fprintf(stderr, "notify: %s\n", error->message);
        g_error_free(error);
        return FALSE;
    }
    fprintf(stderr, "notifier %d started\n", (int)pid);
    g_spawn_close_pid(pid); /* BUG: does nothing on Unix; nothing watches the child */
    return TRUE;
}

int main(void)
{
    if (!notify_async("build finished"))
        fprintf(stderr, "notification failed\n");
    report_zombies();
    return 0;
}
