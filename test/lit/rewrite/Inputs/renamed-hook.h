int r_interpret(const int *code) {
  int sum = 0;
  while (*code) {
#ifdef EXEC_HOOK
    if (*code < 0)
      return -1;
#endif
    sum += *code++;
  }
  return sum;
}
