/* dump-group.test: one hashed function (manifest index 1, 10 ids) counted
 * in two translation units, each through a cache of two entries, so that
 * most counts are evicted to the unit's table and a few stay in the cache
 * at exit; ids 10 and 11 are at or above the number of ids (dropped). */
#include "p3_runtime.h"
void count_a(p3_u64 id);
void count_b(p3_u64 id);
