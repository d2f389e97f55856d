#include "shared.h"

// A unit with nothing to rewrite but calls.
int unused_elsewhere(int x) { return once(x) + twice(x) + clamp_step(x); }
