/* Eight threads count into the same array and hash tables at once, in
 * thread-safe mode (which p3-rewrite selects by defining P3_THREAD_SAFE at
 * the top of the copy's p3_runtime.h). Every count must arrive: the hash
 * tables grow from 16 to 2048 slots while the threads insert. One hashed
 * function is declared as p3-rewrite emits it, with a cache
 * (P3_FUNCTION_CACHED), which thread-safe mode does not use; the other
 * without (P3_FUNCTION_HASHED). */
#define P3_THREAD_SAFE 1
#include "p3_runtime.h"
#include <pthread.h>
#include <stdio.h>

#define THREADS 8
#define ROUNDS 100000

static p3_u64 p3_counts_0[5];
static p3_u64 p3_counts_1[2];
static struct p3_slot p3_cache_3[P3_CACHE_SLOTS];
static struct p3_function p3_functions_threads[] = {
    P3_FUNCTION(0, 4, p3_counts_0),        /* classify */
    P3_FUNCTION_HASHED(1, 1000000000ULL),  /* spread */
    P3_FUNCTION(2, 1, p3_counts_1),        /* worker */
    P3_FUNCTION_CACHED(3, 1000000000ULL, p3_cache_3), /* spreadc */
};
P3_UNIT(p3_functions_threads, 5, "0000000000000077")

/* Paths 0..3 by i % 4; 3 probes (entry, add or none, count). */
static int classify(long i) {
  P3_ENTER(p3_functions_threads, 0, p3_counts_0);
  switch (i % 4) {
  case 0:
    P3_COUNT(0);
    return 0;
  case 1:
    P3_ADD(1);
    break;
  case 2:
    P3_ADD(2);
    break;
  default:
    P3_ADD(3);
    break;
  }
  P3_COUNT(0);
  return 1;
}

/* 1000 ids in the hash table, 3 probes. */
static int spread(long i) {
  P3_ENTER(p3_functions_threads, 1, P3_HASHED);
  P3_ADD(500000000);
  P3_COUNT(i % 1000);
  return 1;
}

/* The same, through a cache (unused in thread-safe mode), ids 6e8 + ... */
static int spreadc(long i) {
  P3_ENTER(p3_functions_threads, 3, p3_cache_3);
  P3_ADD(600000000);
  P3_COUNT(i % 1000);
  return 1;
}

/* A loop: the back edge counts path 1 and resets to 0; the exit counts
 * path 0. Probes: 1 + ROUNDS * 2 + 1. */
static void *worker(void *arg) {
  P3_ENTER(p3_functions_threads, 2, p3_counts_1);
  long i, n = 0;
  (void)arg;
  for (i = 0; i < ROUNDS; P3_SEQ(++i, P3_BACK(1, 0)))
    n += classify(i) + spread(i) + spreadc(i);
  P3_COUNT(0);
  return (void *)n;
}

int main(void) {
  pthread_t t[THREADS];
  int i;
  for (i = 0; i < THREADS; ++i)
    if (pthread_create(&t[i], 0, worker, 0) != 0)
      return 1;
  for (i = 0; i < THREADS; ++i)
    pthread_join(t[i], 0);
  printf("done\n");
  return 0;
}
