/* Includes the runtime and instruments nothing. */
#include "p3_runtime.h"
#include <stdio.h>

int main(void) {
  printf("empty\n");
  return 0;
}
