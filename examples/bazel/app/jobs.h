#ifndef JOBS_H
#define JOBS_H

#include <stdio.h>

/* Runs CMD in a worker, noting it in LOG; returns its wait status or -1. */
int run_job(const char *cmd, FILE *log);

#endif
