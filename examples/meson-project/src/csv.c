#include "csv.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static char *trim(char *s) {
  char *end;
  while (*s == ' ' || *s == '\t')
    ++s;
  end = s + strlen(s);
  while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r' ||
                     end[-1] == '\n'))
    --end;
  *end = 0;
  return s;
}

int csv_split(char *line, char **fields, int max) {
  int n = 0;
  char *p = line;
  for (;;) {
    char *start, *out;
    while (*p == ' ' || *p == '\t')
      ++p;
    if (*p == '"') {
      start = out = ++p;
      for (;;) {
        if (*p == 0)
          return -1;
        if (*p == '"') {
          if (p[1] == '"') {
            *out++ = '"';
            p += 2;
            continue;
          }
          ++p;
          break;
        }
        *out++ = *p++;
      }
      while (*p && *p != ',')
        ++p;
      *out = 0;
    } else {
      start = p;
      while (*p && *p != ',')
        ++p;
    }
    if (n < max)
      fields[n++] = trim(start);
    if (*p != ',')
      break;
    *p++ = 0;
  }
  return n;
}

int csv_number(const char *text, double *out) {
  char *end;
  if (*text == 0 || isspace((unsigned char)*text))
    return 0;
  *out = strtod(text, &end);
  return *end == 0;
}
