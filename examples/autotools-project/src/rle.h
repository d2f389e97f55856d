#ifndef RLE_H
#define RLE_H
#include <stdio.h>

/* Run-length coding: a run of 3 to 130 equal bytes becomes 0xFF, length-1,
 * byte; so does any run of 0xFF bytes, even of one; other bytes are copied.
 * Returns the bytes written, or -1 on a read or write error. */
long rle_encode(FILE *in, FILE *out);
/* Returns the bytes written, -1 on an error, -2 on malformed input. */
long rle_decode(FILE *in, FILE *out);

#endif
