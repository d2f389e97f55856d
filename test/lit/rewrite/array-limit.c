/*
Array or hash table (docs/runtime.md, "Counting: arrays and hash tables"): a
function counts its paths in a static array of num_ids + 1 counters when it
has at most --array-limit ids (default 65536), in a hash table otherwise.
bits() has 2^13 = 8192 paths: an array by default (a count is one increment
of p3_counts_0_0), hashed under --array-limit=4096: a count goes to the
function's cache p3_cache_0_0 (a compare and an add; a miss moves the entry
to the table), or with --no-hash-cache is a call to p3_hash_count. The three
profiles are exact and the same, with gcc, clang and tcc, and in thread-safe
mode (where the cache is not used).
RUN: rm -rf %t && mkdir -p %t && sed '/^\/\*/,/^\*\//d' %s > %t/t.c
RUN: cd %t && p3-rewrite -k 1 -o array t.c --
RUN: FileCheck --check-prefix=ARRAY %s < %t/array/copy-0/t.c
RUN: grep -q '"array_limit": 65536' %t/array/manifest.json
RUN: cd %t && p3-rewrite -k 1 --array-limit=4096 -o hashed t.c --
RUN: FileCheck --check-prefix=HASHED %s < %t/hashed/copy-0/t.c
RUN: cd %t && p3-rewrite -k 1 --array-limit=4096 --no-hash-cache -o nocache t.c --
RUN: FileCheck --check-prefix=NOCACHE %s < %t/nocache/copy-0/t.c
RUN: cd %t && p3-rewrite -k 3 --array-limit=1000 --thread-safe -o ts t.c --
RUN: cd %t && %p3check verify array t.c --compilers=gcc,clang,tcc --quiet
RUN: cd %t && %p3check verify hashed t.c --compilers=gcc,clang,tcc --quiet
RUN: cd %t && %p3check verify nocache t.c --compilers=gcc,clang --quiet
RUN: cd %t && %p3check verify ts t.c --compilers=gcc,clang --quiet
RUN: cd %t && p3-report hashed --check array/profile.json
RUN: cd %t && p3-report nocache --check array/profile.json
RUN: cd %t && p3-report ts --check array/profile.json

ARRAY: static p3_u64 p3_counts_0_0[8193];
ARRAY: P3_FUNCTION(0, 8192, p3_counts_0_0)
ARRAY: int bits(unsigned x) { P3_ENTER(p3_functions_0, 0, p3_counts_0_0);

HASHED-NOT: p3_counts_0_0
HASHED: static struct p3_slot p3_cache_0_0[P3_CACHE_SLOTS];
HASHED: P3_FUNCTION_CACHED(0, 8192, p3_cache_0_0)
HASHED: int bits(unsigned x) { P3_ENTER(p3_functions_0, 0, p3_cache_0_0);

NOCACHE-NOT: p3_c{{ounts|ache}}_0_0
NOCACHE: P3_FUNCTION_HASHED(0, 8192)
NOCACHE: int bits(unsigned x) { P3_ENTER(p3_functions_0, 0, P3_HASHED);
*/
int bits(unsigned x) {
  int n = 0;
  if (x & 1u) n += 1;
  if (x & 2u) n += 2;
  if (x & 4u) n += 3;
  if (x & 8u) n += 4;
  if (x & 16u) n += 5;
  if (x & 32u) n += 6;
  if (x & 64u) n += 7;
  if (x & 128u) n += 8;
  if (x & 256u) n += 9;
  if (x & 512u) n += 10;
  if (x & 1024u) n += 11;
  if (x & 2048u) n += 12;
  if (x & 4096u) n += 13;
  return n;
}

int main(void) {
  unsigned x;
  int s = 0;
  for (x = 0; x < 100; x++)
    s += bits(x * 2654435761u);
  return s == 0;
}
