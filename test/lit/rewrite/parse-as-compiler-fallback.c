// Parsing as gcc (parse-as-compiler.c) can fail where the plain parse does
// not: gcc's branch may use what clang 19 rejects, here a GNU nested
// function. p3-rewrite then parses the file again as clang, as if no compiler
// were named, leaves alone the functions that overlap a #if testing the
// compiler (saying why, with clang's first error), warns, and instruments the
// rest. --compiler=cc is /usr/bin/cc, which is gcc on Debian: the name is
// followed to the compiler and gcc's macros tell which it is.
//
// REQUIRES: gcc
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/fb.c
// RUN: cd %t && p3-rewrite -k 1 --stats --progress=none --compiler=cc -o out fb.c -- > %t/stats.txt 2> %t/err.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: FileCheck --check-prefix=ERR %s < %t/err.txt
// RUN: cd %t && %p3check verify out fb.c --quiet --compilers=gcc
#include <stdio.h>

static int nested(int x) {
#if defined(__GNUC__) && !defined(__clang__)
  int add(int y) { return x + y; }
  return add(1) > 2 ? 1 : 0;
#else
  return x > 1;
#endif
}

static int plain(int x) { return x > 2 ? 3 : 4; }

int main(void) {
  printf("%d %d\n", nested(3), plain(1));
  return 0;
}

// STATS: fb.c:{{[0-9]+}} nested {{.*}} skipped: compiler-dependent preprocessing: the #if on line {{[0-9]+}} tests the compiler (__GNUC__, __clang__, __has_builtin, __OPTIMIZE__ or a macro built on them), so the build may compile other code here than clang parsed (parsing the file as gcc {{[0-9.]+}} failed: {{.*}}fb.c:{{[0-9]+}}:{{[0-9]+}}: function definition is not allowed here; it was parsed as clang)
// STATS: fb.c:{{[0-9]+}} plain 6 6 2 1 no
// STATS: summary: 3 functions, 2 instrumented, 1 skipped

// ERR: warning: fb.c: parsing as the compiler that builds the copies failed ({{.*}}function definition is not allowed here); parsed as clang instead, leaving alone the functions that overlap a #if testing the compiler
// ERR-NOT: error
