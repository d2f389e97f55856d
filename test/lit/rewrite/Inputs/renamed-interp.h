/* The interpreter loop, instantiated once per NAME. */
static int NAME(const char *code, int acc) {
  for (; *code; code++) {
    switch (*code) {
    case '+': acc += STEP; break;
    case '-': acc -= STEP; break;
    case '*': acc *= 2; break;
    default: break;
    }
  }
  return acc;
}
