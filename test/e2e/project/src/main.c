#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wstat.h"
#include "util.h"

#define MAX_ENTRIES 4096

static const char *const kinds[] = {"numbers", "short", "marked", "words"};

static int usage(const char *prog) {
  fprintf(stderr, "usage: %s [-n TOP] [-m MINLEN] [-a] [-k] [-s] < text\n", prog);
  return 2;
}

int main(int argc, char **argv) {
  int top = 10, minlen = 1, alpha = 0, keep_case = 0, summary = 0, options = 0;
  int i, kind_count[4] = {0, 0, 0, 0};
  unsigned line = 0, words = 0, skipped = 0;
  char text[1024], word[WORD_MAX];
  struct table t;
  static struct entry *v[MAX_ENTRIES];
  size_t n, k;

  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (a[0] != '-' || a[1] == 0 || a[2] != 0)
      return usage(argv[0]);
    options++;
    switch (a[1]) {
    case 'n':
    case 'm':
      if (i + 1 >= argc)
        return usage(argv[0]);
      if (a[1] == 'n')
        top = atoi(argv[++i]);
      else
        minlen = atoi(argv[++i]);
      break;
    case 'a':
      alpha = 1;
      break;
    case 'k':
      keep_case = 1;
      break;
    case 's':
      summary = 1;
      break;
    default:
      return usage(argv[0]);
    }
  }
  if (table_init(&t, 8) != 0)
    return 3;
  while (fgets(text, sizeof text, stdin)) {
    const char *p = text;
    int len;
    line++;
    while ((len = next_word(&p, word, (int)sizeof word, keep_case)) > 0) {
      if (len < minlen) {
        skipped++;
        continue;
      }
      words++;
      kind_count[classify_word(word)]++;
      if (!table_add(&t, word, line)) {
        table_free(&t);
        return 3;
      }
    }
  }
  n = table_entries(&t, v, MAX_ENTRIES);
  sort_entries(v, n, alpha);
  printf("%u lines, %u words (%u skipped), %lu distinct\n", line, words, skipped,
         (unsigned long)n);
  if (summary) {
    printf("  %d options\n", options);
    for (i = 0; i < 4; i++)
      if (kind_count[i])
        printf("  %s: %d\n", kinds[i], kind_count[i]);
  } else {
    for (k = 0; k < MIN(n, (size_t)MAX(top, 0)); k++)
      printf("%6u %-20s (line %u)\n", v[k]->count, v[k]->word, v[k]->first_line);
  }
  table_free(&t);
  return words == 0 ? 1 : 0;
}
