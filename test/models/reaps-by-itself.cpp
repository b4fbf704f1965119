// Libraries that reap what they start: Qt's QProcess (~QProcess kills and
// waits; startDetached double-forks) and libuv (the loop reaps while the
// process handle is open).  No start site, no noise.
// RUN: %check_tidy %s %t -- %tidy -- -std=c++17 -fPIC %qt_cflags %uv_cflags
#include <QtCore/QProcess>
#include <uv.h>

void qprocess() {
  QProcess p; // no-warning: QProcess reaps its child
  p.start("true", QStringList());
  p.kill();
}

bool detached() {
  return QProcess::startDetached("true", QStringList()); // no-warning: double fork
}

int spawned(uv_loop_t *loop, uv_process_t *handle,
            const uv_process_options_t *options) {
  return uv_spawn(loop, handle, options); // no-warning: the loop reaps it
}

// The positive control: the check is loaded and reports in this unit.
#include <unistd.h>
void control() {
  fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
}
