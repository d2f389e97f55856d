/* f returns inside CHECK: counted by a cleanup, never split between copies. */
#include <stdio.h>
#define CHECK(x) do { if (!(x)) return -1; } while (0)
static int f(int x) {
  int s = 0;
  if (x & 1) s += 1; else s += 2;
  if (x & 2) s += 3; else s += 4;
  CHECK(x != 7);
  if (x & 4) s += 5; else s += 6;
  return s;
}
int main(void) {
  int t = 0;
  for (int i = 0; i < 1000; i++)
    t += f(i % 16);
  printf("%d\n", t);
  return 0;
}
