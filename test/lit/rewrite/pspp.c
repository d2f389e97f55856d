// Several copies: P3 splits a function with one call site into tasks (paths
// sharing a prefix) labelled with PSPP in different copies; PBL gives whole
// functions to copies. Each copy instruments only what it profiles, the
// merged profile equals the one-copy (SBL) profile, and executions of paths
// that another copy profiles are recorded under ids the decoder drops.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/pspp.c
// RUN: cd %t && p3-rewrite -k 1 --no-loop-counters --strategy=sbl -o sbl pspp.c -- && %p3check verify sbl pspp.c > %t/sbl.txt
// RUN: cd %t && p3-rewrite -k 2 --strategy=p3 --no-loop-counters --stats -o p3 pspp.c -- | FileCheck --check-prefix=STATS %s
// RUN: grep -v '^//' %t/p3/copy-0/pspp.c | FileCheck --check-prefix=C0 %s
// RUN: grep -v '^//' %t/p3/copy-1/pspp.c | FileCheck --check-prefix=C1 %s
// RUN: cd %t && %p3check verify p3 pspp.c > %t/p3.txt
// RUN: cmp %t/sbl.txt %t/p3.txt
// RUN: p3-report %t/p3 --check %t/sbl/profile.json | FileCheck --check-prefix=SAME %s
// RUN: FileCheck --check-prefix=DROPPED %s < %t/p3/p3check-report.txt
// RUN: cd %t && p3-rewrite -k 2 --no-loop-counters --strategy=pbl --stats -o pbl pspp.c -- | FileCheck --check-prefix=PBL-STATS %s
// RUN: grep -v '^//' %t/pbl/copy-0/pspp.c | FileCheck --check-prefix=PBL0 %s
// RUN: grep -v '^//' %t/pbl/copy-1/pspp.c | FileCheck --check-prefix=PBL1 %s
// RUN: cd %t && %p3check verify pbl pspp.c > %t/pbl.txt
// RUN: cmp %t/sbl.txt %t/pbl.txt
// RUN: p3-report %t/pbl --check %t/sbl/profile.json | FileCheck --check-prefix=SAME %s
#include <stdio.h>

static int classify(int x) {
  int r = 0;
  if (x < 10) {
    if (x % 2 == 0)
      r += 1;
    if (x % 3 == 0)
      r += 2;
  } else {
    if (x % 5 == 0)
      r += 3;
    if (x % 7 == 0)
      r += 4;
  }
  if (x % 11 == 0)
    r *= 2;
  return r;
}

int main(void) {
  int t = 0;
  for (int x = 0; x < 30; x++)
    t += classify(x);
  printf("%d\n", t);
  return 0;
}

// P3 with two copies: classify (one call site) has 16 paths, split by the
// first branch into two tasks of 8; main's paths are split into those that
// end at the return and those that end on the back edge.
// Columns: blocks, edges, paths, tasks, profitable, static probes per copy.
// STATS:      pspp.c:23 classify 14 19 16 2 yes 6 6
// STATS-NEXT: pspp.c:41 main 7 8 4 2 yes 3 3
// Copy 0 profiles the paths through x < 10: only those branches are wrapped.
// C0-LABEL: static int classify(int x) { P3_ENTER(p3_functions_0, 0, p3_counts_0_0);
// C0-NEXT:    int r = 0;
// C0-NEXT:    if (x < 10) {
// C0-NEXT:      if (P3_IF(x % 2 == 0, {{.+}}))
// C0:           if (P3_IF(x % 3 == 0, {{.+}}))
// C0:         } else {
// C0-NEXT:      if (x % 5 == 0)
// C0-NEXT:        r += 3;
// C0-NEXT:      if (x % 7 == 0)
// C0-NEXT:        r += 4;
// C0-NEXT:    }
// C0-NEXT:    if (P3_IF(x % 11 == 0, {{.+}}))
// C0-NEXT:      r *= 2;
// C0-NEXT:    P3_COUNT({{-?[0-9]+}}); return r;
// main in copy 0 counts the paths that end at the return; the back edge only
// resets the register (the path it ends is copy 1's).
// C0-LABEL: int main(void) { P3_ENTER(p3_functions_0, 1, p3_counts_0_1);
// C0:         for (int x = 0; x < 30; P3_SEQ(P3_RESET({{-?[0-9]+}}), x++))
// C0:         P3_COUNT({{-?[0-9]+}}); return 0;
// Copy 1 profiles the paths through the else branch.
// C1-LABEL: static int classify(int x) { P3_ENTER(p3_functions_0, 0, p3_counts_0_0);
// C1-NEXT:    int r = 0;
// C1-NEXT:    if (x < 10) {
// C1-NEXT:      if (x % 2 == 0)
// C1-NEXT:        r += 1;
// C1-NEXT:      if (x % 3 == 0)
// C1-NEXT:        r += 2;
// C1-NEXT:    } else {
// C1-NEXT:      if (P3_IF(x % 5 == 0, {{.+}}))
// C1:           if (P3_IF(x % 7 == 0, {{.+}}))
// C1:         P3_COUNT({{-?[0-9]+}}); return r;
// C1-LABEL: int main(void) { P3_ENTER(p3_functions_0, 1, p3_counts_0_1);
// C1:         for (int x = 0; x < 30; P3_SEQ(P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}}), x++))
// C1:       {{^  }}return 0;

// Both copies run classify 30 times; copy 0 drops the 20 executions with
// x >= 10, copy 1 the 10 with x < 10.
// DROPPED:      Dropped ids
// DROPPED:        classify  30
// DROPPED-NEXT:   total     30

// PBL: whole functions, one copy each, with Ball-Larus: P3_ENTER plus one
// probe per chord of the spanning tree, (edges + 1) - (blocks - 1): classify
// 20 - 13 = 7 (8 probes), main 9 - 6 = 3 (4 probes).
// PBL-STATS:      pspp.c:23 classify 14 19 16 1 no 8 0
// PBL-STATS-NEXT: pspp.c:41 main 7 8 4 1 no 0 4
// PBL0:      static int classify(int x) { P3_ENTER(p3_functions_0, 0, p3_counts_0_0);
// PBL0:      int main(void) {
// PBL0-NEXT:   int t = 0;
// PBL1:      static int classify(int x) {
// PBL1-NEXT:   int r = 0;
// PBL1:      int main(void) { P3_ENTER(p3_functions_0, 0, p3_counts_0_0);

// SAME: check: the merged profile equals {{.*}}sbl/profile.json

// The shapes checked are those of --no-loop-counters; with the loops' back
// edges counting into locals (loop-locals.c) the P3 profile is the same:
// RUN: cd %t && p3-rewrite -k 2 --strategy=p3 -o locals pspp.c -- && %p3check verify locals pspp.c --quiet
// RUN: p3-report %t/locals --check %t/sbl/profile.json
