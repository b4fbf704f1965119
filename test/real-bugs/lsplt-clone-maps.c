// Real bug: PerformanC/LSPlt, lsplt/src/main/jni/lsplt.c, lsplt_scan_maps()
// starts a helper with syscall(SYS_clone, SIGCHLD, 0) that passes a
// /proc/PID/maps descriptor back over a socket, and never waited for it.
//   fix:    6a1f9b736d99d5418490dfe7abddf59c4bf70de3 ("Fix the redundant
//           zombie child process after clone()", PR #1)
//   parent: 4a1622f072e54c8af9106fe5c1bfdbccbe9f17d0
// The fix added waitpid() on the final return and on the `cleanup_maps`
// error label only.  The earlier error returns (descriptor not received,
// fdopen or calloc failed) still leave the helper unreaped, and still do at
// the newest commit we read (6001f1e): the check reports those as well.
// Reproduction written for this test (same shape, not the project's code).
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int recv_fd(int sock);
int send_fd(int sock, int fd);
void *parse_maps(FILE *fp);

void *scan_maps_before(int sockets[2]) {
  int helper = syscall(SYS_clone, SIGCHLD, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: child process 'helper' started by 'syscall' is never reaped [process-unreaped-child]
  if (helper == -1)
    return NULL;
  if (helper == 0) {
    send_fd(sockets[1], 3);
    _exit(EXIT_SUCCESS);
  }
  close(sockets[1]);
  int fd = recv_fd(sockets[0]);
  if (fd < 0)
    return NULL;
  FILE *fp = fdopen(fd, "r");
  if (!fp) {
    close(fd);
    return NULL;
  }
  void *maps = parse_maps(fp);
  fclose(fp);
  if (!maps)
    goto cleanup;
  return maps;
cleanup:
  close(sockets[0]);
  return NULL;
}

void *scan_maps_after(int sockets[2]) {
  int helper = syscall(SYS_clone, SIGCHLD, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: child process 'helper' started by 'syscall' is not reaped on every path [process-unreaped-child]
  if (helper == -1)
    return NULL;
  if (helper == 0) {
    send_fd(sockets[1], 3);
    _exit(EXIT_SUCCESS);
  }
  close(sockets[1]);
  int fd = recv_fd(sockets[0]);
  if (fd < 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'fd < 0' is true
    return NULL; // still a zombie here after the fix
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'helper' is still unreaped when the function returns here
  FILE *fp = fdopen(fd, "r");
  if (!fp) {
    close(fd);
    return NULL;
  }
  void *maps = parse_maps(fp);
  fclose(fp);
  if (!maps)
    goto cleanup;
  waitpid(helper, NULL, 0);
  return maps;
cleanup:
  close(sockets[0]);
  waitpid(helper, NULL, 0);
  return NULL;
}

void *scan_maps_complete(int sockets[2]) {
  int helper = syscall(SYS_clone, SIGCHLD, 0); // no-warning: every return after the clone waits
  if (helper == -1)
    return NULL;
  if (helper == 0) {
    send_fd(sockets[1], 3);
    _exit(EXIT_SUCCESS);
  }
  close(sockets[1]);
  void *maps = NULL;
  int fd = recv_fd(sockets[0]);
  if (fd < 0)
    goto out;
  FILE *fp = fdopen(fd, "r");
  if (!fp) {
    close(fd);
    goto out;
  }
  maps = parse_maps(fp);
  fclose(fp);
out:
  close(sockets[0]);
  waitpid(helper, NULL, 0);
  return maps;
}
