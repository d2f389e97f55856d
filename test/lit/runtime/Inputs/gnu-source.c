/* The runtime comes first, then the file's own feature macro and system
 * headers: GNU functions must be declared (under -std=c99 they are only
 * with _GNU_SOURCE, which would be too late had the runtime included a
 * system header). The file also defines macros and functions named like
 * libc functions and like runtime internals, which must not change what
 * the runtime does. */
#include "p3_runtime.h"
#define _GNU_SOURCE 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* POSIX names: a careless runtime would call these through asm labels. */
static int write(int x) { return x + 1; }
static int getpid(void) { return 42; }
static char *getcwd(char *buf, size_t n) { return n ? strcpy(buf, "/x") : buf; }
static int sched_yield(void) { return 7; }
static int open(int x) { return x; }

/* Names of fields and locals a careless macro would expand. */
#define count broken
#define counts broken
#define next broken
#define lock broken
#define slots broken
#define id broken
#define hash broken
#define r broken

static p3_u64 p3_counts_0[3];
static struct p3_function p3_functions_gnu[] = {
    P3_FUNCTION(0, 2, p3_counts_0),
    P3_FUNCTION_HASHED(1, 1000),
};
P3_UNIT(p3_functions_gnu, 0, "00000000000000aa")

static int word_length(const char *s) {
  P3_ENTER(p3_functions_gnu, 1, P3_HASHED);
  const char *e = strchrnul(s, ' ');
  if (P3_IF(*e == 0, P3_ADD(5), P3_NONE)) {
    P3_COUNT(0);
    return (int)(e - s);
  }
  P3_COUNT(0);
  return (int)(e - s);
}

int main(void) {
  P3_ENTER(p3_functions_gnu, 0, p3_counts_0);
  char *msg = 0, buf[4096];
  int n;
  if (asprintf(&msg, "%s %d", "hello", 5) < 0)
    return 1;
  n = word_length(msg) + word_length("x");
  if (memmem(msg, strlen(msg), "lo", 2) == 0)
    return 1;
  /* The real pid, as realpath (another GNU-gated function) sees it. */
  if (!realpath("/proc/self", buf))
    return 1;
  printf("%s %d %d %d %d %d %s\n", msg, n, write(1), getpid(), sched_yield(),
         open(3), getcwd(buf + 1000, 8));
  printf("pid %s\n", strrchr(buf, '/') + 1);
  free(msg);
  P3_COUNT(1);
  return 0;
}
