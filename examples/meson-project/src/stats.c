#include "stats.h"
#include "csv.h"

#include <math.h>
#include <string.h>

void column_init(struct column *c, const char *name) {
  memset(c, 0, sizeof *c);
  strncpy(c->name, name, sizeof c->name - 1);
}

void column_add(struct column *c, const char *field) {
  double v;
  if (*field == 0) {
    ++c->empty;
    return;
  }
  if (!csv_number(field, &v)) {
    ++c->texts;
    return;
  }
  if (c->numbers == 0 || v < c->min)
    c->min = v;
  if (c->numbers == 0 || v > c->max)
    c->max = v;
  ++c->numbers;
  c->sum += v;
  c->sumsq += v * v;
}

double column_mean(const struct column *c) {
  return c->numbers ? c->sum / c->numbers : 0.0;
}

double column_stddev(const struct column *c) {
  double m, var;
  if (c->numbers < 2)
    return 0.0;
  m = column_mean(c);
  var = (c->sumsq - c->numbers * m * m) / (c->numbers - 1);
  return var > 0 ? sqrt(var) : 0.0;
}

const char *column_kind(const struct column *c) {
  if (c->numbers && !c->texts)
    return "numeric";
  if (c->texts && !c->numbers)
    return "text";
  if (!c->texts && !c->numbers)
    return "empty";
  return "mixed";
}
