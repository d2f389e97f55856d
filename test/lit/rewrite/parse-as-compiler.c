// p3-rewrite parses with clang 19, but the copies are built by the build's
// compiler. When something names that compiler (--compiler, the compile
// command's argv[0], CC or CXX) and it is gcc or clang, the files are parsed
// as it would see them: p3-rewrite asks it for its predefined macros
// ("gcc -dM -E -x c /dev/null") and gives the user's files its __GNUC__,
// __GNUC_MINOR__, __clang__... (system headers keep clang's, which they need).
// A #if that tests them then takes the build's branch, and the function is
// instrumented there, as lua's luaV_execute ("#if defined(__GNUC__)" jump
// table) or sqlite3's "#if GCC_VERSION>=7000000" need.
//
// Still unknown, and the function left alone: __has_builtin and the other
// __has_* queries (clang answers them for clang 19), and __OPTIMIZE__ unless
// the compile command is the build's own (from -p, so the parse has its -O).
// --portable asks for copies that any compiler may build: every compiler
// test is unknown again, as when no compiler is named (compiler-conditionals.c).
//
// Each function below has different control flow for gcc and for clang:
// parsed as gcc, by_identity has gcc's loop (6 paths) and by_clang gcc's
// branch (2 paths); parsed as clang, the other way round.
//
// RUN: rm -rf %t && mkdir -p %t/src %t/gcc %t/clang && cp %s %t/src/pc.c
// RUN: echo '[{"directory": "%t/src", "file": "pc.c", "arguments": ["gcc", "-O2", "-c", "pc.c"]}]' > %t/gcc/compile_commands.json
// RUN: echo '[{"directory": "%t/src", "file": "pc.c", "arguments": ["clang-19", "-O2", "-c", "pc.c"]}]' > %t/clang/compile_commands.json
//
// The compile command names gcc: gcc's branches, checked by building the copy
// with gcc (-Wall -Wextra -Werror): same output as the original, probes
// measured as the model says; 3 copies merge to the same profile.
// RUN: cd %t/src && p3-rewrite -k 1 --strategy=p3 --stats --progress=none -o gcc1 -p %t/gcc pc.c > %t/gcc.txt
// RUN: FileCheck --check-prefix=GCC %s < %t/gcc.txt
// RUN: cd %t/src && %p3check verify gcc1 pc.c --quiet --compilers=gcc --cflags=-O2
// RUN: cd %t/src && p3-rewrite -k 3 --strategy=p3 --progress=none -o gcc3 -p %t/gcc pc.c && %p3check verify gcc3 pc.c --quiet --compilers=gcc --cflags=-O2
// RUN: cd %t/src && p3-report gcc3 --check gcc1/profile.json
//
// The compile command names clang: clang's branches, built with clang.
// RUN: cd %t/src && p3-rewrite -k 1 --strategy=p3 --stats --progress=none -o clang1 -p %t/clang pc.c > %t/clang.txt
// RUN: FileCheck --check-prefix=CLANG %s < %t/clang.txt
// RUN: cd %t/src && %p3check verify clang1 pc.c --quiet --compilers=clang --cflags=-O2
// RUN: cd %t/src && p3-rewrite -k 3 --strategy=p3 --progress=none -o clang3 -p %t/clang pc.c && %p3check verify clang3 pc.c --quiet --compilers=clang --cflags=-O2
// RUN: cd %t/src && p3-report clang3 --check clang1/profile.json
//
// Flags after "--" name no compiler: CC does (or --compiler=gcc). Those flags
// need not be the build's, so __OPTIMIZE__ is unknown.
// RUN: cd %t/src && env CC=gcc p3-rewrite -k 1 --strategy=p3 --stats --progress=none -o env1 pc.c -- -O2 > %t/env.txt
// RUN: FileCheck --check-prefix=ENV %s < %t/env.txt
// RUN: cd %t/src && p3-rewrite -k 1 --strategy=p3 --stats --progress=none --compiler=gcc -o opt1 pc.c -- -O2 > %t/opt.txt
// RUN: FileCheck --check-prefix=ENV %s < %t/opt.txt
//
// --portable: every function that tests the compiler is left alone.
// RUN: cd %t/src && p3-rewrite -k 1 --strategy=p3 --stats --progress=none --portable -o portable1 -p %t/gcc pc.c > %t/portable.txt
// RUN: FileCheck --check-prefix=PORTABLE %s < %t/portable.txt
// RUN: cd %t/src && %p3check verify portable1 pc.c --quiet --compilers=gcc,clang --cflags=-O2
#include <stdio.h>

#if defined(__GNUC__) && !defined(__clang__)
#define GCC_ONLY 1
#else
#define GCC_ONLY 0
#endif

static int by_identity(int x) {
#if GCC_ONLY
  int s = 0;
  for (int i = 0; i < x; i++)
    s += i & 1 ? i : 0;
  return s;
#else
  return x > 2 ? x : -x;
#endif
}

// clang says __GNUC__ is 4.
static int by_version(int x) {
#if __GNUC__ >= 5
  if (x % 3 == 0)
    return 1;
  return x % 3 == 1 ? 2 : 3;
#else
  (void)x;
  return 0;
#endif
}

static int by_clang(int x) {
  int r = 0;
#ifdef __clang__
  while (x > 0) {
    r += x;
    x -= 2;
  }
#else
  if (x > 1)
    r = 1;
#endif
  return r;
}

static int by_optimisation(int x) {
#ifdef __OPTIMIZE__
  if (x > 2)
    return 1;
#endif
  (void)x;
  return 0;
}

static int by_builtin(int x) {
#if __has_builtin(__builtin_expect)
  if (__builtin_expect(x > 4, 0))
    return 1;
#endif
  (void)x;
  return 0;
}

int main(void) {
  int t = 0;
  for (int i = 0; i < 6; i++)
    t = t * 3 + by_identity(i) + by_version(i) + by_clang(i) +
        by_optimisation(i) + by_builtin(i);
  printf("%d\n", t);
  return 0;
}

// GCC: pc.c:{{[0-9]+}} by_identity 10 12 6 2 yes
// GCC: pc.c:{{[0-9]+}} by_version 8 9 3 1 no
// GCC: pc.c:{{[0-9]+}} by_clang 5 5 2 1 no
// GCC: pc.c:{{[0-9]+}} by_optimisation 5 5 2 1 no
// GCC: pc.c:{{[0-9]+}} by_builtin {{.*}} skipped: compiler-dependent preprocessing: the #if on line {{[0-9]+}} tests the compiler (__GNUC__, __clang__, __has_builtin, __OPTIMIZE__ or a macro built on them), with a test p3-rewrite cannot answer for gcc {{[0-9]+\.[0-9]+\.[0-9]+}} (__has_builtin and the other __has_* queries; __OPTIMIZE__ unless the compile command is the build's, from -p)
// GCC: summary: 6 functions, 5 instrumented, 1 skipped

// CLANG: pc.c:{{[0-9]+}} by_identity 6 6 2 1 no
// CLANG: pc.c:{{[0-9]+}} by_version 3 2 1 1 no
// CLANG: pc.c:{{[0-9]+}} by_clang 7 8 4 2 yes
// CLANG: pc.c:{{[0-9]+}} by_optimisation 5 5 2 1 no
// CLANG: pc.c:{{[0-9]+}} by_builtin {{.*}} skipped: compiler-dependent preprocessing: {{.*}} cannot answer for clang 19.
// CLANG: summary: 6 functions, 5 instrumented, 1 skipped

// ENV: pc.c:{{[0-9]+}} by_identity 10 12 6 2 yes
// ENV: pc.c:{{[0-9]+}} by_optimisation {{.*}} skipped: compiler-dependent preprocessing: {{.*}} cannot answer for gcc
// ENV: pc.c:{{[0-9]+}} by_builtin {{.*}} skipped: compiler-dependent preprocessing:
// ENV: summary: 6 functions, 4 instrumented, 2 skipped

// PORTABLE: pc.c:{{[0-9]+}} by_identity {{.*}} skipped: compiler-dependent preprocessing: the #if on line {{[0-9]+}} tests the compiler (__GNUC__, __clang__, __has_builtin, __OPTIMIZE__ or a macro built on them), and --portable asks for copies that every compiler builds alike (without it, p3-rewrite parses the file as the compiler that builds the copies and instruments the function)
// PORTABLE: pc.c:{{[0-9]+}} by_version {{.*}} skipped: {{.*}} --portable
// PORTABLE: pc.c:{{[0-9]+}} by_clang {{.*}} skipped: {{.*}} --portable
// PORTABLE: pc.c:{{[0-9]+}} by_optimisation {{.*}} skipped: {{.*}} --portable
// PORTABLE: pc.c:{{[0-9]+}} by_builtin {{.*}} skipped: {{.*}} --portable
// PORTABLE: summary: 6 functions, 1 instrumented, 5 skipped
