/* Where the profile goes. Arguments: a directory to chdir to before
 * exiting, "setenv" to change P3_PROFILE_DIR while running, "append" to
 * create the profile file first (as an earlier process with the same pid
 * would have), and an exit status. */
#include "p3_runtime.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static p3_u64 p3_counts_0[2];
static struct p3_function p3_functions_dir[] = {
    P3_FUNCTION(0, 1, p3_counts_0),
};
P3_UNIT(p3_functions_dir, 4, "4444444444444444")

int main(int argc, char **argv) {
  P3_ENTER(p3_functions_dir, 0, p3_counts_0);
  int i, status = 0;
  printf("pid %d\n", (int)getpid());
  for (i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "setenv") == 0) {
      setenv("P3_PROFILE_DIR", "/nonexistent", 1);
    } else if (strcmp(argv[i], "append") == 0) {
      char name[256];
      FILE *f;
      const char *dir = getenv("P3_PROFILE_DIR");
      snprintf(name, sizeof(name), "%s/p3-4444444444444444-c4-%d.raw",
               dir ? dir : ".", (int)getpid());
      if (!(f = fopen(name, "w")))
        return 1;
      fprintf(f, "P3RAW 1 4444444444444444 4 %d\nend 0\n", (int)getpid());
      fclose(f);
    } else if (argv[i][0] >= '0' && argv[i][0] <= '9') {
      status = atoi(argv[i]);
    } else if (chdir(argv[i]) != 0) {
      return 1;
    }
  }
  P3_COUNT(0);
  return status;
}
