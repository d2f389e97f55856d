// Constructs p3 does not instrument: the function is left exactly as it was,
// and --stats (and the manifest, and the report) give the reason: computed
// goto and label addresses, setjmp (returns twice), asm goto, and C inline
// functions with external linkage. The rest of the file is instrumented, and
// the copy behaves like the original (including the longjmp).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/u.c
// RUN: cd %t && p3-rewrite -k 1 --stats -o out u.c -- > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: grep -v '^//' %t/out/copy-0/u.c | FileCheck %s
// RUN: cd %t && %p3check verify out u.c --compilers=gcc,clang --std=gnu11 | FileCheck --check-prefix=PROF %s
// RUN: cd %t && %p3check verify out u.c --compilers=tcc --cflags=-DNO_ASM_GOTO --quiet
// RUN: FileCheck --check-prefix=REPORT %s < %t/out/p3check-report.txt
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;

static int computed(int x) {
  static void *targets[] = {&&even, &&odd};
  goto *targets[x & 1];
even:
  return 10;
odd:
  return 11;
}

static int jumper(int x) {
  if (x > 3)
    longjmp(env, x);
  return x;
}

static int with_setjmp(int x) {
  int r = setjmp(env);
  if (r)
    return -r;
  return jumper(x);
}

static int with_asm_goto(int x) {
#ifndef NO_ASM_GOTO
  asm goto("" : : : : skip);
#endif
  x++;
#ifndef NO_ASM_GOTO
skip:
#endif
  return x;
}

inline int external_inline(int x) { return x > 0 ? x : -x; }

static int plain(int x) {
  if (x > 1)
    return computed(x) + with_setjmp(x) + with_asm_goto(x);
  return external_inline(x);
}

int main(void) {
  int t = 0;
  for (int x = -1; x < 6; x++)
    t = t * 3 + plain(x);
  printf("%d\n", t);
  return 0;
}

int external_inline(int x);

// STATS:      u.c:18 computed {{.*}} skipped: takes the address of a label (computed goto)
// STATS-NEXT: u.c:27 jumper
// STATS-NEXT: u.c:33 with_setjmp {{.*}} skipped: calls _setjmp (returns twice, like setjmp)
// STATS-NEXT: u.c:40 with_asm_goto {{.*}} skipped: asm goto
// STATS-NEXT: u.c:51 external_inline {{.*}} skipped: C inline function with external linkage
// STATS-NEXT: u.c:53 plain
// STATS-NEXT: u.c:59 main
// STATS-NEXT: summary: 7 functions, 3 instrumented, 4 skipped

// Emitted code: the skipped functions are untouched.
// CHECK-LABEL: static int computed(int x) {
// CHECK-NEXT:   static void *targets[] = {&&even, &&odd};
// CHECK-NEXT:   goto *targets[x & 1];
// CHECK-NEXT: even:
// CHECK-NEXT:   return 10;
// CHECK-NEXT: odd:
// CHECK-NEXT:   return 11;
// CHECK-NEXT: }
// CHECK-LABEL: static int jumper(int x) { P3_ENTER(
// CHECK:          { P3_COUNT({{-?[0-9]+}}); longjmp(env, x); }
// CHECK-LABEL: static int with_setjmp(int x) {
// CHECK-NEXT:   int r = setjmp(env);
// CHECK-NEXT:   if (r)
// CHECK-NEXT:     return -r;
// CHECK-NEXT:   return jumper(x);
// CHECK-NEXT: }
// CHECK-LABEL: static int with_asm_goto(int x) {
// CHECK-NEXT: #ifndef NO_ASM_GOTO
// CHECK-NEXT:   asm goto("" : : : : skip);
// CHECK-LABEL: inline int external_inline(int x) { return x > 0 ? x : -x; }
// CHECK-LABEL: static int plain(int x) { P3_ENTER(

// The report lists the skipped functions with their reasons.
// REPORT: Skipped functions (not instrumented; no paths for them)
// REPORT-NEXT: u.c:18 computed {{ *}}takes the address of a label (computed goto)
// REPORT-NEXT: u.c:33 with_setjmp {{ *}}calls _setjmp (returns twice, like setjmp)
// REPORT-NEXT: u.c:40 with_asm_goto {{ *}}asm goto
// REPORT-NEXT: u.c:51 external_inline {{ *}}C inline function with external linkage

// plain(x) for x = -1..5: x > 1 for 2..5. jumper(x) longjmps for x = 4, 5:
// its path is counted before the longjmp (line 29), and with_setjmp (not
// instrumented) returns -x.
// PROF:      FUNC jumper: 4 executions, 2/2 paths
// PROF-NEXT:   2: 28 > 29
// PROF-NEXT:   2: 28 > 30
// PROF-NEXT: FUNC plain: 7 executions, 2/2 paths
// PROF-NEXT:   4: 54 > 55
// PROF-NEXT:   3: 54 > 56
// PROF-NEXT: FUNC main: 8 executions, 3/4 paths
// PROF-NEXT:   1: 60-61 > 61 > 62 > 61 ...
// PROF-NEXT:   6: ... 61 > 62 > 61 ...
// PROF-NEXT:   1: ... 61 > 63-64
