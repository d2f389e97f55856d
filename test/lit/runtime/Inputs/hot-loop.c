/* A hot loop like libquantum's quantum_toffoli: one branch per iteration. */
void flip(unsigned long long *state, int n, unsigned long long c,
          unsigned long long t) {
  int i;
  for (i = 0; i < n; i++)
    if ((state[i] & c) == c)
      state[i] ^= t;
}

/* A loop whose iterations all take one path, like quantum_sigma_x. */
void flipall(unsigned long long *state, int n, unsigned long long t) {
  int i;
  for (i = 0; i < n; i++)
    state[i] ^= t;
}
