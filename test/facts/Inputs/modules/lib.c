// A library both programs link.
#include <stdio.h>

void lib_log(const char *msg) { fprintf(stderr, "%s\n", msg); }
