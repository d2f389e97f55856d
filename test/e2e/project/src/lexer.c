#include "wstat.h"
#include "util.h"

/* Reads the next word at *p into buf (at most cap - 1 characters, the rest
 * of a longer word is skipped). Words are runs of letters, digits and '_',
 * with inner apostrophes and hyphens ("don't", "well-known"). Returns the
 * length, 0 at the end of the text. */
int next_word(const char **p, char *buf, int cap, int keep_case) {
  const char *s = *p;
  int n = 0;
  while (*s && !IS_WORD_CHAR(*s))
    s++;
  if (!*s) {
    *p = s;
    return 0;
  }
  for (;;) {
    char c = *s;
    switch (c) {
    case '\'':
    case '-':
      if (n == 0 || !IS_WORD_CHAR(s[1]))
        goto done;
      break;
    case 'A' ... 'Z':
      if (!keep_case)
        c = (char)(c - 'A' + 'a');
      break;
    default:
      if (!IS_WORD_CHAR(c))
        goto done;
    }
    if (n < cap - 1)
      buf[n++] = c;
    s++;
  }
done:
  buf[n] = 0;
  *p = s;
  return n;
}

/* 0: a number, 1: a short word (up to 3 letters), 2: a word with an
 * apostrophe or hyphen, 3: any other word. */
int classify_word(const char *w) {
  int digits = 0, marks = 0, len = 0;
  for (; *w; w++, len++) {
    if (isdigit((unsigned char)*w))
      digits++;
    else if (*w == '\'' || *w == '-')
      marks++;
  }
  if (digits == len)
    return 0;
  if (marks)
    return 2;
  return len <= 3 ? 1 : 3;
}
