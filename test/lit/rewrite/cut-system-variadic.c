// C library functions that need no frame although they are variadic or take
// a function pointer: open, fcntl, ioctl (and openat, mremap, prctl,
// sem_open, mq_open) take a plain value as their extra argument, so they
// run none of the program's code; pthread_create runs its start routine on
// the new thread, whose exit() counts only that thread's frames (the
// calling thread's are not counted at exit, as for any other thread). So
// probe_file and spawn get no frame and no note, while a variadic function
// of the C library that is none of these (execl) still gets its note.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --no-eager-cuts -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: cd %t && %p3check verify out t.c --run "" | FileCheck --check-prefix=PROF %s
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static int probe_file(const char *path) {
  int fd = open(path, O_RDONLY, 0);
  if (fd < 0)
    return -1;
  int flags = fcntl(fd, F_GETFD, 0);
  close(fd);
  return flags >= 0;
}
// CODE-LABEL: static int probe_file(const char *path) {
// CODE-NOT:   P3_FRAME
// CODE-NOT:   P3_CUT
// CODE:       return flags >= 0;

static void *work(void *arg) { return arg; }

static int token;

static int spawn(void) {
  pthread_t t;
  void *r = 0;
  if (pthread_create(&t, 0, work, &token) != 0)
    return -1;
  pthread_join(t, &r);
  return r == &token;
}
// CODE-LABEL: static int spawn(void) {
// CODE-NOT:   P3_FRAME
// CODE-NOT:   P3_CUT
// CODE:       return r == &token;

static int run(int argc, const char *prog) {
  if (argc > 5)
    return execl(prog, prog, (char *)0);
  return 0;
}
// CODE-LABEL: static int run(int argc, const char *prog) {{{.*}} P3_FRAME;
// CODE:       P3_SEQ(P3_CUT({{[0-9]+}}), execl(prog, prog, (char *)0))

int main(int argc, char **argv) {
  printf("%d %d %d\n", probe_file(argv[0]), spawn(), run(argc, argv[0]));
  return 0;
}
// PROF: FUNC probe_file: 1 executions, 1/
// PROF: FUNC spawn: 1 executions, 1/

// The same program counted eagerly (--eager-cuts: no frame where every call
// that may not return has a place for a count and its undo): same profile.
// RUN: cd %t && p3-rewrite -k 1 --eager-cuts -o eager t.c -- && %p3check verify eager t.c --quiet --run ""
// RUN: p3-report %t/eager --check %t/out/profile.json
