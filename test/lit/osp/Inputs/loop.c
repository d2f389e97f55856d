/* A loop that runs N iterations (argv[1]) or until the file argv[2] exists
 * (checked every million iterations), for the report and online-dump tests.
 * Each iteration calls step, which takes one of two ways. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int step(int x) {
  if (x % 3)
    return x + 1;
  return x / 3;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000;
  const char *stop = argc > 2 ? argv[2] : 0;
  long s = 0;
  int x = 7;
  for (long i = 0; i < n; i++) {
    x = step(x);
    s += x;
    if (stop && i % 1000000 == 0 && access(stop, F_OK) == 0)
      break;
  }
  printf("%ld\n", n < 1000000000 ? s : 0);
  return 0;
}
