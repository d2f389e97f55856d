#include <cstdio>

template <typename T> T pick(T a, int b) {
  if (b > 0)
    return a;
  return T();
}

template <typename T> T pick(T a, long b) {
  return b > 0 ? a : T();
}

int main() {
  int s = 0;
  for (int i = -2; i < 3; ++i)
    s += pick(i, i) + pick(i, long(i)) + int(pick(1.5, i));
  auto twice = [](int x) { return x > 2 ? 2 * x : x; };
  std::printf("%d %d\n", s, twice(s));
  return 0;
}
