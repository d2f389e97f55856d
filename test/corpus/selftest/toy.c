/* A toy program for the harness's self-test: counts the words, digits and lines of its
 * input, with the build's -D flags required (the description does not repeat them). */
#include <stdio.h>
#include <stdlib.h>
#if !defined(TOY_WORDS) || !defined(TOY_DIGITS) || TOY_LIMIT != 1000
#error "toy.c needs the build's -D flags"
#endif

#ifdef TOY_FORK
#include <sys/wait.h>
#include <unistd.h>
#endif

#ifdef TOY_EXTRA_WARNING
static int toy_unused; /* only in builds that want a warning the original does not have */
#endif

static int classify(int c) {
  if (c >= '0' && c <= '9')
    return TOY_DIGITS;
  if (c == ' ' || c == '\n' || c == '\t')
    return 0;
  return TOY_WORDS;
}

int main(int argc, char **argv) {
  long counts[3] = {0, 0, 0};
  int c, previous = 0;
  long salt = argc > 1 ? atol(argv[1]) : 0;
  while ((c = getchar()) != EOF) {
    int kind = classify(c);
    if (kind == TOY_WORDS && previous != TOY_WORDS)
      counts[1]++;
    else if (kind == TOY_DIGITS)
      counts[2]++;
    if (c == '\n' && counts[0]++ > TOY_LIMIT)
      break;
    previous = kind;
  }
  /* paths that depend on the argument, output that does not */
  for (long i = 0; i < salt % 7; i++)
    if (i % 2)
      previous++;
#ifdef TOY_FORK
  /* a child that finishes main's path (counted in both processes) */
  {
    pid_t child = fork();
    if (child == 0)
      return 0;
    if (child > 0)
      waitpid(child, 0, 0);
  }
#endif
  printf("lines %ld words %ld digits %ld\n", counts[0], counts[1], counts[2]);
  return previous < 0;
}
