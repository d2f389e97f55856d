/* Includes the runtime but instruments nothing: must compile cleanly and
 * add nothing to the profile. */
#include "p3_runtime.h"

#ifdef __cplusplus
extern "C"
#endif
int none(int x) { return x - 1; }
