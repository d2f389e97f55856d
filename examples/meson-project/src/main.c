/* csvstat: per-column statistics of CSV on standard input (first line:
 * the column names).   csvstat [-q] < data.csv */
#include "csv.h"
#include "stats.h"
#include "csvstat_config.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  char line[4096];
  char *fields[CSVSTAT_MAX_COLUMNS];
  struct column cols[CSVSTAT_MAX_COLUMNS];
  int ncols = 0, quiet = 0, i, bad = 0;
  unsigned long rows = 0;

  for (i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "-q") == 0)
      quiet = 1;
    else if (strcmp(argv[i], "-v") == 0) {
      printf("csvstat %s\n", CSVSTAT_VERSION);
      return 0;
    } else {
      fprintf(stderr, "usage: csvstat [-q] [-v] < data.csv\n");
      return 2;
    }
  }
  if (!fgets(line, sizeof line, stdin)) {
    fprintf(stderr, "csvstat: no header line\n");
    return 1;
  }
  ncols = csv_split(line, fields, CSVSTAT_MAX_COLUMNS);
  if (ncols <= 0) {
    fprintf(stderr, "csvstat: bad header line\n");
    return 1;
  }
  for (i = 0; i < ncols; ++i)
    column_init(&cols[i], fields[i]);
  while (fgets(line, sizeof line, stdin)) {
    int n = csv_split(line, fields, CSVSTAT_MAX_COLUMNS);
    if (n < 0) {
      ++bad;
      continue;
    }
    if (n == 1 && fields[0][0] == 0)
      continue; /* blank line */
    ++rows;
    for (i = 0; i < ncols; ++i)
      column_add(&cols[i], i < n ? fields[i] : "");
  }
  printf("%lu rows, %d columns%s\n", rows, ncols,
         bad ? ", some lines unreadable" : "");
  for (i = 0; i < ncols; ++i) {
    const struct column *c = &cols[i];
    printf("%-10s %-8s", c->name, column_kind(c));
    if (c->numbers && !quiet)
      printf(" n=%lu min=%g max=%g mean=%.3f sd=%.3f", c->numbers, c->min,
             c->max, column_mean(c), column_stddev(c));
    if (c->empty)
      printf(" empty=%lu", c->empty);
    putchar('\n');
  }
  return bad ? 3 : 0;
}
