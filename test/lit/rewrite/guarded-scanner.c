// FINDINGS 2b (corpus, flex's scanner): a guarded function (RETURNCHAR's
// return has no place for a count of its own) whose rules begin with a macro
// that branches (YY_RULE_SETUP) and end with "return TOKEN;". The rules'
// returns outside macros add their own increment before the cleanup counts
// ("P3_ADD(3); return 10;"), so each rule keeps a path of its own; before,
// they added nothing, lines 47-57 counted as one step, and in flex's
// scanner such ways closed a cycle through EXIT that no step could break
// (the function was skipped).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --stats -o out t.c -- > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: cd %t && %p3check verify out t.c | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 -o out2 t.c -- && %p3check verify out2 t.c --quiet
#include <stdio.h>

static const char *input = "ab\ncab\n\nb";
static int pos, len, at_bol, value;
static char text[2];

static int next(void) {
  char c = input[pos];
  if (!c)
    return 0;
  pos++;
  text[0] = c;
  len = 1;
  return c == 'a' ? 1 : c == 'b' ? 2 : c == 'c' ? 4 : 3;
}

// flex's YY_RULE_SETUP (YY_USER_ACTION is empty) and yyterminate().
#define USER_ACTION
#define RULE_SETUP                                                             \
  if (len > 0)                                                                 \
    at_bol = (text[len - 1] == '\n');                                          \
  USER_ACTION
#define TERMINATE() return 0
// flex's RETURNCHAR: its return has no place for a count of its own.
#define RETURNCHAR                                                             \
  value = text[0];                                                             \
  return 12;

static int lex(void) {
  for (;;) {
    switch (next()) {
    case 1:
      RULE_SETUP
      return 10;
    case 2:
      RULE_SETUP
      return 11;
    case 3:
      RULE_SETUP
      break;
    case 4:
      RULE_SETUP
      RETURNCHAR;
    default:
      TERMINATE();
    }
  }
}

int main(void) {
  int t, n = 0;
  while ((t = lex()) != 0)
    n = n * 3 + t + at_bol + value;
  printf("%d\n", n);
  return 0;
}

// STATS-NOT: skipped
// STATS:      t.c:{{[0-9]+}} lex {{.*}}
// STATS-NEXT:   note: the return on line 57 has no place for the path counter{{.*}}
// STATS-NEXT:   note: line 47: branches with no place for a probe {{.*}} count as one step
// STATS-NEXT:   note: line 50: branches with no place for a probe {{.*}} count as one step
// STATS-NEXT:   note: line 53: branches with no place for a probe {{.*}} count as one step
// STATS-NEXT:   note: line 56: branches with no place for a probe {{.*}} count as one step
// STATS-NEXT: t.c:{{[0-9]+}} main {{.*}}

// CODE-LABEL: static int lex(void) { P3_ENTER_GUARDED(
// CODE:         P3_ADD({{[0-9]+}}); return 10;
// CODE:         P3_ADD({{[0-9]+}}); return 11;
// CODE:         RETURNCHAR;
// CODE:        P3_GUARD_END;}

// The input "ab\ncab\n\nb" in seven calls: a (10), b (11), \n then c
// (RETURNCHAR after a turn of the loop), a, b, \n \n b (two turns, then 11),
// and the end (TERMINATE).
// PROF:      FUNC lex: 10 executions, 7/10 paths
// PROF-NEXT:   2: 45 > 47 > 48
// PROF-NEXT:   1: ... 45 > 50 > 51
// PROF-NEXT:   2: 45 > 50 > 51
// PROF-NEXT:   1: ... 45 > 53 > 54 ...
// PROF-NEXT:   2: 45 > 53 > 54 ...
// PROF-NEXT:   1: ... 45 > 56 > 57
// PROF-NEXT:   1: 45 > 59
