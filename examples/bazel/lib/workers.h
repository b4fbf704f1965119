/* The workers library: spawn.c starts a worker, reaper.c reaps it. */
#ifndef WORKERS_H
#define WORKERS_H

#include <sys/types.h>

/* Starts CMD in a child shell; returns its pid, or -1 when none started. */
pid_t spawn_worker(const char *cmd);

/* Waits for the worker PID; returns its wait status. */
int reap_worker(pid_t pid);

#endif
