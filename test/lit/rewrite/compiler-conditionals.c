// p3-rewrite sees the file as clang preprocesses it, without the build's -O;
// the copies are built by gcc, clang or tcc. A function that overlaps a
// conditional group whose condition depends on the compiler (__GNUC__,
// __clang__, __TINYC__, __has_builtin, __OPTIMIZE__, or a macro built on
// them) is left alone: the build may compile a branch that clang skipped, and
// the probes placed in clang's branch would be missing, silently (sqlite3's
// "#if GCC_VERSION>=7000000" in vdbeMemRenderNum). Conditions whose value
// does not depend on the compiler are evaluated, not guessed from their names:
// "!defined(STDC) && defined(__GNUC__)" with STDC defined, a character
// comparison, a limit from <limits.h>.
//
// This is what happens when nothing names the compiler that builds the copies
// (flags after "--", no --compiler, no CC), or with --portable: when one is
// named and is gcc or clang, the file is parsed as that compiler and the
// functions that test only __GNUC__ or __clang__ are instrumented
// (parse-as-compiler.c). The skip reason says how to get there.
//
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/cc.c
// RUN: cd %t && p3-rewrite -k 1 --stats -o out cc.c -- > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: cd %t && %p3check verify out cc.c --quiet --cflags=-O2
//
// The same file parsed as gcc: only __OPTIMIZE__ stays unknown (the flags
// after "--" need not be the build's); by_clang is gcc's definition (line 79).
// RUN: cd %t && p3-rewrite -k 1 --stats --progress=none --compiler=gcc -o gcc cc.c -- > %t/gcc.txt
// RUN: FileCheck --check-prefix=GCC %s < %t/gcc.txt
// RUN: cd %t && %p3check verify gcc cc.c --quiet --compilers=gcc --cflags=-O2
#include <limits.h>
#include <stdio.h>
#include <string.h>

#if defined(__GNUC__)
#define GCC_VERSION (__GNUC__ * 1000000 + __GNUC_MINOR__ * 1000)
#else
#define GCC_VERSION 0
#endif

#ifdef __TINYC__
#define TCC_ONLY 1
#endif

#define STDC 1
#if !defined(STDC) && defined(__GNUC__)
#define STDC 2
#endif

static int by_gcc_version(int x, char *buf) {
  if (x & 1) {
#if GCC_VERSION >= 7000000
    memcpy(buf, "new", 4);
#else
    strcpy(buf, "old");
#endif
  } else {
    buf[0] = 0;
  }
  return (int)strlen(buf) > 0;
}

static int by_optimisation(int x) {
#ifdef __OPTIMIZE__
  if (x > 2)
    return 1;
#endif
  return 0;
}

static int by_tcc(int x) {
#ifdef TCC_ONLY
  if (x)
    return 7;
#endif
  return x > 4;
}

#if defined(__clang__)
static int by_clang(int x) { return x ? 3 : 4; }
#else
static int by_clang(int x) { return x ? 5 : 6; }
#endif

static int by_stdc(int x) {
#if STDC == 1
  return x > 1 ? 1 : 2;
#else
  return 0;
#endif
}

static int by_charset(int x) {
#if 'A' == '\301'
  return -x;
#else
  return x < 3 ? x : 3;
#endif
}

static int by_limits(int x) {
#if (ULONG_MAX >> 31 >> 31) >= 3
  return x & 1 ? 64 : 0;
#else
  return 32;
#endif
}

int main(void) {
  char buf[8];
  int t = 0;
  for (int i = 0; i < 6; i++)
    t = t * 3 + by_gcc_version(i, buf) + by_optimisation(i) + by_tcc(i) +
        by_clang(i) + by_stdc(i) + by_charset(i) + by_limits(i);
  printf("%d\n", t);
  return 0;
}

// STATS: cc.c:47 by_gcc_version {{.*}} skipped: compiler-dependent preprocessing: the #if on line 49 tests the compiler (__GNUC__, __clang__, __has_builtin, __OPTIMIZE__ or a macro built on them), so the build may compile other code here than clang parsed (name the compiler that builds the copies, with --compiler=gcc, CC or the compile command, to have the file parsed as that compiler)
// STATS: cc.c:60 by_optimisation {{.*}} skipped: compiler-dependent preprocessing: the #if on line 61
// STATS: cc.c:68 by_tcc {{.*}} skipped: compiler-dependent preprocessing: the #if on line 69
// STATS: cc.c:77 by_clang {{.*}} skipped: compiler-dependent preprocessing: the #if on line 76
// STATS: cc.c:82 by_stdc 6 6 2 1 no 3
// STATS: cc.c:90 by_charset 6 6 2 1 no 3
// STATS: cc.c:98 by_limits 6 6 2 1 no 3
// STATS: summary: 8 functions, 4 instrumented, 4 skipped

// GCC: cc.c:47 by_gcc_version 6 6 2 1 no 3
// GCC: cc.c:60 by_optimisation {{.*}} skipped: compiler-dependent preprocessing: the #if on line 61 tests the compiler {{.*}} cannot answer for gcc
// GCC: cc.c:68 by_tcc 3 2 1 1 no 2
// GCC: cc.c:79 by_clang 6 6 2 1 no 3
// GCC: summary: 8 functions, 7 instrumented, 1 skipped
