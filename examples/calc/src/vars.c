#include <string.h>

#include "calc.h"

#define MAX_VARS 64

static struct {
  char name[32];
  long value;
} vars[MAX_VARS];
static int nvars;

int var_get(const char *name, long *value) {
  for (int i = 0; i < nvars; i++)
    if (strcmp(vars[i].name, name) == 0) {
      *value = vars[i].value;
      return 0;
    }
  return -1;
}

void var_set(const char *name, long value) {
  int i;
  for (i = 0; i < nvars; i++)
    if (strcmp(vars[i].name, name) == 0)
      break;
  if (i == nvars) {
    if (nvars == MAX_VARS)
      return;
    strncpy(vars[i].name, name, sizeof vars[i].name - 1);
    nvars++;
  }
  vars[i].value = value;
}

int var_count(void) { return nvars; }
