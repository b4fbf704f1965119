/*
 * glib_spawn_fixed.c - glib_spawn_leak.c with a child watch on the notifier.
 *
 * notify_async() now hands the child to the main context with
 * g_child_watch_add(): GLib reaps it there when it exits and then calls
 * on_notifier_exit(), which quits the main loop that main() runs.
 *
 * Build: clang -Wall -o glib_spawn_fixed glib_spawn_fixed.c $(pkg-config --cflags --libs glib-2.0)
 * Prints "zombies: 0".
 */
#include <glib.h>
#include <stdio.h>

#include "zombies.h"

/* Called from the main context once GLib has reaped the notifier. */
static void on_notifier_exit(GPid pid, gint wait_status, gpointer data)
{
    GMainLoop *loop = data;
    fprintf(stderr, "notifier %d finished (wait status %d)\n", (int)pid, wait_status);
    g_spawn_close_pid(pid);
    g_main_loop_quit(loop);
}

static gboolean notify_async(const char *message, GMainLoop *loop)
{
    gchar *argv[] = {"sh", "-c", "echo \"notify: $1\" >&2", "notify", (gchar *)message, NULL};
    GPid pid;
    GError *error = NULL;

    if (!g_spawn_async(NULL, argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_SEARCH_PATH,
                       NULL, NULL, &pid, &error)) {
        fprintf(stderr, "notify: %s\n", error->message);
        g_error_free(error);
        return FALSE;
    }
    fprintf(stderr, "notifier %d started\n", (int)pid);
    g_child_watch_add(pid, on_notifier_exit, loop); /* FIX: the main context reaps it */
    return TRUE;
}

int main(void)
{
    GMainLoop *loop = g_main_loop_new(NULL, FALSE);
    if (notify_async("build finished", loop))
        g_main_loop_run(loop); /* until on_notifier_exit() quits it */
    else
        fprintf(stderr, "notification failed\n");
    g_main_loop_unref(loop);
    report_zombies();
    return 0;
}
