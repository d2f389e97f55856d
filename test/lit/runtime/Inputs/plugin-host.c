/* Loads the plugin named by argv[1], runs it, unloads it, twice; then goes
 * on (allocating over the unloaded image's memory) and exits. Not
 * instrumented: nothing of p3 runs in this object. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int load_and_run(const char *path) {
  void *h = dlopen(path, RTLD_NOW);
  int (*run)(int);
  if (!h) {
    fprintf(stderr, "%s\n", dlerror());
    return 1;
  }
  *(void **)&run = dlsym(h, "plugin_run");
  if (!run)
    return 1;
  printf("%d %d\n", run(10), run(4));
  fflush(stdout);
  return dlclose(h) != 0;
}

int main(int argc, char **argv) {
  int i;
  if (argc < 2 || load_and_run(argv[1]) || load_and_run(argv[1]))
    return 1;
  for (i = 0; i < 64; ++i)
    memset(malloc(4096), 0xff, 4096);
  printf("unloaded\n");
  return 0;
}
