#include "rle.h"

#define ESC 0xFF
#define MIN_RUN 3
#define MAX_RUN (MIN_RUN + 127)

static int put_run(FILE *out, int byte, int n, long *written) {
  if (n >= MIN_RUN || byte == ESC) {
    if (putc(ESC, out) == EOF || putc(n - 1, out) == EOF || putc(byte, out) == EOF)
      return -1;
    *written += 3;
    return 0;
  }
  while (n-- > 0) {
    if (putc(byte, out) == EOF)
      return -1;
    ++*written;
  }
  return 0;
}

long rle_encode(FILE *in, FILE *out) {
  long written = 0;
  int prev = getc(in), c, n = 1;
  if (prev == EOF)
    return ferror(in) ? -1 : 0;
  while ((c = getc(in)) != EOF) {
    if (c == prev && n < MAX_RUN) {
      ++n;
      continue;
    }
    if (put_run(out, prev, n, &written))
      return -1;
    prev = c;
    n = 1;
  }
  if (ferror(in) || put_run(out, prev, n, &written))
    return -1;
  return written;
}

long rle_decode(FILE *in, FILE *out) {
  long written = 0;
  int c;
  while ((c = getc(in)) != EOF) {
    int n, byte;
    if (c != ESC) {
      if (putc(c, out) == EOF)
        return -1;
      ++written;
      continue;
    }
    n = getc(in);
    byte = getc(in);
    if (n == EOF || byte == EOF)
      return -2;
    for (n = n + 1; n > 0; --n) {
      if (putc(byte, out) == EOF)
        return -1;
      ++written;
    }
  }
  return ferror(in) ? -1 : written;
}
