/* Two functions: under PBL with three copies, one copy instruments nothing. */
#include <stdio.h>
static int f(int x) { return x > 0 ? 1 : 2; }
int main(void) {
  printf("%d\n", f(3));
  return 0;
}
