/* calc: evaluates one expression per line of a file (or standard input),
   prints each result, and a summary. Exit status 2 on a usage error. */
#include <stdio.h>
#include <string.h>

#include "calc.h"

int main(int argc, char **argv) {
  FILE *in = stdin;
  if (argc > 2) {
    fprintf(stderr, "usage: %s [FILE]\n", argv[0]);
    return 2;
  }
  if (argc == 2 && !(in = fopen(argv[1], "r"))) {
    perror(argv[1]);
    return 2;
  }
  char line[256];
  int lineno = 0, ok = 0, failed = 0;
  long total = 0;
  while (fgets(line, sizeof line, in)) {
    lineno++;
    const char *p = line;
    while (*p == ' ' || *p == '\t')
      p++;
    if (*p == '\n' || *p == '\0' || *p == '#')
      continue;
    long value;
    char error[64];
    if (eval_line(p, &value, error, sizeof error) == 0) {
      printf("%ld\n", value);
      total += value;
      ok++;
    } else {
      printf("line %d: error: %s\n", lineno, error);
      failed++;
    }
  }
  if (in != stdin)
    fclose(in);
  printf("%d ok, %d failed, %d variables, total %ld\n", ok, failed, var_count(), total);
  return 0;
}
