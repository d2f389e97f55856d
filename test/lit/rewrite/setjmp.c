// setjmp returns twice: the second time after a longjmp, with the function's
// locals (the path register among them) as the longjmp left them. The path ends
// at the statement that calls setjmp (P3_COUNT before it) and a new one starts
// on each way out of it (P3_RESET), so nothing is read across the second return.
// The frames that longjmp leaves (fail_at) and the caller's own path cut by
// the longjmp are counted when setjmp returns (P3_CUT_SYNC; cut-longjmp.c).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --strategy=p3 --stats -o out t.c -- > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: FileCheck --check-prefix=CODE %s < %t/out/copy-0/t.c
// RUN: cd %t && %p3check verify out t.c | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 3 --strategy=p3 -o out3 t.c -- && %p3check verify out3 t.c --quiet
// RUN: cd %t && p3-report out3 --check out/profile.json
// STATS: t.c:{{[0-9]+}} protected_call {{.*}} yes
// STATS: t.c:{{[0-9]+}} retries {{.*}} {{[0-9]+}}
// STATS: 0 skipped
#include <setjmp.h>
#include <stdio.h>

static jmp_buf *current;

static void fail_at(int depth, int n) {
  if (depth == 3) {
    if (n % 3 == 0)
      longjmp(*current, n);
    return;
  }
  fail_at(depth + 1, n);
}

// lua's luaD_rawrunprotected: setjmp returns twice, the second time after a
// longjmp from three frames down. The path ends at the call and starts again
// after it, so the second return begins a path of its own.
static int protected_call(int n) {
  jmp_buf buf;
  jmp_buf *saved = current;
  int status = 0;
  current = &buf;
  if (setjmp(buf) == 0)
    fail_at(0, n);
  else
    status = n;
  current = saved;
  return status;
}
// CODE-LABEL: static int protected_call(
// CODE: P3_COUNT(0); P3_CUT_NONE; if (setjmp(buf) == 0)
// CODE-NEXT: { P3_CUT_SYNC; P3_RESET(0); P3_SEQ(P3_CUT({{[0-9]+}}), fail_at(0, n)); }
// CODE-NEXT: else
// CODE-NEXT: { P3_CUT_SYNC; P3_RESET({{[0-9]+}}); status = n; }


// setjmp in a loop, its value kept in a variable.
static int retries(int n) {
  jmp_buf buf;
  jmp_buf *saved = current;
  volatile int tries = 0;
  current = &buf;
  int v = setjmp(buf);
  if (v != 0 && tries > 2) {
    current = saved;
    return -tries;
  }
  tries++;
  if (n > 0)
    fail_at(0, 3 * tries);
  current = saved;
  return tries;
}
// CODE-LABEL: static int retries(
// CODE: P3_COUNT(0); P3_CUT_NONE; int v = setjmp(buf);
// CODE-NEXT: if (v != 0 && P3_SEQ((P3_CUT_SYNC, P3_RESET(0)), P3_IF(tries > 2,
// CODE: P3_CUT_SYNC; P3_RESET(0); tries++;


int main(void) {
  for (int n = 0; n < 8; n++)
    printf("%d ", protected_call(n));
  printf("\n%d %d\n", retries(0), retries(1));
  return 0;
}
// protected_call: 8 paths to the setjmp, 5 from its first return to the
// return (fail_at returns for n = 1, 2, 4, 5, 7), 3 from its second return
// (n = 0, 3, 6), and 3 cut at fail_at by the longjmp. fail_at: 20 frames
// that return, 6 paths that end at the (noreturn) longjmp and the 18 frames
// above a longjmp, cut at the recursive call.
// PROF: FUNC fail_at: 44 executions, 4/4 paths
// PROF: FUNC protected_call: 19 executions, 4/4 paths
