/* dump-group.test, unit a: main (index 3) and the shared function. Its table
 * lists index 3 before index 1, unit b's index 1 before 0: the dump sorts
 * the functions of both units by index. */
#include "dump-group.h"

static struct p3_slot p3_cache_a[2];
static p3_u64 p3_counts_a[2];
static struct p3_function p3_functions_a[] = {
    P3_FUNCTION(3, 1, p3_counts_a),
    P3_FUNCTION_CACHED(1, 10, p3_cache_a),
};
P3_UNIT(p3_functions_a, 0, "00000000000d0a11")

void count_a(p3_u64 id) {
  P3_ENTER(p3_functions_a, 1, p3_cache_a);
  P3_COUNT(id);
}

/* Id i (0..11) i + 1 times in unit a, 2 times in unit b when even. */
int main(void) {
  P3_ENTER(p3_functions_a, 0, p3_counts_a);
  p3_u64 rep, i;
  for (rep = 0; rep < 12; ++rep)
    for (i = rep; i < 12; ++i)
      count_a(i);
  for (rep = 0; rep < 2; ++rep)
    for (i = 0; i < 12; i += 2)
      count_b(i);
  P3_COUNT(0);
  return 0;
}
