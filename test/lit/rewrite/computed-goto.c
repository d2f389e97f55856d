// Computed goto (GNU C): the edges out of "goto *p" have no place for a probe
// once the target is known, so the path ends before the jump (P3_COUNT) and a
// new one starts at every label whose address is taken (P3_RESET). Exact with
// gcc and clang (tcc rejects &&label differences in a static initializer).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --strategy=p3 --stats -o out t.c -- > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: FileCheck --check-prefix=CODE %s < %t/out/copy-0/t.c
// RUN: cd %t && %p3check verify out t.c --compilers gcc,clang | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 3 --strategy=p3 -o out3 t.c -- && %p3check verify out3 t.c --quiet --compilers gcc,clang
// RUN: cd %t && p3-report out3 --check out/profile.json
#include <stdio.h>

enum { OP_PUSH, OP_ADD, OP_JNZ, OP_HALT };

// STATS: t.c:{{[0-9]+}} run {{.*}} yes
// STATS: t.c:{{[0-9]+}} offsets {{.*}} yes
// STATS: 0 skipped

// A jump-table interpreter, the shape of lua's and CPython's dispatch: every
// handler ends in "goto *table[...]" and starts a path.
static int run(const int *code) {
  static void *const table[] = {&&do_push, &&do_add, &&do_jnz, &&do_halt};
  int stack[16], sp = 0;
  const int *pc = code;
#define DISPATCH() goto *table[*pc++]
  DISPATCH();
do_push:
  stack[sp++] = *pc++;
  DISPATCH();
do_add:
  sp--;
  stack[sp - 1] += stack[sp];
  if (stack[sp - 1] > 100)
    stack[sp - 1] -= 100;
  DISPATCH();
do_jnz:
  if (stack[sp - 1] != 0) {
    stack[sp - 1]--;
    pc = code + *pc;
  } else {
    pc++;
  }
  DISPATCH();
do_halt:
  return stack[sp - 1];
}
// CODE-LABEL: static int run(
// CODE: P3_COUNT(0); DISPATCH();
// CODE-NEXT: do_push:
// CODE-NEXT: P3_RESET(0); stack[sp++] = *pc++;
// CODE-NEXT: P3_COUNT(1); DISPATCH();
// CODE-NEXT: do_add:
// CODE-NEXT: P3_RESET(0); sp--;
// CODE: do_jnz:
// CODE-NEXT: P3_RESET(0); if (
// CODE: do_halt:
// CODE-NEXT: P3_RESET(0);{{.*}} return stack[sp - 1];

// Labels reached both directly (a plain goto) and through an offset table
// (&&label arithmetic, position-independent like gcc's own tables). "odd" is
// reached from "even" by a plain goto too: that edge ends its path as well
// (P3_COUNT before the goto), since odd's start resets the register.
static int offsets(int n) {
  static const int table[] = {&&zero - &&zero, &&odd - &&zero, &&even - &&zero};
  int r = 0;
again:
  if (n == 0)
    goto *(&&zero + table[0]);
  goto *(&&zero + table[1 + (n % 2 == 0)]);
odd:
  r += 3;
  n--;
  goto again;
even:
  r += 1;
  n /= 2;
  if (n > 10)
    goto odd;
  goto again;
zero:
  return r;
}
// CODE-LABEL: static int offsets(
// CODE: { P3_COUNT({{[0-9]+}}); goto *(&&zero + table[0]); }
// CODE-NEXT: P3_COUNT({{[0-9]+}}); goto *(&&zero + table[1 + (n % 2 == 0)]);
// CODE-NEXT: odd:
// CODE-NEXT: P3_RESET({{[0-9]+}}); r += 3;
// CODE: even:
// CODE-NEXT: P3_RESET({{[0-9]+}}); r += 1;
// CODE: { P3_COUNT({{-?[0-9]+}}); goto odd; }
// CODE: zero:
// CODE-NEXT: P3_RESET({{[0-9]+}});

int main(void) {
  static const int prog[] = {OP_PUSH, 3, OP_PUSH, 4, OP_ADD, OP_JNZ, 5, OP_PUSH, 9, OP_HALT};
  printf("%d\n", run(prog));
  for (int n = 0; n < 40; n += 7)
    printf("%d ", offsets(n));
  printf("\n");
  return 0;
}
// PROF: FUNC run: 14 executions, 6/7 paths
// PROF: FUNC offsets: 46 executions, 7/8 paths
