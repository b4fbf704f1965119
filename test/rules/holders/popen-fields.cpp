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

// A namespace-scope initialiser and a member initialiser store pipes too.
static FILE *g_date = popen("date", "r");
void close_date() {
  fclose(g_date);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: stream 'g_date' from popen() is closed with fclose(); POSIX requires pclose(), and on musl and the BSDs the child stays a zombie [process-unreaped-child]
  // CHECK-FIXES: pclose(g_date);
}

struct InitClosed {
  FILE *p;
  InitClosed() : p(popen("ls", "r")) {}
  ~InitClosed() { fclose(p); }
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: stream 'p' from popen() is closed with fclose(); POSIX requires pclose(), and on musl and the BSDs the child stays a zombie [process-unreaped-child]
  // CHECK-FIXES: ~InitClosed() { pclose(p); }
};

// The store inside a lambda of a method counts.
struct LambdaStore {
  FILE *out = nullptr;
  void start() {
    auto open = [this] { out = popen("cat", "w"); };
    open();
  }
  void stop() { fclose(out); }
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: stream 'out' from popen() is closed with fclose(); POSIX requires pclose(), and on musl and the BSDs the child stays a zombie [process-unreaped-child]
  // CHECK-FIXES: void stop() { pclose(out); }
};

static FILE *g_log = fopen("/tmp/log", "a");
void close_log() { fclose(g_log); } // no-warning: a file, not a pipe

// Any other call returning a FILE * (a project's checked fopen()) stores a
// stream that is not a pipe, as fopen() does; a popen() wrapper of the unit
// stores a pipe.
FILE *xfopen(const char *path, const char *mode);

struct ViaHelper {
  FILE *f = nullptr;
  void open_command() { f = popen("ls", "r"); }
  void open_file() { f = xfopen("/etc/hostname", "r"); }
  int close(bool pipe) { return pipe ? pclose(f) : fclose(f); } // no-warning: the field also holds xfopen() streams
};

static FILE *spawn_reader(const char *cmd) {
  FILE *p = popen(cmd, "r");
  return p;
}

struct ViaWrapper {
  FILE *f = nullptr;
  void open_list() { f = popen("ls", "r"); }
  void open_date() { f = spawn_reader("date"); }
  void stop() { fclose(f); }
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: stream 'f' from popen() is closed with fclose(); POSIX requires pclose(), and on musl and the BSDs the child stays a zombie [process-unreaped-child]
  // CHECK-FIXES: void stop() { pclose(f); }
};
