/* Many distinct ids: the hash table grows from 16 to 262144 slots, with
 * ids that collide in their low bits, each counted 1, 2 or 3 times; and an
 * array function whose ids past the array (paths of other copies) go to
 * its dropped slot. */
#include "p3_runtime.h"
#include <stdio.h>

#define N 100000

static p3_u64 p3_counts_0[11];
static struct p3_function p3_functions_hash[] = {
    P3_FUNCTION_HASHED(0, 18446744073709551615ULL),
    P3_FUNCTION(1, 10, p3_counts_0),
};
P3_UNIT(p3_functions_hash, 0, "000000000000abcd")

static void big(p3_u64 id) {
  P3_ENTER(p3_functions_hash, 0, P3_HASHED);
  P3_ADD(id << 32);
  P3_COUNT(7);
}

static void small(int id) {
  P3_ENTER(p3_functions_hash, 1, p3_counts_0);
  P3_COUNT(id);
}

int main(void) {
  p3_u64 i;
  for (i = 0; i < N; ++i) {
    big(i);
    if (i % 3 != 0)
      big(i);
    if (i % 7 == 0)
      big(i);
  }
  for (i = 0; i < 20; ++i)
    small((int)i);
  printf("done\n");
  return 0;
}
