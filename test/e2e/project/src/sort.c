#include <string.h>

#include "wstat.h"

/* Order: by count, descending, then by word; or by word only. */
static int before(const struct entry *a, const struct entry *b, int by_word) {
  if (!by_word && a->count != b->count)
    return a->count > b->count;
  return strcmp(a->word, b->word) < 0;
}

static void insertion(struct entry **v, size_t n, int by_word) {
  size_t i, j;
  for (i = 1; i < n; i++) {
    struct entry *x = v[i];
    for (j = i; j > 0 && before(x, v[j - 1], by_word); j--)
      v[j] = v[j - 1];
    v[j] = x;
  }
}

void sort_entries(struct entry **v, size_t n, int by_word) {
  size_t i, last;
  struct entry *pivot, *tmp;
  if (n < 8) {
    insertion(v, n, by_word);
    return;
  }
  tmp = v[0];
  v[0] = v[n / 2];
  v[n / 2] = tmp;
  pivot = v[0];
  last = 0;
  for (i = 1; i < n; i++) {
    if (before(v[i], pivot, by_word)) {
      last++;
      tmp = v[last];
      v[last] = v[i];
      v[i] = tmp;
    }
  }
  tmp = v[0];
  v[0] = v[last];
  v[last] = tmp;
  sort_entries(v, last, by_word);
  sort_entries(v + last + 1, n - last - 1, by_word);
}
