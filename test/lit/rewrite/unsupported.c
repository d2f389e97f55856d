// Constructs p3 does not instrument: the function is left exactly as it was,
// and --stats (and the manifest, and the report) give the reason: vfork (it
// returns twice, and the child runs in the parent's frame), asm goto, and C99
// inline definitions (not external_inline: declared again without inline, it
// is the external definition). Computed goto and setjmp are instrumented
// (computed-goto.c, setjmp.c). The copy behaves like the original.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/u.c
// RUN: cd %t && p3-rewrite -k 1 --stats -o out u.c -- > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: grep -v '^//' %t/out/copy-0/u.c | FileCheck %s
// RUN: cd %t && %p3check verify out u.c --compilers=gcc,clang --std=gnu11 | FileCheck --check-prefix=PROF %s
// RUN: cd %t && %p3check verify out u.c --compilers=tcc --cflags=-DNO_ASM_GOTO --quiet
// RUN: FileCheck --check-prefix=REPORT %s < %t/out/p3check-report.txt
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static int with_vfork(int x) {
  int status = 0;
  pid_t child = vfork();
  if (child == 0)
    _exit(x & 7);
  waitpid(child, &status, 0);
  return WEXITSTATUS(status);
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
    return with_vfork(x) + with_asm_goto(x);
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
inline int inline_definition(int x) { return x < 0 ? -x : x; }

// STATS:      u.c:18 with_vfork {{.*}} skipped: calls vfork (returns twice, like setjmp)
// STATS-NEXT: u.c:27 with_asm_goto {{.*}} skipped: asm goto
// STATS-NEXT: u.c:38 external_inline {{[0-9]+}}
// STATS-NEXT: u.c:40 plain
// STATS-NEXT: u.c:46 main
// STATS-NEXT: u.c:55 inline_definition {{.*}} skipped: C inline definition that is not the external definition (it may not refer to the file's static counters)
// STATS-NEXT: summary: 6 functions, 3 instrumented, 3 skipped

// Emitted code: the skipped functions are untouched.
// CHECK-LABEL: static int with_vfork(int x) {
// CHECK-NEXT:   int status = 0;
// CHECK-NEXT:   pid_t child = vfork();
// CHECK-NEXT:   if (child == 0)
// CHECK-NEXT:     _exit(x & 7);
// CHECK-LABEL: static int with_asm_goto(int x) {
// CHECK-NEXT: #ifndef NO_ASM_GOTO
// CHECK-NEXT:   asm goto("" : : : : skip);
// CHECK-LABEL: inline int external_inline(int x) { P3_ENTER(
// CHECK-LABEL: static int plain(int x) { P3_ENTER(
// CHECK-LABEL: inline int inline_definition(int x) { return x < 0 ? -x : x; }

// The report lists the skipped functions with their reasons.
// REPORT: Skipped functions (not instrumented; no paths for them)
// REPORT-NEXT: u.c:18 with_vfork {{ *}}calls vfork (returns twice, like setjmp)
// REPORT-NEXT: u.c:27 with_asm_goto {{ *}}asm goto
// REPORT-NEXT: u.c:55 inline_definition {{ *}}C inline definition that is not the external definition (it may not refer to the file's static counters)

// plain(x) for x = -1..5: x > 1 for 2..5 (line 42);
// external_inline(x) for x = -1, 0 (-x) and 1 (x).
// PROF:      FUNC external_inline: 3 executions, 2/2 paths
// PROF-NEXT:   1: 38
// PROF-NEXT:   2: 38
// PROF-NEXT: FUNC plain: 7 executions, 2/4 paths
// PROF-NEXT:   4: 41 > 42
// PROF-NEXT:   3: 41 > 43
// PROF-NEXT: FUNC main: 8 executions, 3/6 paths
// PROF-NEXT:   1: 47-48 > 48 > 49 > 48 ...
// PROF-NEXT:   6: ... 48 > 49 > 48 ...
// PROF-NEXT:   1: ... 48 > 50-51
