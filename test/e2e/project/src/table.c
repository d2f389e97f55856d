#include <stdlib.h>
#include <string.h>

#include "wstat.h"
#include "util.h"

static unsigned long hash(const char *w) {
  unsigned long h = 5381;
  while (*w)
    h = h * 33 + (unsigned char)*w++;
  return h;
}

int table_init(struct table *t, size_t nbuckets) {
  t->buckets = calloc(nbuckets, sizeof *t->buckets);
  t->nbuckets = nbuckets;
  t->size = 0;
  return t->buckets ? 0 : -1;
}

static int grow(struct table *t) {
  size_t n = t->nbuckets * 2, i;
  struct entry **b = calloc(n, sizeof *b);
  if (UNLIKELY(!b))
    return -1;
  for (i = 0; i < t->nbuckets; i++) {
    struct entry *e = t->buckets[i], *next;
    for (; e; e = next) {
      size_t k = hash(e->word) % n;
      next = e->next;
      e->next = b[k];
      b[k] = e;
    }
  }
  free(t->buckets);
  t->buckets = b;
  t->nbuckets = n;
  return 0;
}

struct entry *table_find(const struct table *t, const char *w) {
  struct entry *e = t->buckets[hash(w) % t->nbuckets];
  while (e && strcmp(e->word, w) != 0)
    e = e->next;
  return e;
}

struct entry *table_add(struct table *t, const char *w, unsigned line) {
  struct entry *e = table_find(t, w);
  size_t k;
  if (e) {
    e->count++;
    return e;
  }
  if (t->size * 4 >= t->nbuckets * 3 && grow(t) != 0)
    return NULL;
  e = malloc(sizeof *e);
  if (!e)
    return NULL;
  strncpy(e->word, w, WORD_MAX - 1);
  e->word[WORD_MAX - 1] = 0;
  e->count = 1;
  e->first_line = line;
  k = hash(w) % t->nbuckets;
  e->next = t->buckets[k];
  t->buckets[k] = e;
  t->size++;
  return e;
}

size_t table_entries(const struct table *t, struct entry **out, size_t cap) {
  size_t i, n = 0;
  for (i = 0; i < t->nbuckets && n < cap; i++) {
    struct entry *e;
    for (e = t->buckets[i]; e; e = e->next) {
      if (n == cap)
        break;
      out[n++] = e;
    }
  }
  return n;
}

void table_free(struct table *t) {
  size_t i;
  for (i = 0; i < t->nbuckets; i++) {
    struct entry *e = t->buckets[i];
    while (e) {
      struct entry *next = e->next;
      free(e);
      e = next;
    }
  }
  free(t->buckets);
  t->buckets = NULL;
  t->nbuckets = t->size = 0;
}
