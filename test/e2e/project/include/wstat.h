#ifndef WSTAT_H
#define WSTAT_H

#include <stddef.h>

#define WORD_MAX 32

struct entry {
  char word[WORD_MAX];
  unsigned count;
  unsigned first_line;
  struct entry *next;
};

struct table {
  struct entry **buckets;
  size_t nbuckets;
  size_t size;
};

/* lexer.c */
int next_word(const char **p, char *buf, int cap, int keep_case);
int classify_word(const char *w);

/* table.c */
int table_init(struct table *t, size_t nbuckets);
struct entry *table_add(struct table *t, const char *w, unsigned line);
struct entry *table_find(const struct table *t, const char *w);
size_t table_entries(const struct table *t, struct entry **out, size_t cap);
void table_free(struct table *t);

/* sort.c */
void sort_entries(struct entry **v, size_t n, int by_word);

#endif
