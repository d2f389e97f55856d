#ifndef CSV_H
#define CSV_H
#include <stddef.h>

/* Splits one line of comma-separated values in place: quoted fields
 * ("a, b" with "" for a quote), surrounding blanks trimmed. Returns the
 * number of fields, at most max; -1 for an unterminated quote. */
int csv_split(char *line, char **fields, int max);

/* 1 and *out set when text is a number (sign, digits, point, exponent). */
int csv_number(const char *text, double *out);

#endif
