#ifndef HELPER_H
#define HELPER_H
int run_helper(void);
#endif
