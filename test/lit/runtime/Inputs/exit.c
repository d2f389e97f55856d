/* exit() from deep inside, and what still runs after it: an atexit handler
 * and (in C++) a static object's destructor run instrumented code, which
 * the profile must include. With an argument, the process ends by _exit,
 * abort or a signal instead, and no profile is written. */
#include "p3_runtime.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static p3_u64 p3_counts_0[3];
static p3_u64 p3_counts_1[5];
static p3_u64 p3_counts_2[2];
static struct p3_function p3_functions_exit[] = {
    P3_FUNCTION(0, 2, p3_counts_0), /* main */
    P3_FUNCTION(1, 4, p3_counts_1), /* depth */
    P3_FUNCTION(2, 1, p3_counts_2), /* bye */
};
P3_UNIT(p3_functions_exit, 3, "fedcba9876543210")

static const char *how = "exit";
/* ("return": none of these, so that depth() is not infinite recursion.) */

static void bye(void) {
  P3_ENTER(p3_functions_exit, 2, p3_counts_2);
  P3_COUNT(0);
}

#ifdef __cplusplus
static struct Guard {
  ~Guard() { bye(); }
} guard;
#endif

/* Paths: 0 returns from a call with N > 0; 3 leaves the process (the count
 * comes before the call, as p3-rewrite places it before a noreturn call). */
static int depth(int n) {
  P3_ENTER(p3_functions_exit, 1, p3_counts_1);
  if (P3_IF(n == 0, P3_ADD(3), P3_NONE)) {
    P3_COUNT(0);
    if (strcmp(how, "_exit") == 0)
      _exit(4);
    if (strcmp(how, "abort") == 0)
      abort();
    if (strcmp(how, "signal") == 0)
      raise(SIGTERM);
    if (strcmp(how, "exit") == 0)
      exit(3);
    return 0;
  }
  depth(n - 1);
  P3_COUNT(0);
  return 1;
}

int main(int argc, char **argv) {
  P3_ENTER(p3_functions_exit, 0, p3_counts_0);
  if (argc > 1)
    how = argv[1];
  atexit(bye);
  printf("start\n");
  depth(5);
  P3_COUNT(1);
  return 0;
}
