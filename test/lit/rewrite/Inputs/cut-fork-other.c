#include <stdlib.h>
#include <unistd.h>

/* Only names daemon (by address): enough to keep frames in the program. */
int (*background)(int, int) = daemon;

void leave(int n) {
  if (n > 3)
    exit(n);
}
