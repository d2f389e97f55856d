/* An instrumented static inline function in a header: every translation
 * unit that includes it has its own table and counts for manifest function
 * 7, which the raw profile must aggregate into one record per id. */
static p3_u64 p3_counts_sq[4];
static struct p3_function p3_functions_sq[] = {
    P3_FUNCTION(7, 3, p3_counts_sq),
};
P3_UNIT(p3_functions_sq, 1, "00000000000000ff")

static inline int square(int x) {
  P3_ENTER(p3_functions_sq, 0, p3_counts_sq);
  if (P3_IF(x < 0, P3_ADD(1), P3_NONE)) {
    P3_COUNT(0);
    return 0;
  }
  P3_COUNT(2);
  return x * x;
}
