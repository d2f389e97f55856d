/* A plugin (unload.test): rewritten by p3-rewrite, built as a shared object
 * by gcc, clang or tcc, loaded by plugin-host.c with dlopen, run, and
 * unloaded with dlclose long before the host exits. plugin_run(10) and
 * plugin_run(4) run the loop 10 and 4 times: 4 + 2 iterations take the then
 * branch, 6 + 2 the else branch, and each call ends once. */
int plugin_run(int n) {
  int i, s = 0;
  for (i = 0; i < n; i++) {
    if (i % 3 == 0)
      s += i;
    else
      s -= 1;
  }
  return s;
}
