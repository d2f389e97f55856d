#include <stdio.h>
#include <stdlib.h>

static int classify(int x) {
  int r = 0;
  if (x % 2 == 0)
    r += 1;
  else
    r += 2;
  if (x % 3 == 0)
    r *= 3;
  if (x % 5 == 0) {
    r += 5;
  } else if (x % 7 == 0) {
    r -= 7;
  }
  return r;
}

static int loop(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    if (i & 1)
      s += i;
    else
      s -= 1;
    switch (i % 4) {
    case 0: s++; break;
    case 1: s += 2;
    case 2: s += 3; break;
    default: break;
    }
  }
  return s;
}

int main(int argc, char **argv) {
  int n;
  long total = 0;
  while (scanf("%d", &n) == 1) {
    total += classify(n);
    total += loop(n % 50);
  }
  printf("%ld\n", total);
  return 0;
}
