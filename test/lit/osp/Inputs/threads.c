/* Four threads, each running its own function in a loop, and a fork whose
 * child runs a loop of its own: per-thread samplers never mix the blocks of
 * two threads in one subpath, and a forked child reports only what it runs
 * after the fork. */
#include <pthread.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static unsigned work0(unsigned x) { return x & 1 ? x * 3 + 1 : x / 2; }
static unsigned work1(unsigned x) { return x % 5 ? x + 7 : x - 3; }
static unsigned work2(unsigned x) { return x > 1000 ? x / 2 : x * 2; }
static unsigned work3(unsigned x) { return x ^ (x >> 3); }

static void *run(void *arg) {
  long id = (long)arg;
  unsigned x = (unsigned)id + 11, s = 0;
  for (int i = 0; i < 50000; i++) {
    if (id == 0)
      x = work0(x);
    else if (id == 1)
      x = work1(x);
    else if (id == 2)
      x = work2(x);
    else
      x = work3(x);
    s += x;
  }
  return (void *)(unsigned long)s;
}

static int child(void) {
  unsigned s = 0;
  for (unsigned i = 0; i < 50000; i++)
    s += i % 7 ? i : 1;
  return (int)(s % 100);
}

int main(void) {
  pthread_t t[4];
  unsigned long sum = 0;
  pid_t pid;
  int status = 0;
  for (long i = 0; i < 4; i++)
    pthread_create(&t[i], 0, run, (void *)i);
  for (int i = 0; i < 4; i++) {
    void *r;
    pthread_join(t[i], &r);
    sum += (unsigned long)r;
  }
  fflush(stdout);
  pid = fork();
  if (pid == 0)
    return child();
  waitpid(pid, &status, 0);
  printf("%lu %d\n", sum, WEXITSTATUS(status));
  return 0;
}
