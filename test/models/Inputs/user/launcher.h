#include <sys/types.h>
#ifdef __cplusplus
extern "C" {
#endif
int launch_job(const char *cmd, pid_t *job);
int job_wait(pid_t job);
int job_poll(pid_t job, int nohang);
void job_stop(pid_t job);
#ifdef __cplusplus
}
// Overloads that move the handle: the model names its parameter.
int launch_in(const char *dir, const char *cmd, pid_t *job, int flags);
int launch_in(const char *cmd, pid_t *job, int flags);
struct Job {
  explicit Job(const char *cmd);
  void finish();
  void cancel();
};
#endif
