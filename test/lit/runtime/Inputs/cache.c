/* Hashed functions with a cache (P3_FUNCTION_CACHED, as p3-rewrite emits a
 * function with more ids than the array limit): counts go to a
 * direct-mapped cache of (id, count) entries, and to the hash table when an
 * entry changes hands. Whatever the cache holds, every count must arrive:
 *  - many: 100000 distinct ids (i * 2^32 + 7), far more than the cache's
 *    entries, each counted in two passes (the first part of a count reaches
 *    the table by eviction, the rest is in the cache or the table at exit);
 *  - clash: three ids that share one cache entry, taken in turn (every
 *    count a miss), then the last one seven times, still cached when the
 *    process forks;
 *  - few: ids 0..1499 of a function with 1000 ids: 1000..1499 are counted
 *    as dropped, whether they leave the cache by eviction or at exit.
 * Then a fork: the child reports only its own counts (the parent's cached
 * ones are cleared), the parent everything. cache.test has the numbers. */
#include "p3_runtime.h"
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define N 100000

static struct p3_slot p3_cache_0[P3_CACHE_SLOTS];
static struct p3_slot p3_cache_1[P3_CACHE_SLOTS];
static struct p3_slot p3_cache_2[P3_CACHE_SLOTS];
static struct p3_function p3_functions_cache[] = {
    P3_FUNCTION_CACHED(0, 18446744073709551615ULL, p3_cache_0), /* many */
    P3_FUNCTION_CACHED(1, 1000000000000ULL, p3_cache_1),        /* clash */
    P3_FUNCTION_CACHED(2, 1000, p3_cache_2),                    /* few */
};
P3_UNIT(p3_functions_cache, 0, "00000000000cac4e")

/* Path id * 2^32 + 7; 3 probes. */
static void many(p3_u64 id) {
  P3_ENTER(p3_functions_cache, 0, p3_cache_0);
  P3_ADD(id << 32);
  P3_COUNT(7);
}

/* Path ID; 2 probes. */
static void clash(p3_u64 id) {
  P3_ENTER(p3_functions_cache, 1, p3_cache_1);
  P3_COUNT(id);
}

/* Path ID; 2 probes. */
static void few(p3_u64 id) {
  P3_ENTER(p3_functions_cache, 2, p3_cache_2);
  P3_COUNT(id);
}

int main(void) {
  p3_u64 i, j, ids[3], n = 0, want = p3_cache_index_(1, 1024);
  pid_t pid;
  for (i = 0; i < N; ++i) {
    many(i);
    if (i % 3 != 0)
      many(i);
  }
  for (i = 0; i < N; i += 7)
    many(i);

  /* Three ids in the entry of id 1 of a 1024-entry cache (the size of
   * P3_CACHE_SLOTS outside thread-safe mode). */
  for (i = 1; n < 3; ++i)
    if (p3_cache_index_(i, 1024) == want)
      ids[n++] = i;
  for (i = 0; i < 1000; ++i) {
    clash(ids[0]);
    clash(ids[1]);
    if (i % 200 == 0)
      clash(ids[2]);
  }
  for (i = 0; i < 2; ++i)
    clash(ids[2]);
  printf("clash %llu %llu %llu\n", ids[0], ids[1], ids[2]);

  for (i = 0; i < 1500; ++i)
    for (j = 0; j <= i % 5; ++j)
      few(i);

  fflush(stdout);
  pid = fork();
  if (pid == 0) {
    for (i = 0; i < 3; ++i)
      clash(ids[2]);
    printf("child %d\n", (int)getpid());
    return 0;
  }
  waitpid(pid, 0, 0);
  clash(ids[2]);
  clash(ids[2]);
  printf("parent %d\n", (int)getpid());
  return 0;
}
