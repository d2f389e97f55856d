/* near() takes a path that depends on where malloc puts b relative to a: the
 * runtime must not allocate from the program's heap between the two calls
 * (bits() is counted in a hash table under --array-limit=1). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
static int bits(int x) {
  int s = 0;
  if (x & 1)
    s++;
  if (x & 2)
    s++;
  if (x & 4)
    s++;
  return s;
}
static int near(char *a, char *b) {
  if ((uintptr_t)(b - a) < 100)
    return 1;
  return 0;
}
int main(void) {
  char *a = malloc(32);
  int s = bits(5);
  char *b = malloc(32);
  int n = near(a, b);
  printf("%d\n", s);
  free(a);
  free(b);
  return n - n;
}
