/* The program of tcc-link.test: with an argument, work's limit is low
 * enough for give_up to exit. */
#include <stdio.h>

extern int limit;
int work(int n);

int main(int argc, char **argv) {
  int i, s = 0;
  (void)argv;
  if (argc > 1)
    limit = 100;
  for (i = 0; i < 8; i++)
    s += work(i * 10);
  printf("%d\n", s);
  return 0;
}
