// Which calls without a body in the translation unit return normally: a C
// library function declared in the C library's headers that takes no
// function pointer (fputs) does; any other library's function may not, even
// when its header is in a system directory (scan_next: libpng's and
// libjpeg's functions longjmp to the caller's handler). So the loop calling
// fputs keeps its counts in locals, while the loop calling scan_next counts
// into the array and notes the path before the call.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --no-eager-cuts -o out t.c -- -isystem %S/Inputs/sysinc
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck %s
#include <scanlib.h>
#include <stdio.h>

int print_all(const char *const *lines, int n) {
  for (int i = 0; i < n; i++)
    if (lines[i][0] != '#')
      fputs(lines[i], stdout);
  return n;
}

int scan_all(int *state) {
  int total = 0;
  for (int i = 0; i < 8; i++)
    if (state[i] > 0)
      total += scan_next(state);
  return total;
}

// CHECK-LABEL: int print_all(const char *const *lines, int n) {
// CHECK-NOT:   P3_FRAME
// CHECK:       P3_LSLOT
// CHECK-NOT:   P3_CUT
// CHECK-LABEL: int scan_all(int *state) {{{.*}} P3_FRAME;
// CHECK-NOT:   P3_LSLOT
// CHECK:       P3_BACK(
// CHECK:       total += P3_SEQ(P3_CUT({{[0-9]+}}), scan_next(state));
