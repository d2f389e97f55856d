#include <string.h>

#include "calc.h"

static long gcd(long a, long b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b != 0) {
    long t = a % b;
    a = b;
    b = t;
  }
  return a;
}

static long fib(long n) {
  long a = 0, b = 1;
  for (long i = 0; i < n; i++) {
    long t = a + b;
    a = b;
    b = t;
  }
  return a;
}

int call_builtin(const char *name, const long *args, int nargs, long *result) {
  if (strcmp(name, "abs") == 0 && nargs == 1) {
    *result = args[0] < 0 ? -args[0] : args[0];
  } else if ((strcmp(name, "min") == 0 || strcmp(name, "max") == 0) && nargs >= 1) {
    int want_max = name[1] == 'a';
    *result = args[0];
    for (int i = 1; i < nargs; i++)
      if ((want_max && args[i] > *result) || (!want_max && args[i] < *result))
        *result = args[i];
  } else if (strcmp(name, "gcd") == 0 && nargs == 2) {
    *result = gcd(args[0], args[1]);
  } else if (strcmp(name, "fib") == 0 && nargs == 1 && args[0] >= 0 && args[0] < 90) {
    *result = fib(args[0]);
  } else if (strcmp(name, "sumto") == 0 && nargs == 1) {
    long s = 0;
    for (long i = 1; i <= args[0]; i++) {
      if (i % 15 == 0)
        continue;
      s += i;
    }
    *result = s;
  } else {
    return -1;
  }
  return 0;
}
