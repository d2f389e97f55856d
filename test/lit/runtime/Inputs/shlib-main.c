/* Calls lib_twice from shlib-lib.c, linked (LINKED) or through dlopen and
 * dlclose. */
#include "p3_runtime.h"
#include <stdio.h>
#ifndef LINKED
#include <dlfcn.h>
#endif

static p3_u64 p3_counts_0[2];
static struct p3_function p3_functions_main[] = {
    P3_FUNCTION(0, 1, p3_counts_0),
};
P3_UNIT(p3_functions_main, 0, "5555555555555555")

#ifdef __cplusplus
extern "C"
#endif
int lib_twice(int);

int main(int argc, char **argv) {
  P3_ENTER(p3_functions_main, 0, p3_counts_0);
  int s;
#ifdef LINKED
  (void)argc;
  (void)argv;
  s = lib_twice(3) + lib_twice(-1) + lib_twice(4);
#else
  void *h;
  int (*twice)(int);
  if (argc < 2 || !(h = dlopen(argv[1], RTLD_NOW)))
    return 1;
  *(void **)&twice = dlsym(h, "lib_twice");
  s = twice(3) + twice(-1) + twice(4);
  dlclose(h);
  printf("unloaded\n");
  fflush(stdout);
#endif
  printf("%d\n", s);
  P3_COUNT(0);
  return 0;
}
