/* main calls step() in a loop, and step() calls the leaf odd() in a loop of
   its own: most path executions are odd()'s, although odd() has no loop. */
static int odd(int x) { return x & 1 ? x * 3 : x / 2; }

static int step(int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += odd(i);
  return s;
}

int main(int argc, char **argv) {
  int s = 0;
  for (int i = 0; i < 100; i++)
    s += step(i);
  if (argc > 1)
    s += odd(argc);
  return s & 0x7f;
}
