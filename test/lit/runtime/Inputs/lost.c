/* mmap fails: the runtime must go on, keep what fits, count what does not
 * and report it. This program replaces mmap (the runtime's tables come from
 * it, not from the program's heap); budget says how many more calls may
 * succeed (negative: all). */
#include "p3_runtime.h"
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif
extern void *__mmap(void *, size_t, int, int, int, long);
static int budget = -1;
void *mmap(void *addr, size_t n, int prot, int flags, int fd, long off) {
  if (budget == 0)
    return (void *)-1;
  if (budget > 0)
    --budget;
  return __mmap(addr, n, prot, flags, fd, off);
}
#ifdef __cplusplus
}
#endif

static p3_u64 p3_counts_0[2];
static struct p3_function p3_functions_lost[] = {
    P3_FUNCTION_HASHED(0, 100000),  /* never gets a table */
    P3_FUNCTION_HASHED(1, 100000),  /* gets 16 slots, never more */
    P3_FUNCTION(2, 1, p3_counts_0), /* main: arrays need no memory */
};
P3_UNIT(p3_functions_lost, 0, "0000000000000100")

static void count(int table, int id) {
  P3_ENTER(p3_functions_lost, table, P3_HASHED);
  P3_COUNT(id);
}

int main(void) {
  P3_ENTER(p3_functions_lost, 2, p3_counts_0);
  int i;
  /* Function 1: the first table (16 slots) and nothing more; ids 0..14
   * fit (one slot stays empty), 15..19 are lost. Then 0 once more. */
  budget = 1;
  for (i = 0; i < 20; ++i)
    count(1, 100 + i);
  count(1, 100);
  /* Function 0: no table at all. */
  for (i = 0; i < 5; ++i)
    count(0, i);
  budget = -1;
  printf("ok\n");
  P3_COUNT(0);
  return 0;
}
