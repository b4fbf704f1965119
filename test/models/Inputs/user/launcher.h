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
// A flag enum with its own (not constexpr) operator|.
enum class LaunchFlags : int { None = 0, Log = 1, Own = 4 };
LaunchFlags operator|(LaunchFlags a, LaunchFlags b);
int launch_in(const char *cmd, pid_t *job, LaunchFlags flags);
struct Job {
  explicit Job(const char *cmd);
  void finish();
  void cancel();
};
#endif
