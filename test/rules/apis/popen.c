// popen streams: stdio calls are harmless, pclose reaps, fclose is its own
// diagnostic with a fix-it to pclose that --fix applies.
// RUN: %check_tidy --fix %s %t -- %tidy -- -std=gnu11
#include <stdio.h>
#include <string.h>

void stdio_is_harmless(void) {
  FILE *p = popen("ls", "r");
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: child process 'p' started by 'popen' is never reaped [process-unreaped-child]
  if (!p)
    return;
  char line[128];
  while (fgets(line, sizeof line, p))
    fputs(line, stdout);
  int fd = fileno(p);
  (void)fd;
  if (ferror(p) || feof(p))
    fflush(p);
}

int read_and_pclose(char *buf, int size) {
  FILE *p = popen("uname", "r"); // no-warning: pclose on every path
  if (p == NULL)
    return -1;
  if (!fgets(buf, size, p)) {
    pclose(p);
    return -1;
  }
  return pclose(p);
}

void closed_with_fclose(void) {
  FILE *p = popen("ls", "r");
  if (!p)
    return;
  char line[128];
  fgets(line, sizeof line, p);
  fclose(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: stream 'p' from popen() is closed with fclose(); POSIX requires pclose(), and on musl and the BSDs the child stays a zombie [process-unreaped-child]
  // CHECK-FIXES: pclose(p);
}

void fclose_of_a_file_is_fine(void) {
  FILE *f = fopen("/etc/hostname", "r"); // no-warning: not a popen stream
  if (f)
    fclose(f);
}

void early_return_before_pclose(int check) {
  FILE *p = popen("ls", "w");
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: child process 'p' started by 'popen' is not reaped on every path [process-unreaped-child]
  if (!p)
    return;
  if (fprintf(p, "x\n") < 0 && check)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'fprintf(p, "x\n") < 0' is true
  // CHECK-MESSAGES: :[[@LINE-2]]:32: note: assuming 'check' is true
    return;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'p' is still unreaped when the function returns here
  pclose(p);
}
