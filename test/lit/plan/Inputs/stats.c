/* A program for the auto strategy's tests. Input: numbers, one per line.
 * Each number n drives two loops in scan() (one counts, one sums), a
 * classification, and, for multiples of 97, a rare report. The hot function
 * has two loops, so splitting it by the edges its paths end on (p3-ends)
 * puts each loop's iterations in another copy. */
#include <stdio.h>

static int classify(int x) {
  int r = 0;
  if (x % 2 == 0)
    r += 1;
  else
    r += 2;
  if (x % 3 == 0)
    r *= 3;
  switch (x % 5) {
  case 0:
    r += 5;
    break;
  case 1:
    r -= 1;
    break;
  default:
    break;
  }
  return r;
}

static long scan(int n) {
  long s = 0;
  int odd = 0;
  for (int i = 0; i < n; i++) {
    if (i & 1)
      odd++;
  }
  for (int j = 0; j < n; j += 2) {
    if (j % 3)
      s += j;
    else
      s -= 1;
  }
  return s + odd;
}

static void report(long total, int n) {
  if (total < 0)
    printf("negative at %d\n", n);
  else
    printf("at %d: %ld\n", n, total);
}

int main(void) {
  int n;
  long total = 0;
  while (scanf("%d", &n) == 1) {
    total += classify(n);
    total += scan(n % 64);
    if (n % 97 == 0)
      report(total, n);
  }
  printf("%ld\n", total);
  return 0;
}
