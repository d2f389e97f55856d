/* main's path through leave() is cut short by exit() in the callee. */
#include <stdlib.h>
static void leave(int x) {
  if (x)
    exit(0);
}
int main(int argc, char **argv) {
  (void)argv;
  leave(argc);
  return 1;
}
