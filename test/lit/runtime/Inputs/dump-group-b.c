/* dump-group.test, unit b: the shared function and one of its own (index 0),
 * counted at its path 1 by count_b. */
#include "dump-group.h"

static struct p3_slot p3_cache_b[2];
static p3_u64 p3_counts_b[3];
static struct p3_function p3_functions_b[] = {
    P3_FUNCTION_CACHED(1, 10, p3_cache_b),
    P3_FUNCTION(0, 2, p3_counts_b),
};
P3_UNIT(p3_functions_b, 0, "00000000000d0a11")

static void own(void) {
  P3_ENTER(p3_functions_b, 1, p3_counts_b);
  P3_COUNT(1);
}

void count_b(p3_u64 id) {
  P3_ENTER(p3_functions_b, 0, p3_cache_b);
  own();
  P3_COUNT(id);
}
