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
struct Job {
  explicit Job(const char *cmd);
  void finish();
  void cancel();
};
#endif
