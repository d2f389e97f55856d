// The rule that keeps frames in a program that forks is program-wide: here
// the fork-like function (daemon, only named by address) is in another file
// than the function with a call that may not return. p3-rewrite says which
// reference made it keep frames; --eager-cuts counts eagerly anyway, and
// --no-eager-cuts needs no reason.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c && cp %S/Inputs/cut-fork-other.c %t/other.c
// RUN: cd %t && p3-rewrite -k 1 -o out t.c other.c -- 2>&1 | FileCheck --check-prefix=NOTE %s
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=FRAMED %s
// RUN: cd %t && p3-rewrite -k 1 --eager-cuts -o eager t.c other.c -- 2>&1 | FileCheck --allow-empty --check-prefix=QUIET %s
// RUN: grep -v '^//' %t/eager/copy-0/t.c | FileCheck --check-prefix=EAGER %s
// RUN: cd %t && p3-rewrite -k 1 --no-eager-cuts -o framed t.c other.c -- 2>&1 | FileCheck --allow-empty --check-prefix=QUIET %s
// Without other.c nothing forks: eager counts by default.
// RUN: cd %t && p3-rewrite -k 1 -o alone t.c -- 2>&1 | FileCheck --allow-empty --check-prefix=QUIET %s
// RUN: grep -v '^//' %t/alone/copy-0/t.c | FileCheck --check-prefix=EAGER %s
void leave(int n);

int step(int n) {
  leave(n);
  return n + 1;
}
// NOTE: note: the program forks (other.c:5 daemon): paths cut short are counted by frames
// QUIET-NOT: forks
// FRAMED: int step(int n) {{{.*}}P3_FRAME;
// FRAMED-NEXT: P3_CUT({{[0-9]+}}); leave(n);
// EAGER: int step(int n) {
// EAGER-NOT: P3_FRAME
// EAGER-NEXT: P3_CUT_COUNT([[C:[0-9]+]]); leave(n); P3_CUT_UNDO([[C]]);
