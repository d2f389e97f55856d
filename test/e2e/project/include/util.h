#ifndef WSTAT_UTIL_H
#define WSTAT_UTIL_H

#include <ctype.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define IS_WORD_CHAR(c) (isalnum((unsigned char)(c)) || (c) == '_')
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

#endif
