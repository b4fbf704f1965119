// Code only the shell contains.
#include <stdio.h>

void zwarn(const char *msg) { fprintf(stderr, "zsh: %s\n", msg); }
