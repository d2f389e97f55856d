// A call that may exit inside a macro's body has no place for P3_CUT of its
// own. The note can go in front of the macro's statement, or of the macro's
// whole expansion as an operand, when nothing between there and the call
// takes a probe (cut-macro-statement.c, cut-macro-condition.c); here it
// cannot: the call's argument is a ?: that takes one, so a note in front of
// it would hold the id of the path through the other arm. Were the function
// framed, an exit from that call would count the id noted before the
// earlier call (line 30), a path that did not run. So the function gets no
// cut edge and no frame at all: its paths cut short stay uncounted (as with
// --no-cut-paths), and a note names the line. The probes measured then
// exceed the model by the cut path's probes, never the other way round.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --stats -o out t.c -- > %t/stats.txt
// RUN: FileCheck --check-prefix=NOTE %s < %t/stats.txt
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
#include <stdio.h>
#include <stdlib.h>

static void leave_if(int x) {
  if (x > 2)
    exit(x);
}

#define CHECKED(x) (leave_if(x), (x))

int main(int argc, char **argv) {
  int r;
  (void)argv;
  if (argc > 5)
    leave_if(argc);
  r = CHECKED(argc > 1 ? argc : 0);
  return r;
}

// CODE:     int main(int argc, char **argv) { P3_ENTER(
// CODE-NOT: P3_FRAME
// CODE-NOT: P3_CUT
// CODE:     return

// NOTE: note: calls that may not return (exit, longjmp) with no place to note the path before them (inside a macro's body, in an operand evaluated in unspecified order, or with arguments that branch) on line(s) 31: no path of this function cut short is counted
