#include <stdio.h>
#include <stdlib.h>

static int classify(int x) {
  if (x % 3 == 0)
    return 3;
  if (x % 2 == 0)
    return 2;
  return 1;
}

static void never(void) {
  puts("never");
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4;
  int sum = 0;
  for (int i = 1; i <= n; i++)
    sum += classify(i);
  if (sum < 0)
    never(); // LCOV_EXCL_LINE
  printf("%d\n", sum);
  return 0;
}
