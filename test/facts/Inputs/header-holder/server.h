#ifndef SERVER_H
#define SERVER_H
#include <sys/types.h>

/* The server's public state: its helper's pid is part of it. */
struct server {
  pid_t helper;
  int fd;
};

int server_start(struct server *s);
void server_stop(struct server *s);
#endif
