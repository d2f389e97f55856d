// A case that falls through without a fall-through annotation: gcc's
// -Wimplicit-fallthrough reports the last statement before the next label. A
// probe inserted after that statement is written "(void)P3_ADD(c);", so the
// report stays at the user's line instead of moving into p3_runtime.h (where
// P3_ADD is defined): the copy has exactly the original's warnings.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck %s
// RUN: cd %t && gcc -c -Wimplicit-fallthrough t.c -o /dev/null 2>&1 | grep -o 't.c:[0-9]*:[0-9]*: warning: .*' > orig.txt
// RUN: cd %t/out/copy-0 && gcc -c -Wimplicit-fallthrough t.c -o /dev/null 2>&1 | grep -o '[a-z0-9_./]*:[0-9]*:[0-9]*: warning: .*' | sed 's/:[0-9]*: warning/: warning/' > %t/copy.txt
// RUN: sed 's/:[0-9]*: warning/: warning/' %t/orig.txt | diff - %t/copy.txt
// RUN: FileCheck --check-prefix=WARN %s < %t/copy.txt
// RUN: cd %t && %p3check verify out t.c --cflags=-Wno-implicit-fallthrough --quiet
int g(int);

int f(int x) {
  int r = 0;
  switch (x) {
  case 0:
    r = 5;
    break;
  case 1:
    r = g(1);
  case 2:
    r += g(2);
  case 3:
    r += g(3);
    break;
  default:
    r = -1;
  }
  return r;
}

int g(int v) { return v * 3; }

int main(void) { return f(0) + f(1) + f(2) + f(3) + f(5) - 35; }

// Cases 1 and 2 fall through: gcc warns at lines 23 and 25, in the original
// and in the copy, where the probe of the fall-through from case 2 follows the
// statement on line 25.
// CHECK: r += g(2); (void)P3_ADD({{-?[0-9]+}});
// WARN: t.c:23: warning: this statement may fall through [-Wimplicit-fallthrough=]
// WARN-NEXT: t.c:25: warning: this statement may fall through [-Wimplicit-fallthrough=]
// WARN-NOT: warning
