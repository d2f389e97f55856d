/* main's path is in progress when it forks: the parent and the child both
 * finish it. */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
int main(int argc, char **argv) {
  (void)argv;
  if (argc > 1)
    puts("arguments");
  pid_t child = fork();
  if (child > 0)
    waitpid(child, 0, 0);
  else
    puts("child");
  return 0;
}
