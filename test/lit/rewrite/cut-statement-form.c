// A note in front of a call that is a whole statement is a statement of its
// own ("P3_CUT(1); lock(v);"), not "P3_SEQ(P3_CUT(1), lock(v));": the same
// moment, and the copy still builds under flags the rewrite did not see, where
// the call is a macro that expands to nothing (sqlite3's test programs include
// sqlite3.c with SQLITE_THREADSAFE=0, where sqlite3_mutex_enter(X) is empty).
// A call inside an expression, or the body of an if or a loop, keeps P3_SEQ;
// so does a call after text that is no statement (a macro that expands to
// nothing here, to "total +=" under NO_LOCKS: sqlite3's "TESTONLY(rc =) f();").
// A block of code under #ifdef before the call is a statement or nothing, as
// with sqlite3's "#ifdef SQLITE_ENABLE_API_ARMOR ... #endif" before
// "sqlite3_mutex_enter(db->mutex);".
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --no-eager-cuts -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: cd %t && %p3check verify out t.c --run "" --run "a b c d" | FileCheck --check-prefix=PROF %s
// The configuration without locks: the copy builds and prints what the
// original prints.
// RUN: cd %t && %cc -DNO_LOCKS -o orig-nolocks t.c && ./orig-nolocks a b > orig.txt
// RUN: cd %t/out/copy-0 && %cc -DNO_LOCKS -o copy-nolocks t.c && ./copy-nolocks a b > %t/copy.txt
// RUN: diff %t/orig.txt %t/copy.txt
#include <stdio.h>
#include <stdlib.h>

#ifdef NO_LOCKS
#define lock(m)
#define CHECKED(x) x
#else
#define CHECKED(x)
static void (*on_lock)(int);
/* Calls through a pointer: it may not return. */
static void lock(int m) {
  if (on_lock)
    on_lock(m);
}
#endif

static int take(int v) {
  if (v == 4)
    exit(3);
  return v;
}

static int total;

static int add(int v) {
#ifdef NO_LOCKS
  if (v < 0)
    return -1;
#endif
  lock(v);
  if (v > 3)
    total += v;
  else
    total -= 1;
  total += take(v);
  lock(v);
  CHECKED(total +=) take(1);
  return total;
}

int main(int argc, char **argv) {
  (void)argv;
  for (int i = 0; i < argc; ++i)
    add(i);
  printf("%d\n", total);
  return 0;
}

// The other branch of an #if before the call, and a label in front of it.
int finish(int v) {
  if (v > 10)
    goto done;
#ifndef NO_LOCKS
  total += 3;
#else
  total += 2;
#endif
  lock(v);
done:
  lock(v);
  return total;
}

// CODE-LABEL: static int add(int v) {{{.*}} P3_FRAME;
// CODE-NEXT:  #ifdef NO_LOCKS
// CODE:       #endif
// CODE-NEXT:  P3_CUT([[C:[0-9]+]]); lock(v);
// CODE:       total += P3_SEQ(P3_CUT({{[0-9]+}}), take(v));
// CODE-NEXT:  P3_CUT([[D:[0-9]+]]); lock(v);
// CODE-NEXT:  CHECKED(total +=) P3_SEQ(P3_CUT([[D]]), take(1));

// Run 1: add(0); run 2: add(0) .. add(3), then add(4) takes the branch
// "v > 3" and its path is cut in take(4), which exits.
// PROF:      FUNC add: 6 executions, 2/5 paths
// PROF-NEXT:   1: 50-51 > 52 > 55-58 CUT
// PROF-NEXT:   5: 50-51 > 54 > 55-58

// CODE-LABEL: int finish(int v) {{{.*}} P3_FRAME;
// CODE:       #endif
// CODE-NEXT:  P3_CUT({{[0-9]+}}); lock(v);
// CODE-NEXT:  done:
// CODE-NEXT:  P3_CUT({{[0-9]+}}); lock(v);

// The same program counted eagerly (--eager-cuts: no frame where every call
// that may not return has a place for a count and its undo): same profile.
// RUN: cd %t && p3-rewrite -k 1 --eager-cuts -o eager t.c -- && %p3check verify eager t.c --quiet --run "" --run "a b c d"
// RUN: p3-report %t/eager --check %t/out/profile.json
// RUN: cd %t/eager/copy-0 && %cc -DNO_LOCKS -o copy-nolocks t.c && ./copy-nolocks a b > %t/copy-eager.txt
// RUN: diff %t/orig.txt %t/copy-eager.txt
