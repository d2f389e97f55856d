/* A library (tcc-link.test): compiled by gcc or clang, linked by tcc.
 * work(n) adds the multiples of 3 below n; once the sum passes LIMIT it
 * calls give_up, in another file, which exits after its third call: a path
 * cut short by exit() in a callee. */
void give_up(int code);
int limit = 1000000;

int work(int n) {
  int i, s = 0;
  for (i = 0; i < n; i++) {
    if (i % 3 == 0)
      s += i;
    if (s > limit)
      give_up(3);
  }
  return s;
}
