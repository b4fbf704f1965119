#ifndef WORKER_H
#define WORKER_H
void stop_worker(void);
#endif
