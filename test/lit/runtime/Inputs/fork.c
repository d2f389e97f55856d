/* A process that forks: the child must report only what it runs after the
 * fork, the parent everything it runs. Built with and without
 * P3_COUNT_PROBES; fork.test has the numbers. */
#include "p3_runtime.h"
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static p3_u64 p3_counts_0[3];
static p3_u64 p3_counts_1[4];
static struct p3_function p3_functions_fork[] = {
    P3_FUNCTION(0, 2, p3_counts_0),           /* main */
    P3_FUNCTION(1, 3, p3_counts_1),           /* step */
    P3_FUNCTION_HASHED(2, 5000000000000ULL), /* hstep */
};
P3_UNIT(p3_functions_fork, 0, "0123456789abcdef")

/* Path k; 2 probes. */
static void step(int k) {
  P3_ENTER(p3_functions_fork, 1, p3_counts_1);
  P3_COUNT(k);
}

/* Path 1e12 + k, in the hash table; 3 probes. */
static void hstep(int k) {
  P3_ENTER(p3_functions_fork, 2, P3_HASHED);
  P3_ADD(1000000000000ULL);
  P3_COUNT(k);
}

static void run(int k, int times) {
  int i;
  for (i = 0; i < times; ++i) {
    step(k);
    hstep(k);
  }
}

int main(void) {
  P3_ENTER(p3_functions_fork, 0, p3_counts_0);
  pid_t pid;
  run(0, 3);
  fflush(stdout);
  pid = fork();
  if (P3_IF(pid == 0, P3_ADD(1), P3_NONE)) {
    run(1, 5);
    printf("child %d\n", (int)getpid());
    P3_COUNT(0);
    return 0;
  }
  waitpid(pid, 0, 0);
  run(2, 7);
  printf("parent %d\n", (int)getpid());
  P3_COUNT(0);
  return 0;
}
