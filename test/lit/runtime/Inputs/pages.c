/* Counter pages never written: a function with 64 MiB of counters (16 384
 * pages of 4 KiB) of which a few are hit, and 1 024 small functions of 1 000
 * ids (8 MiB, 2 000 pages) of which two are hit. The dump and a forked
 * child's reset skip the pages the process never wrote (/proc/self/pagemap),
 * find every count on the others, and fault in no page they skip: the
 * parent prints the child's minor page faults (wait4), which reading or
 * clearing every page of the big array would push above 16 384, and every
 * page of the small ones above 2 000 (each: 4 000). pages.test has the
 * numbers. */
#define _DEFAULT_SOURCE 1 /* wait4 under -std=c99 */
#include "p3_runtime.h"
#include <stdio.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define BIG 8388608
#define SMALL 1024
static p3_u64 p3_counts_0[3];
static p3_u64 p3_counts_1[BIG + 1];
static p3_u64 p3_counts_s[SMALL][1001];
#define S1(i) P3_FUNCTION(2 + (i), 1000, p3_counts_s[i]),
#define S4(i) S1(i) S1((i) + 1) S1((i) + 2) S1((i) + 3)
#define S16(i) S4(i) S4((i) + 4) S4((i) + 8) S4((i) + 12)
#define S64(i) S16(i) S16((i) + 16) S16((i) + 32) S16((i) + 48)
#define S256(i) S64(i) S64((i) + 64) S64((i) + 128) S64((i) + 192)
static struct p3_function p3_functions_pages[] = {
    P3_FUNCTION(0, 2, p3_counts_0),   /* main */
    P3_FUNCTION(1, BIG, p3_counts_1), /* hit */
    S256(0) S256(256) S256(512) S256(768) /* small: 2 + i */
};
P3_UNIT(p3_functions_pages, 0, "0123456789abcdef")

/* Path ID of hit. */
static void hit(p3_u64 id) {
  P3_ENTER(p3_functions_pages, 1, p3_counts_1);
  P3_COUNT(id);
}

/* Path ID of small function I. */
static void small(int i, p3_u64 id) {
  P3_ENTER(p3_functions_pages, 2 + i, p3_counts_s[i]);
  P3_COUNT(id);
}

static void hits(p3_u64 id, int times) {
  int i;
  for (i = 0; i < times; ++i)
    hit(id);
}

int main(void) {
  P3_ENTER(p3_functions_pages, 0, p3_counts_0);
  struct rusage usage;
  pid_t pid;
  int status;
  hits(0, 1);
  hits(4095, 2);
  hits(BIG - 1, 3);
  small(700, 5);
  small(700, 5);
  fflush(stdout);
  pid = fork();
  if (P3_IF(pid == 0, P3_ADD(1), P3_NONE)) {
    hits(1, 4);
    hits(BIG / 2, 5);
    hits(BIG / 2 + 1, 6);
    small(1000, 999);
    P3_COUNT(0);
    return 0;
  }
  if (wait4(pid, &status, 0, &usage) != pid || status != 0)
    return 1;
  hits(4095, 7);
  hits(4096, 8);
  printf("parent %d\n", (int)getpid());
  printf("child %d\n", (int)pid);
  printf("few page faults in the child: %s\n",
         usage.ru_minflt < 2000 ? "yes" : "no");
  P3_COUNT(0);
  return 0;
}
