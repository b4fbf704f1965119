// APR (real headers): apr_proc_create starts the child described by the
// apr_proc_t it fills; apr_proc_wait reaps it (APR_WAIT) or polls it
// (APR_NOWAIT, APR_CHILD_NOTDONE while it runs); apr_pool_note_subprocess
// hands it to the pool's cleanup unless APR_KILL_NEVER; apr_proc_kill only
// signals.
// RUN: %check_tidy %s %t -- %tidy -- %apr_cflags
#include <apr_pools.h>
#include <apr_thread_proc.h>
#include <apr_time.h>
#include <signal.h>

typedef const char *const *Args;

apr_status_t polled_once(const char *prog, Args args, apr_procattr_t *attr,
                         apr_pool_t *pool) {
  apr_proc_t proc;
  apr_status_t rv = apr_proc_create(&proc, prog, args, NULL, attr, pool);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: child process 'proc' started by 'apr_proc_create' is never reaped [process-unreaped-child]
  if (rv != APR_SUCCESS)
    return rv;
  int code;
  apr_exit_why_e why;
  return apr_proc_wait(&proc, &code, &why, APR_NOWAIT);
}

apr_status_t waited(const char *prog, Args args, apr_procattr_t *attr,
                    apr_pool_t *pool) {
  apr_proc_t proc;
  apr_status_t rv = apr_proc_create(&proc, prog, args, NULL, attr, pool); // no-warning: APR_WAIT reaps
  if (rv != APR_SUCCESS)
    return rv;
  return apr_proc_wait(&proc, NULL, NULL, APR_WAIT);
}

apr_status_t noted(const char *prog, Args args, apr_procattr_t *attr,
                   apr_pool_t *pool) {
  apr_proc_t *proc = apr_palloc(pool, sizeof *proc);
  apr_status_t rv = apr_proc_create(proc, prog, args, NULL, attr, pool); // no-warning: the pool's cleanup waits
  if (rv == APR_SUCCESS)
    apr_pool_note_subprocess(pool, proc, APR_KILL_AFTER_TIMEOUT);
  return rv;
}

void noted_never_killed(const char *prog, Args args, apr_procattr_t *attr,
                        apr_pool_t *pool) {
  apr_proc_t proc;
  if (apr_proc_create(&proc, prog, args, NULL, attr, pool) == APR_SUCCESS)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process 'proc' started by 'apr_proc_create' is never reaped [process-unreaped-child]
    apr_pool_note_subprocess(pool, &proc, APR_KILL_NEVER);
}

void polled_until_done(const char *prog, Args args, apr_procattr_t *attr,
                       apr_pool_t *pool) {
  apr_proc_t proc;
  if (apr_proc_create(&proc, prog, args, NULL, attr, pool) != APR_SUCCESS) // no-warning: the loop ends when it reaped
    return;
  while (apr_proc_wait(&proc, NULL, NULL, APR_NOWAIT) == APR_CHILD_NOTDONE)
    apr_sleep(1000);
}

void killed(const char *prog, Args args, apr_procattr_t *attr,
            apr_pool_t *pool) {
  apr_proc_t proc;
  if (apr_proc_create(&proc, prog, args, NULL, attr, pool) != APR_SUCCESS)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process 'proc' started by 'apr_proc_create' is killed but never reaped; kill() does not reap [process-unreaped-child]
    return;
  apr_proc_kill(&proc, SIGTERM);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'apr_proc_kill' signals the child but does not reap it; call apr_proc_wait() after it
}

void reaped_by_any(const char *prog, Args args, apr_procattr_t *attr,
                   apr_pool_t *pool) {
  apr_proc_t proc, done;
  if (apr_proc_create(&proc, prog, args, NULL, attr, pool) != APR_SUCCESS) // no-warning: a blocking wait for any child
    return;
  apr_proc_wait_all_procs(&done, NULL, NULL, APR_WAIT, pool);
}
