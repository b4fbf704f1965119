// A popen() stream closed with fclose(): a warning at the fclose(), which is
// no start site of the inventory; the other stream is closed with pclose().
#include <stdio.h>

int closed_with_fclose(void) {
  FILE *p = popen("true", "r");
  if (!p)
    return -1;
  fclose(p);
  return 0;
}

int closed_with_pclose(void) {
  FILE *q = popen("true", "r");
  if (!q)
    return -1;
  return pclose(q);
}
