// popen() streams kept in a field or a global and closed with fclose() in
// another function.
// RUN: %check_tidy --fix %s %t -- %tidy -- -std=c++17
#include <cstdio>

static FILE *g_pipe;

void open_global() { g_pipe = popen("sort", "w"); }
void close_global() {
  fclose(g_pipe);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: stream 'g_pipe' from popen() is closed with fclose(); POSIX requires pclose(), and on musl and the BSDs the child stays a zombie [process-unreaped-child]
  // CHECK-FIXES: pclose(g_pipe);
}

struct Mixed {
  FILE *f = nullptr;
  void open_command() { f = popen("ls", "r"); }
  void open_file() { f = fopen("/etc/hostname", "r"); }
  ~Mixed() {
    if (f)
      fclose(f); // no-warning: the field also holds fopen() streams
  }
};

struct Closed {
  FILE *p;
  Closed() : p(popen("ls", "r")) {}
  ~Closed() { pclose(p); } // no-warning: pclose
};
