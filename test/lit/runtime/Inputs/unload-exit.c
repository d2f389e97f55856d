/* tcc -run of a program that leaves by exit() from inside a callee
 * (unload.test): tcc then runs no destructor, only exit handlers. work(10)
 * runs its loop 10 times, 5 of them through the odd branch. */
#include <stdio.h>
#include <stdlib.h>

static int work(int n) {
  int i, s = 0;
  for (i = 0; i < n; i++)
    if (i & 1)
      s += i;
  return s;
}

static void leave(int status) {
  fflush(stdout);
  exit(status);
}

int main(int argc, char **argv) {
  (void)argv;
  printf("%d\n", work(argc * 10));
  if (argc > 1)
    leave(3);
  return 0;
}
