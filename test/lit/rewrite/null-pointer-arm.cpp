// C++: a null pointer constant arm wrapped in a probe would not compile
// ("operands to ?: have different types"); see null-pointer-arm.c. nullptr
// and 0 arms both stay as they are.
//
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/arm.cpp
// RUN: cd %t && p3-rewrite -k 1 -o out arm.cpp --
// RUN: grep -v '^//' %t/out/copy-0/arm.cpp | FileCheck %s
// RUN: cd %t && %p3check verify out arm.cpp --quiet --run "" --run 1 --run "1 2"
#include <cstdio>

struct Node {
  Node *next;
};

static int len(Node *p, int stop) {
  int n = 0;
  for (; p; p = (stop ? 0 : p->next))
    n++;
  return n;
}

static const Node *pick(const Node *p, int k) {
  return k > 1 ? nullptr : k ? p->next : p;
}

int main(int argc, char **) {
  Node c = {nullptr}, b = {&c}, a = {&b};
  std::printf("%d %d\n", len(&a, argc > 1), pick(&a, argc - 1) == &b);
  return 0;
}

// CHECK-LABEL: static int len(Node *p, int stop) {
// CHECK:      for (; p; p = (P3_IF(stop, {{.*}}) ? 0 : P3_SEQ({{.*}}, p->next)))
// CHECK-LABEL: static const Node *pick(const Node *p, int k) {
// CHECK:      ? nullptr :
