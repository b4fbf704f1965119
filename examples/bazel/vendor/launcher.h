/* A vendored job launcher, described to the check by reapcheck/launcher.yaml. */
#ifndef LAUNCHER_H
#define LAUNCHER_H

#include <sys/types.h>

/* Starts CMD; stores the child's pid in *JOB and returns 0, or -1. */
int launch_job(const char *cmd, pid_t *job);

/* Reaps JOB. */
void job_wait(pid_t job);

#endif
