/* A source whose text must reach the page as text: </script> <b>bold</b>
   & &amp; "quotes" 'single' */
#include <stdio.h>
#include <string.h>

static const char *tag = "</script><script>alert(1)</script>";

int main(int argc, char **argv) {
  int n = 0;
  for (int i = 0; i < 5; i++)
    if ((i & 1) && strlen(tag) > 3) /* & and && in code */
      n++;
    else if (i < 2 || n > 7)
      n += 2;
  printf("%d %s\n", n, argc > 1 ? argv[1] : "<none>");
  return n > 100;
}
