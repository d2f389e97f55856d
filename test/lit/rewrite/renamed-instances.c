// A header included twice under different macro names (an interpreter loop
// instantiated once per NAME): each instance is a function of its own, with
// its own plan and counts, though both share one text. Every probe in that
// text is P3_PICK_<file>(NAME, <site>), which the preprocessor turns into the
// instance's own actions by pasting the identifier NAME expands to. The
// instances may differ in control flow (gawk's interpreter: the debugger's
// copy has an #ifdef'd hook, below): each is instrumented as it is compiled.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/main.c && cp %S/Inputs/renamed-interp.h %t/interp.h
// RUN: cd %t && p3-rewrite -k 1 --stats --header-filter=interp -o out main.c -- > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: FileCheck %s < %t/out/copy-0/interp.h
// RUN: cd %t && %p3check verify out main.c | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 --header-filter=interp -o out2 main.c -- && %p3check verify out2 main.c --quiet
// RUN: cd %t && p3-report out2 --check out/profile.json
// RUN: cp %S/Inputs/renamed-hook.h %t/interp.h && cd %t && p3-rewrite -k 1 --stats --header-filter=interp -o hook main.c -- -DHOOK | FileCheck --check-prefix=HOOK %s
// RUN: cd %t && %p3check verify hook main.c --cflags=-DHOOK | FileCheck --check-prefix=HOOKPROF %s
// RUN: cd %t && p3-rewrite -k 3 --header-filter=interp -o hook3 main.c -- -DHOOK && %p3check verify hook3 main.c --cflags=-DHOOK --quiet
// RUN: cd %t && p3-report hook3 --check hook/profile.json
#include <stdio.h>
#ifndef HOOK
#define NAME run_one
#define STEP 1
#include "interp.h"
#undef NAME
#undef STEP
#define NAME run_ten
#define STEP 10
#include "interp.h"
int main(void) {
  printf("%d %d\n", run_one("++*-+", 0), run_ten("+*-", 1));
  return 0;
}
#else
#include "interp.h"
#define r_interpret h_interpret
#define EXEC_HOOK 1
#include "interp.h"
#undef EXEC_HOOK
#undef r_interpret
int main(void) {
  static const int a[] = {1, 2, 3, 0}, b[] = {4, -1, 0};
  printf("%d %d %d %d\n", r_interpret(a), h_interpret(a), r_interpret(b),
         h_interpret(b));
  return 0;
}
#endif

// STATS:      interp.h:2 run_one
// STATS-NEXT: interp.h:2 run_ten
// STATS-NEXT: main.c:{{[0-9]+}} main

// CHECK:      #define P3_PICK_0(name, what) P3_PICK_0_(name, what)
// CHECK-NEXT: #define P3_PICK_0_(name, what) p3_##what##_##name
// CHECK-NEXT: #define p3_0_0_e_run_one P3_ENTER(p3_functions_0, 0, p3_counts_0_0)
// CHECK-NEXT: #define p3_0_0_e_run_ten P3_ENTER(p3_functions_0, 1, p3_counts_0_1)
// CHECK:      static int NAME(const char *code, int acc) { P3_PICK_0(NAME, 0_0_e);
// CHECK:      case '+': P3_PICK_0(NAME, 0_0_{{[0-9]+}}a); acc += STEP; break;

// run_one("++*-+"): 5 iterations ('+' first, then '+', '*', '-', '+');
// run_ten("+*-"): 3 ('+' first, then '*', '-').
// PROF:      FUNC run_one: 6 executions, 5/10 paths
// PROF-NEXT:   2: ... 3 > 4 > 5 > 3 ...
// PROF-NEXT:   1: 3 > 4 > 5 > 3 ...
// PROF-NEXT:   1: ... 3 > 4 > 6 > 3 ...
// PROF-NEXT:   1: ... 3 > 4 > 7 > 3 ...
// PROF-NEXT:   1: ... 3 > 11
// PROF-NEXT: FUNC run_ten: 4 executions, 4/10 paths
// PROF-NEXT:   1: 3 > 4 > 5 > 3 ...
// PROF-NEXT:   1: ... 3 > 4 > 6 > 3 ...
// PROF-NEXT:   1: ... 3 > 4 > 7 > 3 ...
// PROF-NEXT:   1: ... 3 > 11

// HOOK:      interp.h:1 h_interpret 9 11 6
// HOOK-NEXT: interp.h:1 r_interpret 7 8 4
// HOOK:      3 instrumented, 0 skipped

// r_interpret on {1, 2, 3} and {4, -1}: 2 first iterations, 3 later ones, 2
// exits; h_interpret's hook returns -1 on the -1.
// HOOKPROF:      FUNC h_interpret: 6 executions, 4/6 paths
// HOOKPROF-NEXT:   2: 2 > 3 > 5 > 8 ...
// HOOKPROF-NEXT:   1: ... 3 > 5 > 6
// HOOKPROF-NEXT:   2: ... 3 > 5 > 8 ...
// HOOKPROF-NEXT:   1: ... 3 > 10
// HOOKPROF-NEXT: FUNC r_interpret: 7 executions, 3/4 paths
// HOOKPROF-NEXT:   2: 2 > 3 > 8 ...
// HOOKPROF-NEXT:   3: ... 3 > 8 ...
// HOOKPROF-NEXT:   2: ... 3 > 10
