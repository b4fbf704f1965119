#include "helper.h"

int main(void) { return run_helper(); }
