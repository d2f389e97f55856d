/* give_up (tcc-link.test): exits on its third call. */
#include <stdio.h>
#include <stdlib.h>

static int calls;

void give_up(int code) {
  if (++calls == 3) {
    printf("giving up\n");
    exit(code);
  }
}
