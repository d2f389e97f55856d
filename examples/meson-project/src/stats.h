#ifndef STATS_H
#define STATS_H

struct column {
  char name[64];
  unsigned long numbers, texts, empty;
  double sum, sumsq, min, max;
};

void column_init(struct column *c, const char *name);
void column_add(struct column *c, const char *field);
double column_mean(const struct column *c);
double column_stddev(const struct column *c);
const char *column_kind(const struct column *c);

#endif
