/* A toy for the harness's self-test of --skipped-share (harness_test.py, SkippedShare):
 * its hottest function, spin, calls getcontext (a function that may return twice), so
 * p3-rewrite leaves it alone. With N = argv[1], every figure the harness reports is
 * computed by hand in harness_test.py from the loop counts below. */
#include <stdio.h>
#include <stdlib.h>
#include <ucontext.h>

static unsigned long mix(unsigned long x) {
  return x * 7 + 3;
}

unsigned long spin(unsigned long n) {
  ucontext_t context;
  unsigned long s = 1;
  if (getcontext(&context) != 0)
    return 0;
  for (unsigned long i = 0; i < n; i++) {
    s = mix(s);
    for (unsigned j = 0; j < 100; j++)
      s = s * 6364136223846793005UL + j;
  }
  return s;
}

int main(int argc, char **argv) {
  unsigned long n = argc > 1 ? strtoul(argv[1], 0, 10) : 1000;
  unsigned long t = 0;
  for (int k = 0; k < 4; k++)
    t += spin(n);
  for (unsigned long i = 0; i < n; i++)
    t += mix(i);
  printf("%lu\n", t % 1000003);
  return 0;
}
