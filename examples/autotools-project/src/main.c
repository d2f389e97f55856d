/* rle: run-length encode standard input (or decode it with -d). */
#include "config.h"
#include "rle.h"

#include <string.h>

int main(int argc, char **argv) {
  int decode = 0, verbose = 0, i;
  long n;
  for (i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "-d") == 0)
      decode = 1;
    else if (strcmp(argv[i], "-v") == 0)
      verbose = 1;
    else {
      fprintf(stderr, "usage: rle [-d] [-v] < in > out\n");
      return 2;
    }
  }
  n = decode ? rle_decode(stdin, stdout) : rle_encode(stdin, stdout);
  if (n == -2) {
    fprintf(stderr, "rle: malformed input\n");
    return 1;
  }
  if (n < 0) {
    perror("rle");
    return 1;
  }
  if (verbose)
    fprintf(stderr, "rle: %ld bytes written\n", n);
  return 0;
}
