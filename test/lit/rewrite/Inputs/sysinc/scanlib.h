/* A library header in a system directory (-isystem) that is not the C
 * library's: like libpng's or libjpeg's, its functions may longjmp to the
 * caller's error handler without taking any function pointer. */
int scan_next(int *state);
