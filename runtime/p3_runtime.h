/*===- p3_runtime.h - Path-profiling runtime of p3 (header-only) ---------===*
 *
 * p3-rewrite copies this file into the root of every instrumented copy and
 * every rewritten file includes it first. It needs no link flag and no other
 * file. docs/runtime.md describes the macros as emitted code uses them, the
 * counting policy and the exit, fork and thread behaviour;
 * docs/raw-profile.md the file written at exit.
 *
 * Target: Linux with glibc, compiled by gcc, clang or tcc as C (C89 with GNU
 * extensions, long long, through C2x) or by g++/clang++ (C++98 through
 * C++23).
 *
 * Rules this file keeps, and why:
 *  - It includes no header at all: user code may define feature macros such
 *    as _GNU_SOURCE after this include and before its own system includes.
 *    The few libc functions used are declared here under p3_sys_* names
 *    bound to the real symbols with asm labels, so user macros and
 *    declarations of fopen, write... cannot clash with them. POSIX-only
 *    functions are bound to glibc's reserved aliases (__getpid) because a
 *    user function named like a non-ISO libc function (a static write())
 *    would capture an asm label of that name.
 *  - Every name it defines starts with p3_ or P3_, including struct fields,
 *    because the macros expand inside user code where user macros are live.
 *  - It compiles without warnings under -Wall -Wextra whether or not the
 *    including file uses it: the slow paths are static functions marked
 *    unused, so a file without P3_UNIT emits no runtime code.
 *  - All units of one executable or shared object share one registry, a
 *    weak hidden variable (hidden: a dlclose'd library must not leave its
 *    units in another object's registry; tcc ignores the visibility, and
 *    objects linked by tcc's linker get one per translation unit: see
 *    "Linkers that drop constructor priorities").
 *  - Code can go away before the process exits (dlclose, tcc -run, libtcc):
 *    the object's destructor writes its profile and removes every handler
 *    that points into it, so nothing calls into a freed image.
 *  - Counting a path is a few inline instructions: no call, no load of the
 *    function record. Only hashed functions (huge ones) call out.
 *
 *===----------------------------------------------------------------------===*/

#ifndef P3_RUNTIME_H
#define P3_RUNTIME_H

#if !defined(__GNUC__) && !defined(__TINYC__)
#error "p3_runtime.h needs gcc, clang or tcc"
#endif
#if !defined(__linux__)
#error "p3_runtime.h targets Linux with glibc"
#endif

/* Thread-safe mode: chosen per copy by p3-rewrite, which defines
 * P3_THREAD_SAFE to 1 at the top of the copy's p3_runtime.h. */
#ifdef P3_THREAD_SAFE
#if P3_THREAD_SAFE + 0
#define P3_TS_ 1
#endif
#endif
#ifndef P3_TS_
#define P3_TS_ 0
#endif
#if P3_TS_ && !defined(__ATOMIC_RELAXED)
#error "P3_THREAD_SAFE needs the __atomic builtins of gcc or clang (not tcc)"
#endif

/* Units of the two modes keep separate registries (hence separate exit
 * handlers and sections), so a process mixing them stays correct. */
#if P3_TS_
#define p3_registry p3_registry_ts_v1
#else
#define p3_registry p3_registry_v1
#endif

/* Casts that -Wold-style-cast accepts, for projects that enable it. */
#ifdef __cplusplus
#if __cplusplus >= 201103L
#define P3_NULL nullptr
#else
#define P3_NULL 0
#endif
#define P3_CAST_(type, x) static_cast<type>(x)
extern "C" {
#else
#define P3_NULL ((void *)0)
#define P3_CAST_(type, x) ((type)(x))
#endif

/* __extension__: C89 with -pedantic has no long long, but gcc, clang and tcc
 * do, and a copy must not warn where the original did not. */
__extension__ typedef unsigned long long p3_u64;

/* Macros spell attributes __attribute: they expand in user code, after
 * headers that may define __attribute__ away (glibc's <sys/cdefs.h> does
 * for compilers that are not GNU C, such as tcc; curses.h, ffi.h... under
 * other conditions), and a constructor lost that way would lose the
 * profile silently. */
#define P3_UNUSED_ __attribute((__unused__))
#define P3_NOINLINE_ __attribute((__noinline__))
/* For the flushes of loop-local counts: run when a loop's block is left,
 * often (a short loop in a hot function), and small once the slot is a
 * constant. Left to itself gcc splits them and calls the part after the
 * "anything to add?" test out of line, which also keeps the locals in
 * memory (their address escapes to the call). */
#ifdef __TINYC__
#define P3_ALWAYS_INLINE_
#else
#define P3_ALWAYS_INLINE_ __inline__ __attribute((__always_inline__))
#endif
#ifdef __TINYC__
#define P3_CTOR_ __attribute((__constructor__))
#define P3_DTOR_ __attribute((__destructor__))
#else
/* The earliest user priority: units register before any C++ static object
 * of this executable or library is constructed. For destructors the same
 * priority is the latest: the profile is written after the object's other
 * destructors, which run after its static objects' destructors and the
 * atexit handlers (exit runs those first, then each object's destructors),
 * so instrumented code that any of them runs is counted. */
#define P3_CTOR_ __attribute((__constructor__(101)))
#define P3_DTOR_ __attribute((__destructor__(101)))
#endif

/*===-- libc, bound by asm label ------------------------------------------===*/

struct _IO_FILE; /* glibc's FILE; the same type keeps LTO from complaining. */
extern struct _IO_FILE *p3_sys_fopen(const char *, const char *)
    __asm__("fopen");
extern __SIZE_TYPE__ p3_sys_fwrite(const void *, __SIZE_TYPE__, __SIZE_TYPE__,
                                   struct _IO_FILE *) __asm__("fwrite");
extern int p3_sys_fclose(struct _IO_FILE *) __asm__("fclose");
extern struct _IO_FILE *p3_sys_stderr __asm__("stderr");
extern char *p3_sys_getenv(const char *) __asm__("getenv");
/* getcwd through its fortified entry point, which has a reserved name. */
extern char *p3_sys_getcwd_chk(char *, __SIZE_TYPE__, __SIZE_TYPE__)
    __asm__("__getcwd_chk");
extern int p3_sys_getpid(void) __asm__("__getpid");
extern int *p3_sys_errno(void) __asm__("__errno_location");
extern char *p3_sys_strerror(int) __asm__("strerror");
/* Hash tables come from mmap, never from the program's malloc heap: an
 * allocation there would move the program's own blocks in the copies that
 * count a function in a table, and a program whose paths depend on addresses
 * (comparing pointers into different buffers) would take different paths in
 * different copies. Linux values of PROT_READ|PROT_WRITE and
 * MAP_PRIVATE|MAP_ANONYMOUS. */
extern void *p3_sys_mmap(void *, __SIZE_TYPE__, int, int, int, long)
    __asm__("mmap");
extern int p3_sys_munmap(void *, __SIZE_TYPE__) __asm__("munmap");
#define P3_PROT_RW_ 3
#define P3_MAP_ANON_ 0x22
#ifdef __cplusplus
#define P3_MAP_FAILED_ reinterpret_cast<void *>(static_cast<__INTPTR_TYPE__>(-1))
#else
#define P3_MAP_FAILED_ ((void *)-1)
#endif
/* Exit and fork handlers are registered with the entry points libc.so.6
 * itself exports, keyed to this object's registry, never with atexit or
 * pthread_atfork: those live in libc_nonshared.a and key their handlers to
 * __dso_handle, which objects linked by tcc lack. __cxa_finalize(key), from
 * the object's destructor, runs and removes the handlers with that key
 * (exit and fork alike) before the object's code can go away. */
extern int p3_sys_cxa_atexit(void (*)(void *), void *, void *)
    __asm__("__cxa_atexit");
extern void p3_sys_cxa_finalize(void *) __asm__("__cxa_finalize");
extern int p3_sys_register_atfork(void (*)(void), void (*)(void),
                                  void (*)(void), void *)
    __asm__("__register_atfork");
#if P3_TS_
extern int p3_sys_sched_yield(void) __asm__("__sched_yield");
#endif
/* /proc/self/pagemap, read at exit (see "Counter pages never written"). */
extern int p3_sys_open(const char *, int, ...) __asm__("__open");
extern long p3_sys_pread(int, void *, __SIZE_TYPE__, p3_u64 /* off64_t */)
    __asm__("__pread64");
extern int p3_sys_close(int) __asm__("__close");
extern int p3_sys_getpagesize(void) __asm__("__getpagesize");

/*===-- Data the rewriter emits -------------------------------------------===*/

struct p3_slot {
  p3_u64 p3_id;
  p3_u64 p3_count; /* 0: empty slot */
};

/* One instrumented function in one translation unit. P3_FUNCTION and
 * P3_FUNCTION_HASHED fill the first four fields; the rest is runtime
 * state. Counting in array mode never reads this record: the emitted code
 * counts straight into the array (P3_ENTER). */
struct p3_function {
  unsigned p3_index;    /* manifest function index */
  p3_u64 p3_num_ids;    /* ids this copy profiles are below this */
  p3_u64 p3_array_len;  /* array mode: ids below this count in p3_counts */
  p3_u64 *p3_counts;    /* array mode, p3_array_len + 1 counters; null when
                           hashed */
  struct p3_slot *p3_slots; /* hashed mode: open addressing */
  p3_u64 p3_cap;        /* slots, a power of two, or 0 */
  p3_u64 p3_used;       /* occupied slots */
  p3_u64 p3_lost;       /* counts dropped because mmap failed */
  p3_u64 p3_dropped;    /* hashed mode: ids at or above p3_num_ids */
  p3_u64 p3_probes;     /* probes run, in P3_COUNT_PROBES builds */
  int p3_lock;          /* guards the slots in thread-safe mode */
  int p3_growing;       /* a grow is allocating */
  struct p3_function *p3_next; /* scratch list while writing the profile */
  struct p3_slot *p3_cache; /* hashed mode: counts not yet in p3_slots, or
                               null ("Hashed functions: a cache") */
  p3_u64 p3_cache_len;      /* entries of p3_cache */
};

/* COUNTS has num_ids + 1 elements: one per id, and a last one, the dropped
 * slot, for every id at or above num_ids. The rewriter's numbering keeps
 * every id below num_ids, so the slot stays at zero unless a copy does not
 * match its manifest; with it, counting needs no test that calls out of
 * line. The length comes from the array itself, so a wrong num_ids can never
 * write out of bounds. */
#define P3_FUNCTION(index, num_ids, counts)                                    \
  {(index), (num_ids), sizeof(counts) / sizeof((counts)[0]) - 1, (counts),     \
   P3_NULL, 0, 0, 0, 0, 0, 0, 0, P3_NULL, P3_NULL, 0}
/* A function with too many ids for an array: its counts go to a hash table,
 * through CACHE (P3_FUNCTION_CACHED, what p3-rewrite emits: an array of
 * P3_CACHE_SLOTS p3_slot entries, also the COUNTS argument of P3_ENTER) or
 * straight (P3_FUNCTION_HASHED, with P3_HASHED as COUNTS). */
#define P3_FUNCTION_HASHED(index, num_ids)                                     \
  {(index), (num_ids), 0, P3_NULL, P3_NULL, 0, 0, 0, 0, 0, 0, 0, P3_NULL,      \
   P3_NULL, 0}
#define P3_FUNCTION_CACHED(index, num_ids, cache)                              \
  {(index), (num_ids), 0, P3_NULL, P3_NULL, 0, 0, 0, 0, 0, 0, 0, P3_NULL,      \
   (cache), sizeof(cache) / sizeof((cache)[0])}

struct p3_unit {
  struct p3_function *p3_functions;
  p3_u64 p3_num_functions;
  unsigned p3_copy;
  const char *p3_hash;
  int p3_counts_probes; /* compiled with P3_COUNT_PROBES */
  int p3_done;          /* scratch while writing the profile */
  int p3_registered;    /* by P3_CTOR_ (1) or by the fallback (2; see
                           "Linkers that drop constructor priorities") */
  struct p3_unit *p3_next;
  unsigned *p3_fork_gen; /* the unit's p3_fork_gen_ (P3_CUT_UNDO) */
};

/* The fork generation of this translation unit's code: a forked child's
 * fork handler increments it (p3_fork_child_in_), so an eager count of a
 * path cut short made before the fork, whose counter the child has zeroed,
 * is not undone in the child (P3_CUT_UNDO). Static, one per translation
 * unit, reached through its unit: no TLS (only the forking thread exists in
 * the child), a PC-relative address that every linker resolves within the
 * object (tcc's too: see p3_registry_at_). */
static P3_UNUSED_ unsigned p3_fork_gen_;

struct p3_registry {
  struct p3_unit *p3_first;
  struct p3_unit *p3_last;
  int p3_started; /* exit and fork handlers installed */
  int p3_finalized; /* handlers removed: the object is going away */
  int p3_dumped;
  int p3_forked; /* this process is a forked child of the one that started */
  int p3_lock;
  int p3_dir_too_long;
  int p3_no_cut; /* its units' object may not touch the cut stack (late) */
  /* The output directory, resolved once at start-up so that chdir or
   * environment changes by the program do not move the profile. Empty:
   * the working directory at exit (getcwd failed). */
  char p3_dir[4096];
};

/* (Declared first for -Wmissing-variable-declarations.) */
extern struct p3_registry p3_registry;
__attribute((__weak__, __visibility__("hidden"))) struct p3_registry
    p3_registry;
/* The code reaches the registry only through this pointer, a 64-bit
 * relocation. gcc and clang address a hidden variable directly (a 32-bit
 * PC-relative relocation), which the static linker resolves within the
 * object; tcc's linker instead exports the hidden symbol and leaves such a
 * relocation to the dynamic loader, which binds it to the executable's
 * registry, more than 2 GB away from a shared library ("causes overflow in
 * R_X86_64_PC32 relocation", and the code patched with garbage). Volatile,
 * or the compiler reads it as the constant it is and addresses the registry
 * directly again. Read at start-up, exit and fork only. */
static P3_UNUSED_ struct p3_registry *volatile p3_registry_at_ = &p3_registry;
#if P3_TS_
/* Nonzero while this thread allocates a table: a hash insertion that finds
 * a grow in progress then knows whether it may wait for it (another thread
 * grows) or must not (the program's own calloc is instrumented and counts
 * into the table being grown). */
extern __thread int p3_in_grow;
__attribute((__weak__, __visibility__("hidden"))) __thread int p3_in_grow;
#endif

/*===-- Counting ----------------------------------------------------------===*/

/* The helpers below are static, never "inline": a program built with
 * -Winline (bzip2) would be warned each time the compiler declines to
 * inline; at -O1 and above gcc and clang inline them anyway. */

#if P3_TS_
#define P3_INC_(p) ((void)__atomic_fetch_add((p), 1, __ATOMIC_RELAXED))
#define P3_LOAD_(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#else
#define P3_INC_(p) ((void)++*(p))
#define P3_LOAD_(p) (*(p))
#endif

static P3_UNUSED_ void p3_lock(int *l) {
#if P3_TS_
  unsigned spins = 0;
  while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE))
    while (__atomic_load_n(l, __ATOMIC_RELAXED))
      if (++spins % 256 == 0)
        p3_sys_sched_yield();
#else
  (void)l;
#endif
}

static P3_UNUSED_ void p3_unlock(int *l) {
#if P3_TS_
  __atomic_store_n(l, 0, __ATOMIC_RELEASE);
#else
  (void)l;
#endif
}

static P3_UNUSED_ p3_u64 p3_mix(p3_u64 x) {
  x ^= x >> 30;
  x *= __extension__ 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= __extension__ 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

/* The slot holding Id, or the empty slot where it would go. Needs a table. */
static P3_UNUSED_ struct p3_slot *p3_find(struct p3_slot *slots, p3_u64 cap,
                                          p3_u64 id) {
  p3_u64 i = p3_mix(id) & (cap - 1);
  while (slots[i].p3_count != 0 && slots[i].p3_id != id)
    i = (i + 1) & (cap - 1);
  return &slots[i];
}

static P3_UNUSED_ struct p3_slot *p3_alloc_slots(p3_u64 cap) {
  void *p = p3_sys_mmap(P3_NULL,
                        P3_CAST_(__SIZE_TYPE__, cap) * sizeof(struct p3_slot),
                        P3_PROT_RW_, P3_MAP_ANON_, -1, 0);
  return p == P3_MAP_FAILED_ ? P3_NULL : P3_CAST_(struct p3_slot *, p);
}

static P3_UNUSED_ void p3_free_slots(struct p3_slot *slots, p3_u64 cap) {
  if (slots)
    p3_sys_munmap(slots, P3_CAST_(__SIZE_TYPE__, cap) * sizeof(struct p3_slot));
}

/* Called with F locked. Doubles the table; unlocks around the allocation
 * (another thread may count meanwhile). Returns the replaced table and its
 * capacity in *OLD_CAP, to be freed once F is unlocked, or null. */
static P3_UNUSED_ struct p3_slot *p3_grow(struct p3_function *f,
                                          p3_u64 *old_cap) {
  p3_u64 cap = f->p3_cap ? f->p3_cap * 2 : 16, i;
  struct p3_slot *slots, *old;
  if (cap < f->p3_cap ||
      cap > P3_CAST_(__SIZE_TYPE__, -1) / sizeof(struct p3_slot))
    return P3_NULL;
#if P3_TS_
  __atomic_store_n(&f->p3_growing, 1, __ATOMIC_RELAXED);
#else
  f->p3_growing = 1;
#endif
  p3_unlock(&f->p3_lock);
#if P3_TS_
  ++p3_in_grow;
#endif
  slots = p3_alloc_slots(cap);
#if P3_TS_
  --p3_in_grow;
#endif
  p3_lock(&f->p3_lock);
#if P3_TS_
  __atomic_store_n(&f->p3_growing, 0, __ATOMIC_RELEASE);
#else
  f->p3_growing = 0;
#endif
  if (!slots)
    return P3_NULL;
  /* Other insertions may have happened meanwhile, even a grow of their
   * own; rehash whatever the table is now, unless it already is larger. */
  old = f->p3_slots;
  if (f->p3_cap >= cap) {
    p3_unlock(&f->p3_lock);
    p3_free_slots(slots, cap);
    p3_lock(&f->p3_lock);
    return P3_NULL;
  }
  *old_cap = f->p3_cap;
  for (i = 0; i < f->p3_cap; ++i)
    if (old[i].p3_count != 0)
      *p3_find(slots, cap, old[i].p3_id) = old[i];
  f->p3_slots = slots;
  f->p3_cap = cap;
  return old;
}

/* Adds N executions of Id to the hash table of F (a function with more ids
 * than the array limit). Never inlined: it is large, and inlined into every
 * count it would make the callers' fast paths large too. Never fails: when
 * no memory can be had, the counts go to p3_lost, which the profile
 * reports. */
static P3_UNUSED_ P3_NOINLINE_ void p3_hash_add_(struct p3_function *f,
                                                p3_u64 id, p3_u64 n) {
  struct p3_slot *s = P3_NULL, *old = P3_NULL;
  p3_u64 old_cap = 0;
  int tried = 0;
  if (id >= f->p3_num_ids) {
#if P3_TS_
    __atomic_fetch_add(&f->p3_dropped, n, __ATOMIC_RELAXED);
#else
    f->p3_dropped += n;
#endif
    return;
  }
  p3_lock(&f->p3_lock);
  for (;;) {
    if (f->p3_cap != 0) {
      s = p3_find(f->p3_slots, f->p3_cap, id);
      if (s->p3_count != 0) {
        s->p3_count += n;
        break;
      }
      if ((f->p3_used + 1) * 2 <= f->p3_cap)
        goto insert; /* the load stays at most 1/2 */
    }
#if P3_TS_
    if (f->p3_growing && !p3_in_grow) {
      /* Another thread is allocating a larger table: wait for it. */
      p3_unlock(&f->p3_lock);
      while (__atomic_load_n(&f->p3_growing, __ATOMIC_ACQUIRE))
        p3_sys_sched_yield();
      p3_lock(&f->p3_lock);
      continue;
    }
#endif
    if (!tried && !f->p3_growing) {
      tried = 1;
      old = p3_grow(f, &old_cap);
      continue;
    }
    /* Out of memory, or re-entered while growing: use the spare
     * room, keeping one empty slot so that p3_find terminates. */
    if (f->p3_cap != 0 && f->p3_used + 1 < f->p3_cap)
      goto insert;
    f->p3_lost += n;
    break;
  insert:
    s->p3_id = id;
    s->p3_count = n;
    ++f->p3_used;
    break;
  }
  p3_unlock(&f->p3_lock);
  p3_free_slots(old, old_cap);
}

/* One execution of Id in a hashed function, straight into its table. Not
 * cold: a hashed function without a cache (thread-safe mode) may be hot. */
static P3_UNUSED_ P3_NOINLINE_ void p3_hash_count(struct p3_function *f,
                                                 p3_u64 id) {
  p3_hash_add_(f, id, 1);
}

/*===-- Hashed functions: a cache in front of the table (issue 10) -------===*/

/* A function with more ids than the array limit (pcre2's matcher: 2.8e8
 * paths; sqlite3's bytecode interpreter) used to pay a call, a hash and a
 * probe of its table for every count, about 60 instructions. Its hot paths
 * are few, though: 2 267 distinct ids of pcre2's match account for 84.7
 * million counts in one run. So each such function has a cache of
 * P3_CACHE_SLOTS (id, count) entries, a static array the rewriter emits
 * (P3_FUNCTION_CACHED), direct-mapped by the id's hash: a count compares the
 * id of its entry and adds one, a few inline instructions; a miss (another
 * id holds the entry) moves the entry's count into the table, out of line,
 * and takes the entry. The counts of a function are its table's plus its
 * cache's, so the profile is exact whatever the cache holds: the dump and a
 * lookup add them, and a forked child clears both. Ids at or above num_ids
 * are cached like the others and become dropped counts when they leave the
 * cache (or when the profile is written).
 * Thread-safe mode has no cache (P3_CACHE_SLOTS is 1, which P3_ENTER reads
 * as "none"): the compare and the add of two threads could interleave with
 * an eviction, and an atomic pair costs what the table costs; counts go
 * straight to the locked table as before. Entries start as (0, 0): a count
 * of id 0 hits at once, and an entry with count 0 holds nothing. */
#if P3_TS_
#define P3_CACHE_SLOTS 1
#else
#define P3_CACHE_SLOTS 1024
#endif
/* The index bits: caches longer than 2^P3_CACHE_BITS_ use only that many
 * entries. */
#define P3_CACHE_BITS_ 10

#ifdef __TINYC__
#define P3_COLD_
#define P3_LIKELY_(x) (x)
#else
#define P3_COLD_ __attribute((__cold__))
#define P3_LIKELY_(x) __builtin_expect((x), 1)
#endif

/* The entry of Id in a cache of N entries (a power of two): the top bits of
 * Id times 2^64 / phi (Fibonacci hashing), which depend on every bit of the
 * id; path ids that differ only in high bits (paths that part near the
 * function's entry) then land apart. */
static P3_UNUSED_ p3_u64 p3_cache_index_(p3_u64 id, p3_u64 n) {
  return ((id * (__extension__ 0x9e3779b97f4a7c15ULL)) >>
          (64 - P3_CACHE_BITS_)) &
         (n - 1);
}

/* The entry E, which holds another id than Id: its count goes to the table
 * and Id takes the entry, with one execution. Rare, hence cold (out of the
 * way of the hot path's code). */
static P3_UNUSED_ P3_NOINLINE_ P3_COLD_ void
p3_cache_miss_(struct p3_function *f, struct p3_slot *e, p3_u64 id) {
  p3_u64 old = e->p3_id, n = e->p3_count;
  e->p3_id = id;
  e->p3_count = 1;
  if (n != 0)
    p3_hash_add_(f, old, n);
}

/* One execution of Id in F, whose cache K has N entries. */
static P3_UNUSED_ P3_ALWAYS_INLINE_ void
p3_cache_count_(struct p3_function *f, struct p3_slot *k, p3_u64 n,
                p3_u64 id) {
  struct p3_slot *e = &k[p3_cache_index_(id, n)];
  if (P3_LIKELY_(e->p3_id == id))
    ++e->p3_count;
  else
    p3_cache_miss_(f, e, id);
}

/* Counting through the record, for the rare counts that do not come from
 * the inline fast path (P3_ENTER_GUARDED's cleanup, a path cut short). */
static P3_UNUSED_ void p3_count(struct p3_function *f, p3_u64 id) {
  if (f->p3_counts)
    P3_INC_(&f->p3_counts[id < f->p3_array_len ? id : f->p3_array_len]);
  else if (!P3_TS_ && f->p3_cache_len > 1)
    p3_cache_count_(f, f->p3_cache, f->p3_cache_len, id);
  else
    p3_hash_count(f, id);
}

/* Executions of F with an id at or above its number of ids. */
static P3_UNUSED_ p3_u64 p3_dropped_of(struct p3_function *f) {
  return f->p3_counts ? P3_LOAD_(&f->p3_counts[f->p3_array_len])
                      : P3_LOAD_(&f->p3_dropped);
}

/* Count of Id in F, for merging functions that several units share. */
static P3_UNUSED_ p3_u64 p3_lookup(struct p3_function *f, p3_u64 id) {
  p3_u64 c = 0;
  struct p3_slot *e;
  if (id < f->p3_array_len)
    return P3_LOAD_(&f->p3_counts[id]);
  p3_lock(&f->p3_lock);
  if (f->p3_cap != 0)
    c = p3_find(f->p3_slots, f->p3_cap, id)->p3_count;
  p3_unlock(&f->p3_lock);
  if (!P3_TS_ && f->p3_cache_len > 1) {
    e = &f->p3_cache[p3_cache_index_(id, f->p3_cache_len)];
    if (e->p3_id == id)
      c += e->p3_count;
  }
  return c;
}

/*===-- Counter pages never written (fast probes: issue 10) ---------------===*/

/* The dump reads every counter array and a forked child clears them. A
 * page of them that the process never wrote is not backed by memory: reading
 * it costs a page fault (the kernel maps its zero page), clearing it one
 * that zeroes or copies a page. In a short-lived process with megabytes of
 * arrays (tcc compiling one small file: 6 MB of arrays, 1 550 page faults,
 * 4.0 ms -> 7.1 ms of CPU) that costs more than the counting. Linux's
 * /proc/self/pagemap says per page whether it is present (bit 63) or swapped
 * out (bit 62). A page that is neither was never written by this process
 * (a written private page is one or the other until the process ends), nor
 * before a fork by its parent (fork copies those page table entries), so it
 * still holds the executable's initial bytes, which for a counter array are
 * zeros: the dump skips it. When pagemap cannot be read, every page is read,
 * as without it. */
struct p3_pages {
  int p3_fd;           /* /proc/self/pagemap, or -1: every page may be written */
  p3_u64 p3_size;      /* bytes per page */
  p3_u64 p3_lo, p3_hi; /* the pages of the registry's arrays and caches */
  p3_u64 p3_read[2];   /* blocks of P3_PAGEMAP_BLOCK_ pages from p3_lo read */
  p3_u64 p3_bits[512]; /* one bit per page from p3_lo: may be written */
};

/* Pagemap is read a block of this many pages at a time, on the first
 * question about a page of the block, into a bitmap of the first 32 768
 * pages from the lowest array's (later pages are read, as without pagemap).
 * One system call then serves every array in the block, in whatever order
 * the dump visits them (not the arrays' order in memory), so even arrays of
 * a few counters are skipped when their page was never written. (Before,
 * each array of at least 1 024 counters asked for its own pages and shorter
 * ones were read whole: tcc compiling one small file made 69 preads and 135
 * page faults on never-written pages in its dump.) */
#define P3_PAGEMAP_BLOCK_ 256

#ifdef __cplusplus
#define P3_ADDR_(p) reinterpret_cast<__SIZE_TYPE__>(p)
#else
#define P3_ADDR_(p) ((__SIZE_TYPE__)(p))
#endif

/* Widens P's page range to the BYTES at C. */
static P3_UNUSED_ void p3_pages_span_(struct p3_pages *p, const void *c,
                                      p3_u64 bytes) {
  p3_u64 lo, hi;
  if (bytes == 0)
    return;
  lo = P3_CAST_(p3_u64, P3_ADDR_(c)) / p->p3_size;
  hi = (P3_CAST_(p3_u64, P3_ADDR_(c)) + bytes - 1) / p->p3_size;
  if (p->p3_hi < p->p3_lo) {
    p->p3_lo = lo;
    p->p3_hi = hi;
    return;
  }
  if (lo < p->p3_lo)
    p->p3_lo = lo;
  if (hi > p->p3_hi)
    p->p3_hi = hi;
}

/* Opens pagemap for the arrays and caches of R's units (all units: the
 * range only bounds what is read). */
static P3_UNUSED_ void p3_pages_open(struct p3_pages *p,
                                     struct p3_registry *r) {
  int size = p3_sys_getpagesize();
  struct p3_unit *u;
  struct p3_function *f;
  p3_u64 i;
  p->p3_size = 4096; /* only a chunk size when pagemap is not read */
  p->p3_fd = -1;
  p->p3_read[0] = p->p3_read[1] = 0;
  if (size < 8 || (size & (size - 1)) != 0)
    return;
  p->p3_size = P3_CAST_(p3_u64, size);
  p->p3_lo = 1;
  p->p3_hi = 0; /* empty */
  for (u = r->p3_first; u; u = u->p3_next)
    for (i = 0; i < u->p3_num_functions; ++i) {
      f = &u->p3_functions[i];
      if (f->p3_counts)
        p3_pages_span_(p, f->p3_counts, (f->p3_array_len + 1) * 8);
      if (f->p3_cache_len > 1)
        p3_pages_span_(p, f->p3_cache,
                       f->p3_cache_len * sizeof(struct p3_slot));
    }
  if (p->p3_hi < p->p3_lo)
    return;
  if (p->p3_hi - p->p3_lo >= sizeof(p->p3_bits) * 8)
    p->p3_hi = p->p3_lo + sizeof(p->p3_bits) * 8 - 1;
  p->p3_fd = p3_sys_open("/proc/self/pagemap", 0 /* O_RDONLY */);
}

static P3_UNUSED_ void p3_pages_close(struct p3_pages *p) {
  if (p->p3_fd >= 0)
    p3_sys_close(p->p3_fd);
  p->p3_fd = -1;
}

/* Counters from C to the end of its page. */
static P3_UNUSED_ p3_u64 p3_page_rest(const struct p3_pages *p,
                                      const p3_u64 *c) {
  p3_u64 a = P3_CAST_(p3_u64, P3_ADDR_(c));
  return (p->p3_size - a % p->p3_size) / sizeof(p3_u64);
}

/* Reads block B (from P's first page) of pagemap into P's bitmap. */
static P3_UNUSED_ void p3_pages_read_(struct p3_pages *p, p3_u64 b) {
  p3_u64 e[P3_PAGEMAP_BLOCK_], first = p->p3_lo + b * P3_PAGEMAP_BLOCK_, n, i;
  long got;
  n = p->p3_hi + 1 - first;
  if (n > P3_PAGEMAP_BLOCK_)
    n = P3_PAGEMAP_BLOCK_;
  got = p3_sys_pread(p->p3_fd, e, n * 8, first * 8);
  if (got < 0 || P3_CAST_(p3_u64, got) != n * 8) {
    p3_sys_close(p->p3_fd); /* every page may be written */
    p->p3_fd = -1;
    return;
  }
  p->p3_read[b / 64] |= P3_CAST_(p3_u64, 1) << (b % 64);
  for (i = 0; i < n; ++i, ++first)
    if ((e[i] >> 62) != 0) /* present or swapped out */
      p->p3_bits[(first - p->p3_lo) / 64] |= P3_CAST_(p3_u64, 1)
                                             << ((first - p->p3_lo) % 64);
    else
      p->p3_bits[(first - p->p3_lo) / 64] &=
          ~(P3_CAST_(p3_u64, 1) << ((first - p->p3_lo) % 64));
}

/* Whether the page at address A may have been written: 0 only when pagemap
 * says it is neither present nor swapped out. */
static P3_UNUSED_ int p3_page_written(struct p3_pages *p, const void *a) {
  p3_u64 page = P3_CAST_(p3_u64, P3_ADDR_(a)) / p->p3_size, b;
  if (p->p3_fd < 0 || page < p->p3_lo || page > p->p3_hi)
    return 1;
  page -= p->p3_lo;
  b = page / P3_PAGEMAP_BLOCK_;
  if (!(p->p3_read[b / 64] >> (b % 64) & 1)) {
    p3_pages_read_(p, b);
    if (p->p3_fd < 0)
      return 1;
  }
  return p->p3_bits[page / 64] >> (page % 64) & 1;
}

/*===-- Hashed functions: the caches at exit and fork (issue 10) ---------===*/

/* The next entry of F's cache from I on that holds a count, or the cache's
 * length. Entries whose count lies on a page never written hold nothing
 * (see above), so those pages are not read. */
static P3_UNUSED_ p3_u64 p3_cache_next_(struct p3_function *f,
                                        struct p3_pages *pages, p3_u64 i) {
  p3_u64 m, len = f->p3_cache_len;
  if (P3_TS_ || len < 2)
    return len;
  while (i < len) {
    /* the entries whose count is on this page */
    m = (p3_page_rest(pages, &f->p3_cache[i].p3_count) + 1) / 2;
    if (m > len - i)
      m = len - i;
    if (p3_page_written(pages, &f->p3_cache[i].p3_count)) {
      for (; m != 0; --m, ++i)
        if (f->p3_cache[i].p3_count != 0)
          return i;
    } else {
      i += m;
    }
  }
  return len;
}

/* Empties the cache of F in a forked child, whose counts start from zero. */
static P3_UNUSED_ void p3_cache_clear_(struct p3_function *f,
                                       struct p3_pages *pages) {
  p3_u64 i;
  for (i = p3_cache_next_(f, pages, 0); i < f->p3_cache_len;
       i = p3_cache_next_(f, pages, i + 1))
    f->p3_cache[i].p3_count = 0;
}

/* The count of Id in F's cache, reading no page never written. */
static P3_UNUSED_ p3_u64 p3_cache_lookup_(struct p3_function *f,
                                          struct p3_pages *pages, p3_u64 id) {
  struct p3_slot *e;
  if (P3_TS_ || f->p3_cache_len < 2)
    return 0;
  e = &f->p3_cache[p3_cache_index_(id, f->p3_cache_len)];
  return p3_page_written(pages, &e->p3_count) && e->p3_id == id
             ? e->p3_count
             : 0;
}

/* The count of Id in F (array, table and cache), for writing the profile:
 * reads no counter page never written. */
static P3_UNUSED_ p3_u64 p3_lookup_paged_(struct p3_function *f,
                                          struct p3_pages *pages, p3_u64 id) {
  p3_u64 c = 0;
  if (id < f->p3_array_len)
    return p3_page_written(pages, &f->p3_counts[id])
               ? P3_LOAD_(&f->p3_counts[id])
               : 0;
  p3_lock(&f->p3_lock);
  if (f->p3_cap != 0)
    c = p3_find(f->p3_slots, f->p3_cap, id)->p3_count;
  p3_unlock(&f->p3_lock);
  return c + p3_cache_lookup_(f, pages, id);
}

/* Executions of F with an id at or above its number of ids, for writing the
 * profile (after its records: those its cache held are in p3_dropped then),
 * reading no counter page never written. */
static P3_UNUSED_ p3_u64 p3_dropped_paged_(struct p3_function *f,
                                           struct p3_pages *pages) {
  if (f->p3_counts && !p3_page_written(pages, &f->p3_counts[f->p3_array_len]))
    return 0;
  return p3_dropped_of(f);
}

/*===-- Writing the raw profile -------------------------------------------===*/

struct p3_out {
  struct _IO_FILE *p3_file; /* null: format into the buffer only */
  int p3_failed;
  unsigned p3_len;
  char p3_buf[4096];
};

static P3_UNUSED_ void p3_flush(struct p3_out *o) {
  if (o->p3_len != 0 && o->p3_file && !o->p3_failed &&
      p3_sys_fwrite(o->p3_buf, 1, o->p3_len, o->p3_file) != o->p3_len)
    o->p3_failed = 1;
  o->p3_len = 0;
}

static P3_UNUSED_ void p3_put(struct p3_out *o, const char *s) {
  for (; *s; ++s) {
    if (o->p3_len == sizeof(o->p3_buf))
      p3_flush(o);
    o->p3_buf[o->p3_len++] = *s;
  }
}

static P3_UNUSED_ void p3_put_u64(struct p3_out *o, p3_u64 v) {
  char tmp[24];
  int n = 23;
  tmp[23] = 0;
  do {
    tmp[--n] = P3_CAST_(char, '0' + v % 10);
    v /= 10;
  } while (v);
  if (o->p3_len + 23 - n > sizeof(o->p3_buf)) {
    p3_put(o, tmp + n);
    return;
  }
  while (n < 23) /* room for all: no test per character */
    o->p3_buf[o->p3_len++] = tmp[n++];
}

/* One line on stderr, written at once so that it does not interleave. */
static P3_UNUSED_ void p3_warn(const char *a, const char *b, const char *c,
                               const char *d) {
  struct p3_out o;
  o.p3_file = P3_NULL;
  o.p3_failed = 0;
  o.p3_len = 0;
  p3_put(&o, "p3: ");
  p3_put(&o, a);
  p3_put(&o, b);
  p3_put(&o, c);
  p3_put(&o, d);
  if (o.p3_len > sizeof(o.p3_buf) - 2)
    o.p3_len = sizeof(o.p3_buf) - 2;
  o.p3_buf[o.p3_len++] = '\n';
  o.p3_buf[o.p3_len] = 0;
  p3_sys_fwrite(o.p3_buf, 1, o.p3_len, p3_sys_stderr);
}

static P3_UNUSED_ int p3_streq(const char *a, const char *b) {
  while (*a && *a == *b)
    ++a, ++b;
  return *a == *b;
}

/* The first element of L's longest sorted prefix that is followed by a
 * smaller one, or the last element (L not null). */
static P3_UNUSED_ struct p3_function *p3_run_end_(struct p3_function *l) {
  while (l->p3_next && l->p3_next->p3_index >= l->p3_index)
    l = l->p3_next;
  return l;
}

/* Stable natural merge sort of a p3_next list by manifest index, so that
 * the functions several units share (inline functions in headers) become
 * adjacent without allocating anything at exit. Each unit's table is in
 * index order already, so the list is a few sorted runs (one per unit, or
 * one in all): each pass merges neighbouring runs, and a sorted list costs
 * one pass. (A top-down merge sort took 1.0 M of the 1.6 M instructions of
 * tcc's dump: about 2 000 functions, split log n times.) */
static P3_UNUSED_ struct p3_function *p3_sort(struct p3_function *l) {
  struct p3_function *a, *b, *rest, *out, **tail;
  for (;;) {
    out = P3_NULL;
    tail = &out;
    if (!l || !(a = p3_run_end_(l))->p3_next)
      return l;
    while (l) {
      a = p3_run_end_(l);
      b = a->p3_next;
      a->p3_next = P3_NULL;
      a = l; /* the run [l, old a] */
      rest = P3_NULL;
      if (b) {
        rest = p3_run_end_(b);
        l = rest->p3_next;
        rest->p3_next = P3_NULL;
      } else {
        l = P3_NULL;
      }
      while (a && b) { /* ties: the earlier run first (stable) */
        if (b->p3_index < a->p3_index) {
          *tail = b;
          b = b->p3_next;
        } else {
          *tail = a;
          a = a->p3_next;
        }
        tail = &(*tail)->p3_next;
      }
      *tail = a ? a : b;
      while (*tail)
        tail = &(*tail)->p3_next;
    }
    l = out;
  }
}

/* Writes the record of (G's index, Id) unless an earlier function of the
 * group already wrote it; its count is the sum over the group. */
static P3_UNUSED_ void p3_put_record(struct p3_out *o, struct p3_function *g0,
                                     struct p3_function *g, p3_u64 id,
                                     p3_u64 count, p3_u64 *records,
                                     struct p3_pages *pages) {
  struct p3_function *h;
  for (h = g0; h != g; h = h->p3_next)
    if (p3_lookup_paged_(h, pages, id) != 0)
      return;
  for (h = g->p3_next; h && h->p3_index == g->p3_index; h = h->p3_next)
    count += p3_lookup_paged_(h, pages, id);
  p3_put_u64(o, g->p3_index);
  p3_put(o, " ");
  p3_put_u64(o, id);
  p3_put(o, " ");
  p3_put_u64(o, count);
  p3_put(o, "\n");
  ++*records;
}

/* "<word><function> <n>", when N is nonzero (dropped, lost and per-function
 * probe lines). */
static P3_UNUSED_ void p3_put_function_line(struct p3_out *o, const char *word,
                                            p3_u64 index, p3_u64 n) {
  if (n == 0)
    return;
  p3_put(o, word);
  p3_put_u64(o, index);
  p3_put(o, " ");
  p3_put_u64(o, n);
  p3_put(o, "\n");
}

/* Writes the section of the units with U's (hash, copy), marking them done.
 * Returns the counts lost in it. */
static P3_UNUSED_ p3_u64 p3_put_section(struct p3_out *o, struct p3_unit *u,
                                        p3_u64 pid, int forked,
                                        struct p3_pages *pages) {
  struct p3_function *list = P3_NULL, **tail = &list, *g, *g0 = P3_NULL, *f;
  struct p3_unit *v;
  p3_u64 i, j, n, records = 0, probes = 0, lost, total_lost = 0;
  int all_probes = 1;
  for (v = u; v; v = v->p3_next) {
    if (v->p3_done || v->p3_copy != u->p3_copy ||
        !p3_streq(v->p3_hash, u->p3_hash))
      continue;
    v->p3_done = 1;
    all_probes &= v->p3_counts_probes;
    for (i = 0; i < v->p3_num_functions; ++i) {
      f = &v->p3_functions[i];
      probes += P3_LOAD_(&f->p3_probes);
      *tail = f;
      tail = &f->p3_next;
    }
  }
  *tail = P3_NULL;
  list = p3_sort(list);

  p3_put(o, "P3RAW 1 ");
  p3_put(o, u->p3_hash);
  p3_put(o, " ");
  p3_put_u64(o, u->p3_copy);
  p3_put(o, " ");
  p3_put_u64(o, pid);
  p3_put(o, "\n");
  if (forked)
    p3_put(o, "forked\n");
  for (g = list; g; g = g->p3_next) {
    if (!g0 || g0->p3_index != g->p3_index)
      g0 = g;
    for (i = 0; i < g->p3_array_len; i += n) { /* page by page */
      n = p3_page_rest(pages, &g->p3_counts[i]);
      if (n > g->p3_array_len - i)
        n = g->p3_array_len - i;
      if (!p3_page_written(pages, &g->p3_counts[i]))
        continue;
      for (j = i; j < i + n; ++j) {
        p3_u64 c;
        /* most counters of a written page are zero: four at a time */
        if (!P3_TS_ && j + 4 <= i + n &&
            (g->p3_counts[j] | g->p3_counts[j + 1] | g->p3_counts[j + 2] |
             g->p3_counts[j + 3]) == 0) {
          j += 3;
          continue;
        }
        c = P3_LOAD_(&g->p3_counts[j]);
        if (c != 0)
          p3_put_record(o, g0, g, j, c, &records, pages);
      }
    }
    /* A hashed function's counts are its table's plus its cache's: the
     * ids of the table with what the cache adds, then the cached ids the
     * table does not have (the cache is not emptied into the table first,
     * which grew tables at exit: tcc's dump made 23 mmap and 13 munmap
     * calls for them). */
    p3_lock(&g->p3_lock);
    for (i = 0; i < g->p3_cap; ++i)
      if (g->p3_slots[i].p3_count != 0)
        p3_put_record(o, g0, g, g->p3_slots[i].p3_id,
                      g->p3_slots[i].p3_count +
                          p3_cache_lookup_(g, pages, g->p3_slots[i].p3_id),
                      &records, pages);
    for (i = p3_cache_next_(g, pages, 0); i < g->p3_cache_len;
         i = p3_cache_next_(g, pages, i + 1)) {
      struct p3_slot *e = &g->p3_cache[i];
      if (e->p3_id >= g->p3_num_ids) { /* for the dropped line */
        g->p3_dropped += e->p3_count;
        e->p3_count = 0;
      } else if (g->p3_cap == 0 ||
                 p3_find(g->p3_slots, g->p3_cap, e->p3_id)->p3_count == 0) {
        p3_put_record(o, g0, g, e->p3_id, e->p3_count, &records, pages);
      }
    }
    p3_unlock(&g->p3_lock);
  }
  for (g = list; g; g = f) {
    p3_u64 dropped = 0;
    for (f = g; f && f->p3_index == g->p3_index; f = f->p3_next)
      dropped += p3_dropped_paged_(f, pages);
    p3_put_function_line(o, "dropped ", g->p3_index, dropped);
  }
  for (g = list; g; g = f) {
    lost = 0;
    for (f = g; f && f->p3_index == g->p3_index; f = f->p3_next) {
      p3_lock(&f->p3_lock);
      lost += f->p3_lost;
      p3_unlock(&f->p3_lock);
    }
    p3_put_function_line(o, "lost ", g->p3_index, lost);
    total_lost += lost;
  }
  if (all_probes) {
    /* Per function too, so that a disagreement with the model can be traced
     * to the functions it is in (p3-report --overhead lists them). */
    for (g = list; g; g = f) {
      p3_u64 fprobes = 0;
      for (f = g; f && f->p3_index == g->p3_index; f = f->p3_next)
        fprobes += P3_LOAD_(&f->p3_probes);
      p3_put_function_line(o, "function-probes ", g->p3_index, fprobes);
    }
    p3_put(o, "probes ");
    p3_put_u64(o, probes);
    p3_put(o, "\n");
  }
  p3_put(o, "end ");
  p3_put_u64(o, records);
  p3_put(o, "\n");
  return total_lost;
}

/*===-- Paths cut short: exit() or longjmp from a callee (cutpaths) -------===*
 *
 * A call that may not return normally (exit, longjmp, a callee that may do
 * either) can end the paths of every instrumented frame on the stack. The
 * rewriter gives each block with such a call a cut edge to EXIT (a path cut
 * in that block, docs/rewriter.md "Paths cut short"), and a function with a
 * counted cut edge has an entry on this thread's cut stack while such a call
 * may be running:
 *   P3_FRAME;                     after P3_ENTER: no entry yet (a null local)
 *   P3_SEQ(P3_CUT(c), f(x))       before the call: the id of the path cut
 *                                 there is p3_r + c; the first note pushes
 *                                 the entry (P3_CUT_NONE: none pending)
 * and the entry, if pushed, is popped when the function returns. Lazy push
 * is exact: a path can only be cut inside a noted call, and a note runs in
 * the frame's own code, when every frame above it has returned or been left
 * by a longjmp, so the entries stay in call order (entries of frames a
 * longjmp skipped may lie below a later push: they are counted all the
 * same, by the next frame below them that pops or syncs, or at exit).
 * A path cut short is counted, as its exit edge's P3_COUNT would count it
 * (one probe in P3_COUNT_PROBES builds), when
 *  - the process exits: the first profile an object writes counts every
 *    entry of the exiting thread first (p3_dump);
 *  - a longjmp skipped the frame: the next frame below it that is popped
 *    (or a setjmp caller's P3_CUT_SYNC) counts the entries above its own,
 *    which belong to frames no longer on the stack.
 * The entries live in an mmap'd array per thread (never in the frames
 * themselves: a frame skipped by longjmp is dead memory), so nothing ever
 * reads a dead frame, whether or not the setjmp caller is instrumented.
 * Each object (executable, shared library) has its own stack (a weak hidden
 * variable, like the registry): its frames are counted into its own tables,
 * before it writes them. gcc and clang only: tcc has neither __thread nor
 * the cleanup attribute, so there the macros do nothing and paths cut short
 * are not counted (as without the frames).
 *
 *===----------------------------------------------------------------------===*/

#define P3_CUT_NONE_ (~P3_CAST_(p3_u64, 0))

/* P3_NO_CUT_STACK: build a copy that does not count paths cut short (no
 * frames, no eager counts). P3_NO_CUT_FRAMES: only the frames do nothing,
 * as with tcc (to compare a gcc or clang build with a tcc one). */
#if defined(__TINYC__) || defined(P3_NO_CUT_STACK) || defined(P3_NO_CUT_FRAMES)
#define P3_FRAME char p3_e P3_UNUSED_
#define P3_FRAME_SETJMP char p3_e P3_UNUSED_
#define P3_CUT(c) ((void)0)
#define P3_CUT_NONE ((void)0)
#define P3_CUT_SYNC ((void)0)
#define P3_CUT_OFF_SET_ ((void)0)
static P3_UNUSED_ void p3_cut_dump_(void) {}
#else
struct p3_cut_entry {
  p3_u64 p3_pending;         /* the id of the path cut at the current call */
  __UINTPTR_TYPE__ p3_f;     /* the function record; bit 0: probes counted */
};

/* Entries the stack of one thread can hold (virtual memory, reserved on the
 * thread's first push, 16 bytes each); deeper frames are not tracked, and if
 * any is on the stack at exit a warning says how many. */
#define P3_CUT_DEPTH_ (P3_CAST_(__SIZE_TYPE__, 1) << 20)

struct p3_cut_stack {
  struct p3_cut_entry *p3_sp;   /* next free entry */
  struct p3_cut_entry *p3_end;  /* past the last (null until allocated) */
  struct p3_cut_entry *p3_base;
  p3_u64 p3_untracked;          /* frames on the stack beyond P3_CUT_DEPTH_ */
  int p3_failed;                /* the array could not be mapped */
  struct p3_cut_entry p3_sink;  /* the entry of untracked frames */
};

extern __thread struct p3_cut_stack p3_cut_stack_v1;
__attribute((__weak__, __visibility__("hidden"),
             __tls_model__("initial-exec"))) __thread struct p3_cut_stack
    p3_cut_stack_v1;

/* Nonzero in a translation unit whose object was linked by a linker that
 * dropped constructor priorities (tcc's: "Linkers that drop constructor
 * priorities"), which also has no thread-local storage: it writes no TLS
 * segment and resolves the initial-exec access to p3_cut_stack_v1 to
 * garbage, so the first push would write anywhere. There no frame is ever
 * pushed (p3_e stays null, as in a tcc-compiled copy): paths cut short are
 * not counted. Static (a hidden global would be exported by that linker). */
static P3_UNUSED_ int p3_cut_off_;
#define P3_CUT_OFF_SET_ (p3_cut_off_ = 1)

#ifdef __cplusplus
#define P3_PTRCAST_(type, x) reinterpret_cast<type>(x)
#else
#define P3_PTRCAST_(type, x) ((type)(x))
#endif
#define P3_CUT_TAG_(f)                                                         \
  (P3_PTRCAST_(__UINTPTR_TYPE__, f) |                                          \
   P3_CAST_(__UINTPTR_TYPE__, P3_UNIT_PROBES_))

/* Counts the path an entry was cut on, as P3_COUNT would have. */
static P3_UNUSED_ void p3_cut_count_(struct p3_cut_entry *e) {
  struct p3_function *f = P3_PTRCAST_(
      struct p3_function *, e->p3_f & ~P3_CAST_(__UINTPTR_TYPE__, 1));
  if (e->p3_pending == P3_CUT_NONE_ || !f)
    return;
  if (e->p3_f & 1)
    P3_INC_(&f->p3_probes);
  p3_count(f, e->p3_pending);
  e->p3_pending = P3_CUT_NONE_;
}

/* The first push of a thread, or one past the array's end. */
static P3_UNUSED_ P3_NOINLINE_ struct p3_cut_entry *
p3_cut_more_(struct p3_cut_stack *s) {
  if (!s->p3_base && !s->p3_failed) {
    /* MAP_NORESERVE (0x4000): pages are committed as the stack deepens. */
    void *p = p3_sys_mmap(P3_NULL, P3_CUT_DEPTH_ * sizeof(struct p3_cut_entry),
                          P3_PROT_RW_, P3_MAP_ANON_ | 0x4000, -1, 0);
    if (p == P3_MAP_FAILED_) {
      s->p3_failed = 1;
    } else {
      s->p3_base = P3_CAST_(struct p3_cut_entry *, p);
      s->p3_sp = s->p3_base + 1;
      s->p3_end = s->p3_base + P3_CUT_DEPTH_;
      return s->p3_base;
    }
  }
  ++s->p3_untracked;
  return &s->p3_sink;
}

/* Counts the entries above E (frames that a longjmp skipped) and pops E
 * (SYNC 0), or keeps it and counts its own path too (SYNC 1: after setjmp
 * returned, E's path was cut by the longjmp to it, if it had noted one); an
 * untracked frame's pop only forgets it. */
static P3_UNUSED_ P3_NOINLINE_ void p3_cut_unwind_(struct p3_cut_stack *s,
                                                   struct p3_cut_entry *e,
                                                   int sync) {
  if (e == &s->p3_sink) {
    if (!sync)
      --s->p3_untracked;
    return;
  }
  while (s->p3_sp > e + 1)
    p3_cut_count_(--s->p3_sp);
  s->p3_sp = sync ? e + 1 : e;
  if (sync)
    p3_cut_count_(e);
}

/* Pushes an entry for the function record F with ID pending: inline at a
 * frame's notes (the first one that runs pushes), out of line for a setjmp
 * caller's push at entry. */
static P3_UNUSED_ P3_ALWAYS_INLINE_ struct p3_cut_entry *
p3_cut_push_in_(__UINTPTR_TYPE__ f, p3_u64 id) {
  struct p3_cut_stack *s;
  struct p3_cut_entry *e;
  if (__builtin_expect(p3_cut_off_, 0))
    return P3_NULL;
  s = &p3_cut_stack_v1;
  e = s->p3_sp;
  if (__builtin_expect(e == s->p3_end, 0))
    e = p3_cut_more_(s);
  else
    s->p3_sp = e + 1;
  e->p3_f = f;
  e->p3_pending = id;
  return e;
}
static P3_UNUSED_ P3_NOINLINE_ struct p3_cut_entry *
p3_cut_push_(__UINTPTR_TYPE__ f) {
  return p3_cut_push_in_(f, P3_CUT_NONE_);
}

/* When a frame that pushed an entry returns: pops it; the entries above it
 * (frames a longjmp skipped) are counted first. */
static P3_UNUSED_ P3_ALWAYS_INLINE_ void
p3_cut_pop_(struct p3_cut_entry **ep) {
  struct p3_cut_stack *s;
  struct p3_cut_entry *e = *ep;
  if (__builtin_expect(!e, 1))
    return;
  /* Only now: where p3_cut_off_ is set, even computing the address (a load
   * of its offset, which -O0 does first) faults. */
  s = &p3_cut_stack_v1;
  if (__builtin_expect(s->p3_sp == e + 1, 1))
    s->p3_sp = e;
  else
    p3_cut_unwind_(s, e, 0);
}

/* At exit, before the first profile of this object is written: the paths of
 * the frames still on this thread's stack end here. */
static P3_UNUSED_ void p3_cut_dump_(void) {
  struct p3_cut_stack *s = &p3_cut_stack_v1;
  struct p3_out msg;
  if (s->p3_base)
    while (s->p3_sp > s->p3_base)
      p3_cut_count_(--s->p3_sp);
  if (s->p3_untracked != 0 || s->p3_failed) {
    msg.p3_file = P3_NULL;
    msg.p3_failed = 0;
    msg.p3_len = 0;
    p3_put_u64(&msg, s->p3_untracked);
    msg.p3_buf[msg.p3_len] = 0;
    p3_warn(msg.p3_buf, " frames deeper than the cut stack (or all, if it "
            "could not be mapped) were on the stack at exit: their unfinished "
            "paths are not counted", "", "");
    s->p3_untracked = 0;
  }
}

/* Lazy: the entry is pushed by the frame's first note of a path (P3_CUT),
 * not at entry, and popped only if pushed: a function whose calls that may
 * not return are on cold paths pays a null local on its hot ones. */
#define P3_FRAME                                                               \
  struct p3_cut_entry *p3_e __attribute((__cleanup__(p3_cut_pop_)))           \
      P3_UNUSED_ = P3_NULL;                                                    \
  enum { p3_e_setjmp_ = 0 }
/* In a function that calls setjmp: pushed at entry (P3_CUT_SYNC counts the
 * entries above its own), by a call, and the entry's address a volatile
 * local, so that nothing the compiler keeps in registers lives across
 * setjmp (no -Wclobbered warning, and nothing to clobber). */
static P3_UNUSED_ void p3_cut_pop_v_(struct p3_cut_entry *volatile *ep) {
  struct p3_cut_entry *e = *ep;
  p3_cut_pop_(&e);
}
#define P3_FRAME_SETJMP                                                        \
  struct p3_cut_entry *volatile p3_e                                           \
      __attribute((__cleanup__(p3_cut_pop_v_))) P3_UNUSED_ =                   \
          p3_cut_push_(P3_CUT_TAG_(p3_f));                                     \
  enum { p3_e_setjmp_ = 1 }
/* Notes: p3_e is changed by a call (never unsequenced, whatever expression
 * the note is in), and passed as an integer: each kind of frame reads it as
 * its own type (the other branch is dead). */
static P3_UNUSED_ P3_ALWAYS_INLINE_ void
p3_cut_note_(__UINTPTR_TYPE__ ep, int setjmp_frame, __UINTPTR_TYPE__ f,
             p3_u64 id) {
  struct p3_cut_entry *e;
  if (setjmp_frame) {
    e = *P3_PTRCAST_(struct p3_cut_entry *volatile *, ep);
    if (!e) /* p3_cut_off_ */
      return;
  } else {
    e = *P3_PTRCAST_(struct p3_cut_entry **, ep);
    if (__builtin_expect(!e, 0)) {
      *P3_PTRCAST_(struct p3_cut_entry **, ep) = p3_cut_push_in_(f, id);
      return;
    }
  }
  e->p3_pending = id;
}
static P3_UNUSED_ P3_ALWAYS_INLINE_ void
p3_cut_forget_(__UINTPTR_TYPE__ ep, int setjmp_frame) {
  struct p3_cut_entry *e =
      setjmp_frame ? *P3_PTRCAST_(struct p3_cut_entry *volatile *, ep)
                   : *P3_PTRCAST_(struct p3_cut_entry **, ep);
  if (e)
    e->p3_pending = P3_CUT_NONE_;
}
#define P3_CUT_FRAME_ P3_PTRCAST_(__UINTPTR_TYPE__, &p3_e), p3_e_setjmp_
#define P3_CUT(c)                                                              \
  p3_cut_note_(P3_CUT_FRAME_, P3_CUT_TAG_(p3_f), p3_r + P3_CAST_(p3_u64, c))
/* Nothing pending: an entry not pushed yet has nothing to forget. */
#define P3_CUT_NONE p3_cut_forget_(P3_CUT_FRAME_)
/* After setjmp returns: the paths a longjmp to it cut (the frames it
 * skipped, and this frame's own) are counted now. Before setjmp this frame
 * notes no path (P3_CUT_NONE), so on the first return there is none. */
#define P3_CUT_SYNC                                                            \
  (p3_e && (p3_cut_stack_v1.p3_sp != p3_e + 1 ||                               \
            p3_e->p3_pending != P3_CUT_NONE_)                                  \
       ? p3_cut_unwind_(&p3_cut_stack_v1, p3_e, 1)                             \
       : (void)0)
#endif

static P3_UNUSED_ void p3_dump(struct p3_registry *r) {
  struct p3_pages pages;
  struct p3_out o;
  struct p3_unit *u;
  char path[sizeof(r->p3_dir) + 128];
  unsigned n = 0, k;
  p3_u64 pid = P3_CAST_(p3_u64, p3_sys_getpid()), lost = 0;
  if (r->p3_dumped || !r->p3_first)
    return;
  r->p3_dumped = 1;
  if (!r->p3_no_cut)
    p3_cut_dump_();

  /* The name carries the first unit's (hash, copy): normally the only one.
   * The buffer of O serves to format it. */
  o.p3_file = P3_NULL;
  o.p3_failed = 0;
  o.p3_len = 0;
  p3_put(&o, "p3-");
  p3_put(&o, r->p3_first->p3_hash);
  p3_put(&o, "-c");
  p3_put_u64(&o, r->p3_first->p3_copy);
  p3_put(&o, "-");
  p3_put_u64(&o, pid);
  p3_put(&o, ".raw");
  for (k = 0; r->p3_dir[k]; ++k)
    path[n++] = r->p3_dir[k];
  if (n != 0 && path[n - 1] != '/')
    path[n++] = '/';
  if (r->p3_dir_too_long || o.p3_len >= sizeof(path) - n) {
    p3_warn("cannot write the raw profile: P3_PROFILE_DIR is too long", "",
            "", "");
    return;
  }
  for (k = 0; k < o.p3_len; ++k)
    path[n++] = o.p3_buf[k];
  path[n] = 0;

  o.p3_file = p3_sys_fopen(path, "a");
  o.p3_len = 0;
  if (!o.p3_file) {
    p3_warn("cannot write raw profile '", path, "': ",
            p3_sys_strerror(*p3_sys_errno()));
    return;
  }
  for (u = r->p3_first; u; u = u->p3_next)
    u->p3_done = 0;
  p3_pages_open(&pages, r);
  for (u = r->p3_first; u; u = u->p3_next)
    if (!u->p3_done)
      lost += p3_put_section(&o, u, pid, r->p3_forked, &pages);
  p3_pages_close(&pages);
  p3_flush(&o);
  if (o.p3_failed) {
    int err = *p3_sys_errno();
    p3_sys_fclose(o.p3_file);
    *p3_sys_errno() = err;
  } else if (p3_sys_fclose(o.p3_file) != 0) {
    o.p3_failed = 1;
  }
  if (o.p3_failed) {
    p3_warn("error writing raw profile '", path, "': ",
            p3_sys_strerror(*p3_sys_errno()));
    return;
  }
  if (lost != 0) { /* O's buffer formats the number (less stack) */
    o.p3_file = P3_NULL;
    o.p3_len = 0;
    p3_put_u64(&o, lost);
    o.p3_buf[o.p3_len] = 0;
    p3_warn(o.p3_buf, " path counts lost (out of memory), see the 'lost' "
            "lines of '", path, "'");
  }
}

/* Registered with __cxa_atexit by tcc-built units only (see p3_register). */
static P3_UNUSED_ void p3_exit_handler(void *r) {
  p3_dump(P3_CAST_(struct p3_registry *, r));
}

/* A forked child must report only what it runs itself: it starts from zero.
 * Tables are dropped rather than cleared, since in thread-safe mode another
 * thread of the parent may have been resizing one when fork copied it. */
static P3_UNUSED_ void p3_fork_child_in_(struct p3_registry *r) {
  struct p3_unit *u;
  struct p3_function *f;
  struct p3_pages pages;
  p3_u64 i, j, k, n;
  r->p3_lock = 0;
  r->p3_forked = 1;
  /* Only the counters that are not zero are written: clearing a page that
   * holds none would copy it from the parent or back it with a new one. */
  p3_pages_open(&pages, r);
  for (u = r->p3_first; u; u = u->p3_next) {
    /* Eager cut counts pending at the fork are not undone here. */
    if (u->p3_fork_gen)
      ++*u->p3_fork_gen;
    for (i = 0; i < u->p3_num_functions; ++i) {
      f = &u->p3_functions[i];
      for (j = 0; f->p3_counts && j <= f->p3_array_len; j += n) {
        n = p3_page_rest(&pages, &f->p3_counts[j]);
        if (n > f->p3_array_len + 1 - j)
          n = f->p3_array_len + 1 - j;
        if (p3_page_written(&pages, &f->p3_counts[j]))
          for (k = j; k < j + n; ++k)
            if (f->p3_counts[k] != 0)
              f->p3_counts[k] = 0;
      }
      p3_cache_clear_(f, &pages);
      p3_free_slots(f->p3_slots, f->p3_cap);
      f->p3_slots = P3_NULL;
      f->p3_cap = f->p3_used = f->p3_lost = f->p3_dropped = f->p3_probes = 0;
      f->p3_lock = f->p3_growing = 0;
    }
  }
  p3_pages_close(&pages);
}
static P3_UNUSED_ void p3_fork_child(void) {
  p3_fork_child_in_(p3_registry_at_);
}

static P3_UNUSED_ void p3_resolve_dir(struct p3_registry *r) {
  const char *env = p3_sys_getenv("P3_PROFILE_DIR");
  unsigned n = 0, k;
  if (!env)
    env = "";
  if (env[0] != '/' &&
      p3_sys_getcwd_chk(r->p3_dir, sizeof(r->p3_dir), sizeof(r->p3_dir))) {
    while (r->p3_dir[n])
      ++n;
    if (env[0] && r->p3_dir[n - 1] != '/')
      r->p3_dir[n++] = '/';
  }
  for (k = 0; env[k]; ++k) {
    if (n + 1 >= sizeof(r->p3_dir)) {
      r->p3_dir_too_long = 1;
      n = 0;
      break;
    }
    r->p3_dir[n++] = env[k];
  }
  r->p3_dir[n] = 0;
}

/* From each unit's constructor. The first one resolves the output directory
 * and installs the fork handler, and with tcc an exit handler: tcc -run
 * runs the destructors of the code it compiled when main returns, but not
 * when the program calls exit(), which then runs only exit handlers. Both
 * are keyed to the registry, so that p3_unload can remove them. */
static P3_UNUSED_ void p3_register_in_(struct p3_unit *u,
                                       struct p3_registry *r,
                                       void (*child)(void), int exit_handler) {
  p3_lock(&r->p3_lock);
  if (!r->p3_started) {
    r->p3_started = 1;
    p3_resolve_dir(r);
    if (exit_handler && p3_sys_cxa_atexit(p3_exit_handler, r, r) != 0)
      p3_warn("cannot install the exit handler; the raw profile will be "
              "written only if the program returns from main", "", "", "");
    if (p3_sys_register_atfork(P3_NULL, P3_NULL, child, r) != 0)
      p3_warn("cannot install the fork handler; forked children will "
              "report their parent's counts too", "", "", "");
  }
  u->p3_next = P3_NULL;
  if (r->p3_last)
    r->p3_last->p3_next = u;
  else
    r->p3_first = u;
  r->p3_last = u;
  p3_unlock(&r->p3_lock);
}
static P3_UNUSED_ void p3_register(struct p3_unit *u) {
  u->p3_registered = 1;
#ifdef __TINYC__
  p3_register_in_(u, p3_registry_at_, p3_fork_child, 1);
#else
  p3_register_in_(u, p3_registry_at_, p3_fork_child, 0);
#endif
}

/* Linkers that drop constructor priorities. tcc's linker (0.9.27), linking
 * objects that gcc or clang compiled (tcc linking a library or program, or
 * tcc -run loading them), ignores the .init_array.00101 and .fini_array.00101
 * sections of P3_CTOR_ and P3_DTOR_: those never run, and the units would
 * never register. Plain constructors and destructors do run, after the
 * prioritized ones wherever those run at all: P3_UNIT adds one of each
 * (gcc and clang only), which registers the unit only if P3_CTOR_ has not.
 * Such a unit ("late") keeps a registry of its own translation unit, since
 * that linker does not keep the hidden registry within the object (see
 * p3_registry_at_): each such translation unit writes its own section. The
 * registry is mapped when needed (a static one would add its 4 KB to every
 * translation unit's bss) and unmapped by the destructor, after it wrote.
 * It installs an exit handler (tcc -run runs no destructor on exit()) and
 * never touches the cut stack, a thread-local variable that linker cannot
 * place (no TLS segment: see p3_cut_off_). */
#if !defined(__TINYC__)
static P3_UNUSED_ struct p3_registry *p3_registry_late_;
static P3_UNUSED_ void p3_fork_child_late_(void) {
  p3_fork_child_in_(p3_registry_late_);
}
static P3_UNUSED_ void p3_register_late_(struct p3_unit *u) {
  void *p;
  if (u->p3_registered)
    return;
  P3_CUT_OFF_SET_;
  if (!p3_registry_late_) {
    p = p3_sys_mmap(P3_NULL, sizeof(struct p3_registry), P3_PROT_RW_,
                    P3_MAP_ANON_, -1, 0);
    if (p == P3_MAP_FAILED_) {
      p3_warn("cannot map a registry (", p3_sys_strerror(*p3_sys_errno()),
              "); the counts of a translation unit linked by a linker that "
              "drops constructor priorities are lost", "");
      return;
    }
    p3_registry_late_ = P3_CAST_(struct p3_registry *, p);
    p3_registry_late_->p3_no_cut = 1;
  }
  u->p3_registered = 2;
  p3_register_in_(u, p3_registry_late_, p3_fork_child_late_, 1);
}
#define P3_UNIT_LATE_(table)                                                   \
  static void p3_init_late_##table(void) __attribute((__constructor__));      \
  static void p3_init_late_##table(void) {                                     \
    p3_register_late_(&p3_unit_##table);                                       \
  }                                                                            \
  static void p3_fini_late_##table(void) __attribute((__destructor__));       \
  static void p3_fini_late_##table(void) {                                     \
    if (p3_unit_##table.p3_registered == 2)                                    \
      p3_unload_late_();                                                       \
  }
#else
#define P3_UNIT_LATE_(table)
#endif

/* From each unit's destructor: the object (executable, shared library, or
 * code compiled in memory by tcc) is going away, at exit or before. The
 * first call removes the handlers keyed to the registry (running the exit
 * handler if it is still pending) and writes the profile; the others find
 * it written. */
static P3_UNUSED_ void p3_unload(struct p3_registry *r) {
  if (!r->p3_started || r->p3_finalized)
    return;
  r->p3_finalized = 1;
  p3_sys_cxa_finalize(r);
  p3_dump(r);
}

#if !defined(__TINYC__)
/* The destructor of a late unit ("Linkers that drop constructor
 * priorities"): once written, nothing refers to the registry any more. */
static P3_UNUSED_ void p3_unload_late_(void) {
  struct p3_registry *r = p3_registry_late_;
  if (!r)
    return;
  p3_unload(r);
  p3_registry_late_ = P3_NULL;
  p3_sys_munmap(r, sizeof(struct p3_registry));
}
#endif

/*===-- The macros the rewriter emits -------------------------------------===*/

#ifdef P3_COUNT_PROBES
static P3_UNUSED_ void p3_probe_(struct p3_function *f) {
  P3_INC_(&f->p3_probes);
}
#define P3_PROBE_ p3_probe_(p3_f)
#define P3_UNIT_PROBES_ 1
#else
#define P3_PROBE_ ((void)0)
#define P3_UNIT_PROBES_ 0
#endif

/* Registers TABLE (an array of P3_FUNCTION entries) at start-up, and writes
 * the profile when the object goes away. Expands to complete definitions: no
 * semicolon follows it. */
#define P3_UNIT(table, copy, hash)                                             \
  static struct p3_unit p3_unit_##table = {                                    \
      (table), sizeof(table) / sizeof((table)[0]), (copy), (hash),             \
      P3_UNIT_PROBES_, 0, 0, P3_NULL, &p3_fork_gen_};                          \
  static void p3_init_##table(void) P3_CTOR_;                                  \
  static void p3_init_##table(void) { p3_register(&p3_unit_##table); }         \
  static void p3_fini_##table(void) P3_DTOR_;                                  \
  static void p3_fini_##table(void) { p3_unload(p3_registry_at_); }            \
  P3_UNIT_LATE_(table)

/* The COUNTS argument of P3_ENTER for a hashed function without a cache
 * (P3_FUNCTION_HASHED): one element, so no id has a slot and every count goes
 * to the hash table. */
static P3_UNUSED_ p3_u64 p3_hashed_[1];
#define P3_HASHED p3_hashed_

#ifdef __cplusplus
#define P3_RECAST_(type, x) reinterpret_cast<type>(x)
#else
#define P3_RECAST_(type, x) ((type)(x))
#endif
#define P3_ELEMS_(a) (sizeof(a) / sizeof((a)[0]))
/* Whether COUNTS is a cache (p3_slot entries) rather than counters. */
#define P3_IS_CACHE_(counts) (sizeof((counts)[0]) == sizeof(struct p3_slot))
#define P3_ALEN_(counts) (P3_IS_CACHE_(counts) ? 1 : P3_ELEMS_(counts))
#define P3_KLEN_OF_(counts) (P3_IS_CACHE_(counts) ? P3_ELEMS_(counts) : 1)

/* First in the function body, followed by ';'. One probe. COUNTS is the
 * function's counter array (P3_FUNCTION), its cache (P3_FUNCTION_CACHED) or
 * P3_HASHED. p3_a points to the counter array, p3_k to the cache, each with
 * its type, so that which one counts, and their lengths, are constants at
 * every count (the other is a one-element dummy, never read). */
#define P3_ENTER(table, i, counts)                                             \
  struct p3_function *const p3_f P3_UNUSED_ = &(table)[i];                     \
  p3_u64(*const p3_a)[P3_ALEN_(counts)] P3_UNUSED_ =                           \
      P3_RECAST_(p3_u64(*)[P3_ALEN_(counts)], &(counts));                      \
  struct p3_slot(*const p3_k)[P3_KLEN_OF_(counts)] P3_UNUSED_ =                \
      P3_RECAST_(struct p3_slot(*)[P3_KLEN_OF_(counts)], &(counts));           \
  unsigned p3_fg P3_UNUSED_ = 0;                                               \
  p3_u64 p3_r P3_UNUSED_ = (P3_PROBE_, P3_CAST_(p3_u64, 0))

/* Ids with a slot of their own in p3_a; the one after them is the dropped
 * slot. 0 for a hashed function. */
#define P3_LEN_ (sizeof(*p3_a) / sizeof((*p3_a)[0]) - 1)
/* Entries of the function's cache; 1 when it has none. */
#define P3_KLEN_ (sizeof(*p3_k) / sizeof((*p3_k)[0]))

/* The slot of ID: ID, or the dropped slot N. A function for gcc and clang
 * (inlined; as a macro, -Wtype-limits would see "ID < 0" in the dead branch
 * of a hashed function), a macro for tcc, which inlines nothing. */
#ifdef __TINYC__
#define P3_SLOT_(id, n) ((id) < (n) ? (id) : (n))
#else
static P3_UNUSED_ p3_u64 p3_slot_(p3_u64 id, p3_u64 n) {
  return id < n ? id : n;
}
#define P3_SLOT_(id, n) p3_slot_((id), (n))
#endif

/* A count in a hashed function's cache. tcc inlines nothing, so for tcc
 * p3_cache_count_ is spelled out (a GNU statement expression, which tcc
 * has): the count of a hit stays a multiplication, a compare and an add,
 * with no call, as with gcc and clang. */
#ifdef __TINYC__
#define P3_CACHE_COUNT_(f, k, n, id)                                           \
  ({                                                                           \
    p3_u64 p3_j_ = (id);                                                       \
    struct p3_slot *p3_e_ =                                                    \
        (((p3_j_ * 0x9e3779b97f4a7c15ULL) >> (64 - P3_CACHE_BITS_)) &          \
         ((n)-1)) +                                                            \
        (k);                                                                   \
    if (p3_e_->p3_id == p3_j_)                                                 \
      ++p3_e_->p3_count;                                                       \
    else                                                                       \
      p3_cache_miss_((f), p3_e_, p3_j_);                                       \
  })
#else
#define P3_CACHE_COUNT_(f, k, n, id) p3_cache_count_((f), (k), (n), (id))
#endif

/* Counts the path id ID: one increment of the array, at an index the
 * compiler can often prove in range; in a hashed function, a compare and an
 * add in its cache, or a call when it has none. The choice is a constant,
 * decided at compile time. For tcc the slot is written before the array
 * ("slot + array", not "&array[slot]"): tcc evaluates operands in order and
 * allocates no registers, so it then computes the slot into a register and
 * adds the array's address to it, where the other order spills the address
 * to the stack while the slot is computed and reloads it (two instructions
 * per count: test/lit/runtime/fast-path.test). gcc and clang keep the
 * other order, whose code the asm tests check. */
#ifdef __TINYC__
#define P3_SLOT_ADDR_(id) (P3_SLOT_((id), P3_LEN_) + *p3_a)
#else
#define P3_SLOT_ADDR_(id) (&(*p3_a)[P3_SLOT_((id), P3_LEN_)])
#endif
#define P3_TALLY_(id)                                                          \
  (P3_LEN_ != 0 ? P3_INC_(P3_SLOT_ADDR_(id))                                   \
   : !P3_TS_ && P3_KLEN_ > 1 ? P3_CACHE_COUNT_(p3_f, *p3_k, P3_KLEN_, (id))   \
                             : p3_hash_count(p3_f, (id)))

/* Actions: void expressions, one probe each (P3_NONE none, P3_BACK two).
 * The register updates are calls for gcc and clang: two of them can sit in
 * operands that C leaves unsequenced ("(a ? 1 : 2) | (b ? 4 : 8)"), where
 * two bare "p3_r +=" would be undefined behaviour, while calls are
 * indeterminately sequenced, and additions commute; they inline away at -O1
 * and above. tcc, which does not inline, gets the bare updates: it evaluates
 * operands in order. (The rewriter never puts a count or a reset where its
 * order against another action could vary.) */
#ifdef __TINYC__
#define P3_ADD(c) (P3_PROBE_, (void)(p3_r += P3_CAST_(p3_u64, c)))
#define P3_RESET(c) (P3_PROBE_, (void)(p3_r = P3_CAST_(p3_u64, c)))
#else
static P3_UNUSED_ void p3_add_(p3_u64 *r, p3_u64 c) { *r += c; }
static P3_UNUSED_ void p3_set_(p3_u64 *r, p3_u64 c) { *r = c; }
#define P3_ADD(c) (P3_PROBE_, p3_add_(&p3_r, P3_CAST_(p3_u64, c)))
#define P3_RESET(c) (P3_PROBE_, p3_set_(&p3_r, P3_CAST_(p3_u64, c)))
#endif
#define P3_COUNT(c) (P3_PROBE_, P3_TALLY_(p3_r + P3_CAST_(p3_u64, c)))
#define P3_BACK(c, d) (P3_COUNT(c), P3_RESET(d))
#define P3_NONE ((void)0)

/*===-- Paths cut short, counted eagerly (no frame) ------------------------===*
 *
 * Around a call that may not return (exit, longjmp: docs/rewriter.md, "Paths
 * cut short"), in an array-mode function of a C file whose every such call
 * has a place for both:
 *   P3_SEQ(P3_CUT_COUNT(c), f(x))   ...the call...   P3_CUT_UNDO(c)
 * P3_CUT_COUNT counts the path that would be cut there (register + c) before
 * the call, as its exit edge's P3_COUNT would (one probe), and P3_CUT_UNDO
 * takes that count and probe back when the call returns normally (the
 * register does not change in between). A call that exits or longjmps never
 * returns to the undo: its count stands. So no frame, no per-thread stack,
 * nothing at exit, and tcc counts these paths too. Thread-safe builds add
 * and subtract atomically; a count another thread has made for a call still
 * running when the process exits stands as well (that thread's path was cut
 * short by the exit). P3_NO_CUT_STACK turns these off with the frames.
 *
 * fork(): a forked child starts from zero counts, so it must not undo a
 * count its parent made before the fork (the counter would go below zero,
 * or silently lose a count the child made itself). P3_CUT_COUNT notes the
 * unit's fork generation in the frame's p3_fg (declared by P3_ENTER), which
 * every fork increments in the child (p3_fork_child_in_); P3_CUT_UNDO
 * undoes only a count made in the same generation. A child that returns
 * through a call counted before the fork thus counts nothing for it,
 * exactly; a child that is cut short inside such a call (exits in it) loses
 * that count, which its parent's frame would have given it: p3-rewrite keeps
 * frames in programs that call fork() (docs/rewriter.md), so this is a guard
 * for forks it cannot see.
 * Never in a hashed function (the rewriter keeps the frame there; the size
 * check makes such a use a compile error).
 *
 *===----------------------------------------------------------------------===*/

#if P3_TS_
#define P3_DEC_(p) ((void)__atomic_fetch_sub((p), 1, __ATOMIC_RELAXED))
#else
#define P3_DEC_(p) ((void)--*(p))
#endif
#ifdef P3_COUNT_PROBES
#define P3_UNPROBE_ P3_DEC_(&p3_f->p3_probes)
#else
#define P3_UNPROBE_ ((void)0)
#endif
#if defined(P3_NO_CUT_STACK)
#define P3_CUT_COUNT(c) ((void)0)
#define P3_CUT_UNDO(c) ((void)0)
#else
#define P3_CUT_ARRAY_ ((void)sizeof(char[P3_LEN_ != 0 ? 1 : -1]))
#define P3_CUT_COUNT(c)                                                        \
  (P3_CUT_ARRAY_, P3_PROBE_, (void)(p3_fg = p3_fork_gen_),                     \
   P3_INC_(P3_SLOT_ADDR_(p3_r + P3_CAST_(p3_u64, c))))
#define P3_CUT_UNDO(c)                                                         \
  (p3_fg == p3_fork_gen_                                                       \
       ? (P3_UNPROBE_, P3_DEC_(P3_SLOT_ADDR_(p3_r + P3_CAST_(p3_u64, c))))     \
       : (void)0)
#endif

/*===-- Loop-local counting -----------------------------------------------===*/

/* The counters a loop's back edges hit most, held in locals of a block
 * around the loop:
 *   { P3_LSLOT(counts, 3); P3_LSLOT(counts, 4);
 *     while (...) { ... P3_LBACK2(c, d, 3, 4); } }
 * P3_LSLOT(counts, s) declares the local of slot s (GNU C's cleanup
 * attribute adds it to counts[s] whenever control leaves the block: break,
 * return, goto, the loop's end, a C++ exception). P3_LBACKn(c, d, s1..sn)
 * is P3_BACK(c, d) counting into the local when the id's slot is one of
 * s1..sn (two probes, like P3_BACK). The rewriter uses them only around
 * loops that nothing can leave without running the cleanup (no call that
 * may exit, longjmp or throw) and nothing can enter but their start; the
 * compiler then keeps the locals in registers. tcc ignores the cleanup
 * attribute: there the macros count into the array, as P3_BACK does. */
struct p3_local {
  p3_u64 p3_n;     /* pending count */
  p3_u64 *p3_slot; /* its counter */
};

static P3_UNUSED_ P3_ALWAYS_INLINE_ void p3_local_flush_(struct p3_local *l) {
#if P3_TS_
  if (l->p3_n != 0)
    __atomic_fetch_add(l->p3_slot, l->p3_n, __ATOMIC_RELAXED);
#else
  *l->p3_slot += l->p3_n;
#endif
}

#ifdef __TINYC__
#define P3_LSLOT(counts, s) char p3_c##s P3_UNUSED_
#define P3_LTALLY1_(id, s0) P3_TALLY_(id)
#define P3_LTALLY2_(id, s0, s1) P3_TALLY_(id)
#define P3_LTALLY3_(id, s0, s1, s2) P3_TALLY_(id)
#define P3_LTALLY4_(id, s0, s1, s2, s3) P3_TALLY_(id)
#else
#define P3_LSLOT(counts, s)                                                    \
  struct p3_local p3_c##s __attribute((__cleanup__(p3_local_flush_)))          \
      P3_UNUSED_ = {0, &(counts)[s]}
#define P3_LHIT_(id, s) (P3_SLOT_((id), P3_LEN_) == P3_CAST_(p3_u64, s))
#define P3_LTALLY1_(id, s0)                                                    \
  (P3_LHIT_(id, s0) ? (void)++p3_c##s0.p3_n : P3_TALLY_(id))
#define P3_LTALLY2_(id, s0, s1)                                                \
  (P3_LHIT_(id, s0) ? (void)++p3_c##s0.p3_n : P3_LTALLY1_(id, s1))
#define P3_LTALLY3_(id, s0, s1, s2)                                            \
  (P3_LHIT_(id, s0) ? (void)++p3_c##s0.p3_n : P3_LTALLY2_(id, s1, s2))
#define P3_LTALLY4_(id, s0, s1, s2, s3)                                        \
  (P3_LHIT_(id, s0) ? (void)++p3_c##s0.p3_n : P3_LTALLY3_(id, s1, s2, s3))
#endif
#define P3_LID_(c) (p3_r + P3_CAST_(p3_u64, c))
#define P3_LBACK1(c, d, s0)                                                    \
  (P3_PROBE_, P3_LTALLY1_(P3_LID_(c), s0), P3_RESET(d))
#define P3_LBACK2(c, d, s0, s1)                                                \
  (P3_PROBE_, P3_LTALLY2_(P3_LID_(c), s0, s1), P3_RESET(d))
#define P3_LBACK3(c, d, s0, s1, s2)                                            \
  (P3_PROBE_, P3_LTALLY3_(P3_LID_(c), s0, s1, s2), P3_RESET(d))
#define P3_LBACK4(c, d, s0, s1, s2, s3)                                        \
  (P3_PROBE_, P3_LTALLY4_(P3_LID_(c), s0, s1, s2, s3), P3_RESET(d))

/* A loop with locals whose paths all start at its head, and in whose text
 * nothing but its one back edge reads the register (p3-rewrite checks), can
 * be entered with the register at the back edge's reset value D:
 *   { P3_LSLOT(counts, 3); P3_LSLOT(counts, 4); P3_LFIRST(D);
 *     while (...) { ... P3_LFBACK2(c, D, 3, 4); } }
 * P3_LFIRST(D) holds the difference between the register and D in a local,
 * sets the register to D, and adds the difference back when the block is
 * left (GNU C's cleanup attribute), so the register plus the difference is
 * the path register throughout the block. Every iteration now starts from
 * D: gcc knows the register on each branch of the body, resolves the slot
 * tests of P3_LFBACKn at compile time and drops the resets, which a
 * register that is D on all iterations but the first (the path of the first
 * started before the loop) keeps, with one compare per iteration. What is
 * left is one test of the difference: while it is nonzero the iteration is
 * the first, counted in the array at its own id (id + difference), and the
 * difference becomes zero. The empty asm keeps gcc from knowing that it is
 * zero on the other branch (it would then rewrite it with zero on every
 * iteration). Two probes, like P3_LBACKn. For gcc only: clang peels the
 * first iteration of P3_LBACKn's loops itself, and tcc ignores the cleanup
 * attribute; there P3_LFIRST declares nothing useful and P3_LFBACKn is
 * P3_LBACKn. The declaration is followed by a statement (the register's
 * new value), which C90 allows since nothing else is declared after it. */
#if defined(__GNUC__) && !defined(__clang__) && !defined(__TINYC__)
struct p3_lfirst {
  p3_u64 p3_e;  /* path register - p3_r */
  p3_u64 p3_e0; /* the same on entering the block (never changes) */
  p3_u64 *p3_r; /* the register */
};

static P3_UNUSED_ P3_ALWAYS_INLINE_ void p3_lfirst_end_(struct p3_lfirst *f) {
  *f->p3_r += f->p3_e;
}

static P3_UNUSED_ P3_ALWAYS_INLINE_ void p3_opaque_(p3_u64 *v) {
  __asm__("" : "+r"(*v));
}

#define P3_LFIRST(d)                                                           \
  struct p3_lfirst p3_lf __attribute((__cleanup__(p3_lfirst_end_)))           \
      P3_UNUSED_ = {p3_r - P3_CAST_(p3_u64, d), p3_r - P3_CAST_(p3_u64, d),    \
                    &p3_r};                                                    \
  p3_r = P3_CAST_(p3_u64, d)
/* When gcc knows that the register enters at D (no difference, ever), no
 * test: the iterations all start from D, the first included. */
#define P3_LFTALLY_(c, rest)                                                   \
  ((__builtin_constant_p(p3_lf.p3_e0) && p3_lf.p3_e0 == 0) ? rest             \
   : __builtin_expect(p3_lf.p3_e != 0, 0)                                      \
       ? (P3_TALLY_(P3_LID_(c) + p3_lf.p3_e), (void)(p3_lf.p3_e = 0))           \
       : (p3_opaque_(&p3_lf.p3_e), rest))
#define P3_LFBACK1(c, d, s0)                                                   \
  (P3_PROBE_, P3_LFTALLY_(c, P3_LTALLY1_(P3_LID_(c), s0)), P3_RESET(d))
#define P3_LFBACK2(c, d, s0, s1)                                               \
  (P3_PROBE_, P3_LFTALLY_(c, P3_LTALLY2_(P3_LID_(c), s0, s1)), P3_RESET(d))
#define P3_LFBACK3(c, d, s0, s1, s2)                                           \
  (P3_PROBE_, P3_LFTALLY_(c, P3_LTALLY3_(P3_LID_(c), s0, s1, s2)),             \
   P3_RESET(d))
#define P3_LFBACK4(c, d, s0, s1, s2, s3)                                       \
  (P3_PROBE_, P3_LFTALLY_(c, P3_LTALLY4_(P3_LID_(c), s0, s1, s2, s3)),         \
   P3_RESET(d))
#else
#define P3_LFIRST(d) char p3_lf P3_UNUSED_
#define P3_LFBACK1 P3_LBACK1
#define P3_LFBACK2 P3_LBACK2
#define P3_LFBACK3 P3_LBACK3
#define P3_LFBACK4 P3_LBACK4
#endif

/* A loop whose iterations all take one path (p3-rewrite knows the id) counts
 * its iterations: P3_LRUN(counts, s, delta) declares the count and notes the
 * first iteration's id (the register on entering the loop + delta); each
 * back edge P3_LRBACK(c, d, s) adds one (two probes, like P3_BACK); when the
 * block is left the first iteration goes to its id and the others to slot s.
 * No test in the loop, so the compiler can derive the count from the trip
 * count. The declaration is followed by a statement (the note), which C90
 * allows since nothing else is declared after it. */
struct p3_run {
  p3_u64 p3_n;     /* iterations */
  p3_u64 p3_first; /* the first iteration's id */
  p3_u64 *p3_a;    /* the counters */
  p3_u64 p3_len;   /* ids with a counter; p3_a[p3_len] is the dropped slot */
  p3_u64 p3_s;     /* the other iterations' slot */
};

static P3_UNUSED_ P3_ALWAYS_INLINE_ void p3_run_flush_(struct p3_run *r) {
  if (r->p3_n != 0) {
    p3_u64 *first = &r->p3_a[r->p3_first < r->p3_len ? r->p3_first : r->p3_len];
#if P3_TS_
    __atomic_fetch_add(first, 1, __ATOMIC_RELAXED);
    if (r->p3_n > 1)
      __atomic_fetch_add(&r->p3_a[r->p3_s], r->p3_n - 1, __ATOMIC_RELAXED);
#else
    *first += 1;
    r->p3_a[r->p3_s] += r->p3_n - 1;
#endif
  }
}

#ifdef __TINYC__
#define P3_LRUN(counts, s, delta) char p3_run_##s P3_UNUSED_ = 0
#define P3_LRBACK(c, d, s) P3_BACK(c, d)
#else
#define P3_LRUN(counts, s, delta)                                              \
  struct p3_run p3_run_##s __attribute((__cleanup__(p3_run_flush_)))           \
      P3_UNUSED_ = {0, 0, (counts), sizeof(counts) / sizeof((counts)[0]) - 1,  \
                    (s)};                                                      \
  p3_run_##s.p3_first = p3_r + P3_CAST_(p3_u64, delta)
#define P3_LRBACK(c, d, s) (P3_PROBE_, (void)++p3_run_##s.p3_n, P3_RESET(d))
#endif

/* Instead of P3_ENTER in a function with a return that has no place for the
 * path counter (inside a macro expansion): every return of the function is
 * then counted when its frame is left. One probe per return, like the
 * counter it replaces.
 *  - C with gcc or clang: by GNU C's cleanup attribute. In C a return is the
 *    only way a cleanup runs (exit, abort and longjmp run none).
 *  - C with tcc, which ignores the attribute: by the "return" macro at the
 *    end of this header, which the rewriter enables in files with such
 *    functions (P3_RETURN_GUARDS): every return first tests
 *    p3_return_guard_, a pointer to the frame's guard in such a function
 *    (this local shadows a null one at file scope), and P3_GUARD_END, before
 *    the closing brace, counts a path that falls off the end. That count
 *    comes before the return's value is computed, so a function where some
 *    return's value branches (and may run probes) uses
 *    P3_ENTER_GUARDED_AFTER_VALUE, which tcc refuses with a clear name.
 *  - C++: by a destructor, which also runs when an exception unwinds the
 *    frame. A path cut short by an exception is not counted (as in a function
 *    without the guard), so the destructor counts only when no more
 *    exceptions are in flight than when the function was entered:
 *    std::uncaught_exceptions (C++17; libstdc++ since gcc 6 and libc++ export
 *    it whatever the -std), named here by its symbol so that the header needs
 *    no <exception> and works under every -std. */
struct p3_exit_guard {
  struct p3_function *p3_f;
  p3_u64 *p3_r;
};

static P3_UNUSED_ void p3_exit_guard_fire(struct p3_exit_guard *g) {
#ifdef P3_COUNT_PROBES
  P3_INC_(&g->p3_f->p3_probes);
#endif
  p3_count(g->p3_f, *g->p3_r);
}

#if defined(__cplusplus)
#if __cplusplus >= 201103L
#define P3_NOTHROW_ noexcept
#else
#define P3_NOTHROW_ throw()
#endif
extern int p3_uncaught_exceptions_(void) P3_NOTHROW_
    __asm__("_ZSt19uncaught_exceptionsv");

struct p3_exit_guard_cxx_ {
  struct p3_exit_guard p3_g;
  int p3_in_flight; /* exceptions in flight when the function was entered */
  ~p3_exit_guard_cxx_() {
    if (p3_uncaught_exceptions_() == p3_in_flight)
      p3_exit_guard_fire(&p3_g);
  }
};

#define P3_ENTER_GUARDED(table, i, counts)                                     \
  P3_ENTER(table, i, counts);                                                  \
  p3_exit_guard_cxx_ p3_g P3_UNUSED_ = {{p3_f, &p3_r},                         \
                                        p3_uncaught_exceptions_()}
#define P3_ENTER_GUARDED_AFTER_VALUE(table, i, counts)                         \
  P3_ENTER_GUARDED(table, i, counts)
#define P3_GUARD_END ((void)0)
#elif defined(__TINYC__)
#define P3_ENTER_GUARDED(table, i, counts)                                     \
  P3_ENTER(table, i, counts);                                                  \
  struct p3_exit_guard p3_g = {p3_f, &p3_r};                                   \
  struct p3_exit_guard *const p3_return_guard_ = &p3_g
#define P3_ENTER_GUARDED_AFTER_VALUE(table, i, counts)                         \
  P3_ENTER(table, i, counts);                                                  \
  p3_a_return_value_that_branches_needs_the_cleanup_attribute_tcc_ignores
#define P3_GUARD_END                                                           \
  (p3_return_guard_ ? p3_exit_guard_fire(p3_return_guard_) : (void)0)
#else
#define P3_ENTER_GUARDED(table, i, counts)                                     \
  P3_ENTER(table, i, counts);                                                  \
  struct p3_exit_guard p3_g                                                    \
      __attribute((__cleanup__(p3_exit_guard_fire))) P3_UNUSED_ = {p3_f, &p3_r}
#define P3_ENTER_GUARDED_AFTER_VALUE(table, i, counts)                         \
  P3_ENTER_GUARDED(table, i, counts)
#define P3_GUARD_END ((void)0)
#endif

/* Written after probes the rewriter puts between two case labels
 * ("case 1: P3_ADD(3); P3_FALLTHROUGH; case 2:"), so that -Wimplicit-fallthrough
 * sees the fall-through the original code had. */
#if defined(__has_attribute)
#if __has_attribute(__fallthrough__)
#define P3_FALLTHROUGH __attribute((__fallthrough__))
#endif
#endif
#ifndef P3_FALLTHROUGH
#define P3_FALLTHROUGH ((void)0)
#endif

/* A condition that runs T when true and F when false; yields int 1 or 0. */
#define P3_IF(cond, t, f) ((cond) ? ((void)(t), 1) : ((void)(f), 0))
/* Runs ACTION, then yields EXPR (the void cast rules out operator,). */
#define P3_SEQ(action, expr) ((void)(action), (expr))

#ifdef __cplusplus
}
#endif

#endif /* P3_RUNTIME_H */

/*===-- Online subpath profiling (OSP) ------------------------------------===*
 *
 * Compiled only in the copy written by p3-rewrite --mode=osp, whose rewritten
 * files define P3_OSP before including this header. docs/osp.md describes the
 * algorithm (Oren's Online Subpath Profiling), the environment variables and
 * the hot-list file; this part shares nothing with the counting runtime above
 * but the basic macros (p3_u64, P3_NULL, P3_CAST_, P3_UNUSED_, P3_CTOR_).
 *
 * Every block the rewriter can place an action in runs P3_OSP_BLOCK(id): a
 * decrement of a thread-local skip counter and a branch that is taken once
 * every few thousand blocks. When it is taken the slow path (p3_osp_slow_)
 * decides:
 *  - whether this block starts a sampled window (the gaps between starts are
 *    geometric with mean 2^k, so every block is a start with probability
 *    2^-k, independently), and its length 2^n (n >= 1, probability 2^-n,
 *    the longest length taking the rest);
 *  - while windows are open it records every block (the counter is then 1)
 *    into a ring of the last max_length blocks; a window that completes is
 *    rotated to its least rotation (rotations of a loop are one subpath),
 *    encoded exactly (first id, then literal differences or LZ77 copies of
 *    earlier ones: p3_osp_encode) and added to the hot list;
 *  - the hot list holds (subpath, count) pairs in P3_OSP_MEMORY bytes (the
 *    concise samples of Gibbons and Matias). When a new subpath does not fit,
 *    k grows by one and every count is thinned (each sample kept with
 *    probability 1/2), until it fits; windows that started under a smaller k
 *    are thinned the same way when they complete. So at any time every
 *    completed window of length 2^n is in the sample with probability
 *    2^-k * q(n), independently: count * 2^k / q(n) estimates its count.
 *
 * One sampler per thread (gcc and clang: __thread; with tcc, which has no
 * thread-local storage, one per process: multi-threaded programs need gcc or
 * clang), one hot list per process, under a lock taken once per completed
 * window. Files are written with open/write/rename only, so that a dump may
 * run inside a signal handler.
 *
 *===----------------------------------------------------------------------===*/

#if defined(P3_OSP) && !defined(P3_OSP_RUNTIME_)
#define P3_OSP_RUNTIME_

#ifdef __cplusplus
extern "C" {
#endif

typedef unsigned int p3_osp_u32;

/* Lengths are 2^1 .. 2^P3_OSP_MAX_CLASS_; an encoded subpath (at most five
 * bytes a block) must fit the 16-bit size field of a record, a rotation its
 * 12 bits. */
#define P3_OSP_MAX_CLASS_ 12
#define P3_OSP_DEFAULT_MEMORY_ 65536
#define P3_OSP_DEFAULT_MAX_LENGTH_ 1024
#define P3_OSP_DEFAULT_PERIOD_ 64
/* The sample bound: with subpaths stored compactly, 64 KiB holds up to
 * 65,000 samples where loops dominate (libquantum), and the sampling work
 * follows the sample size; 16384 keeps it near what the memory allowed
 * before (docs/evaluation.md, Compact hot list). */
#define P3_OSP_DEFAULT_SAMPLES_ 16384
#define P3_OSP_MAX_K_ 50
#define P3_OSP_TRACE_CHUNK_ 16384

#if defined(__TINYC__)
#define P3_OSP_TLS_
#define P3_OSP_PER_THREAD_ 0
#else
/* Code for an executable (not PIC, or PIE) reaches the counter at a fixed
 * offset from the thread pointer (local-exec): no register holds the
 * offset, no load from the GOT in every function. A shared library's code
 * uses initial-exec. */
#if !defined(__PIC__) || defined(__PIE__)
#define P3_OSP_TLS_ __thread __attribute((__tls_model__("local-exec")))
#else
#define P3_OSP_TLS_ __thread __attribute((__tls_model__("initial-exec")))
#endif
#define P3_OSP_PER_THREAD_ 1
#endif
#if defined(__ATOMIC_ACQUIRE)
#define P3_OSP_ATOMIC_ 1
#define P3_OSP_LOAD_(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#define P3_OSP_STORE_(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)
#else
#define P3_OSP_ATOMIC_ 0
#define P3_OSP_LOAD_(p) (*(p))
#define P3_OSP_STORE_(p, v) ((void)(*(p) = (v)))
#endif
/* Functions emitted once per object, not once per translation unit. */
#define P3_OSP_API_ __attribute((__weak__, __visibility__("hidden"), __unused__))
#define P3_OSP_COLD_ __attribute((__noinline__, __cold__))

/*===-- libc, bound by asm label (see the top of this file) ---------------===*/

extern char *p3_osp_sys_getenv(const char *) __asm__("getenv");
extern char *p3_osp_sys_getcwd_chk(char *, __SIZE_TYPE__, __SIZE_TYPE__)
    __asm__("__getcwd_chk");
extern int p3_osp_sys_getpid(void) __asm__("__getpid");
extern int *p3_osp_sys_errno(void) __asm__("__errno_location");
extern void *p3_osp_sys_mmap(void *, __SIZE_TYPE__, int, int, int, long)
    __asm__("mmap");
extern int p3_osp_sys_atexit(void (*)(void)) __asm__("atexit");
extern int p3_osp_sys_pthread_atfork(void (*)(void), void (*)(void),
                                     void (*)(void)) __asm__("__pthread_atfork");
extern int p3_osp_sys_open(const char *, int, ...) __asm__("__open");
extern long p3_osp_sys_write(int, const void *, __SIZE_TYPE__)
    __asm__("__write");
extern int p3_osp_sys_close(int) __asm__("__close");
extern int p3_osp_sys_rename(const char *, const char *) __asm__("rename");
extern int p3_osp_sys_unlink(const char *) __asm__("unlink");
extern long p3_osp_sys_time(long *) __asm__("time");
typedef void (*p3_osp_handler)(int);
extern p3_osp_handler p3_osp_sys_signal(int, p3_osp_handler)
    __asm__("signal");
#if P3_OSP_PER_THREAD_
extern int p3_osp_sys_key_create(unsigned *, void (*)(void *))
    __asm__("__pthread_key_create");
extern int p3_osp_sys_setspecific(unsigned, const void *)
    __asm__("pthread_setspecific");
#endif
extern int p3_osp_sys_sched_yield(void) __asm__("__sched_yield");
/* Linux x86-64 values. */
#define P3_OSP_O_WRONLY_ 01
#define P3_OSP_O_CREAT_ 0100
#define P3_OSP_O_TRUNC_ 01000
#define P3_OSP_O_APPEND_ 02000
#define P3_OSP_O_CLOEXEC_ 02000000
#define P3_OSP_PROT_RW_ 3
#define P3_OSP_MAP_ANON_ 0x22

/*===-- State ---------------------------------------------------------------===*/

enum { P3_OSP_SAMPLE = 0, P3_OSP_SKIP = 1, P3_OSP_TRACE = 2 };

/* One thread's sampler. Never freed: a thread that ends returns it to the
 * registry's list, where the next new thread takes it. */
struct p3_osp_thread {
  p3_u64 p3_rng;       /* splitmix64 state */
  p3_u64 p3_armed;     /* the value last put in the skip counter */
  p3_u64 p3_remaining; /* recording: blocks to the next start, this one included */
  unsigned p3_draw_k;  /* the k the pending skip was drawn with */
  unsigned p3_k_cached;
  double p3_inv_log_q; /* 1 / ln(1 - 2^-k) for k = p3_k_cached */
  p3_u64 p3_pos;       /* blocks recorded; ring index = pos % max_length */
  unsigned p3_active;  /* open windows */
  int p3_recording;
  int p3_busy;         /* in the slow path (a signal handler may re-enter) */
  int p3_in_use;
  unsigned p3_no;      /* thread number, for traces */
  /* Statistics, read by dumps without a lock. */
  p3_u64 p3_blocks;    /* blocks this thread ran, as of its last slow path */
  p3_u64 p3_starts;    /* windows started */
  p3_u64 p3_windows;   /* windows completed */
  p3_osp_u32 *p3_ring;
  unsigned short *p3_wheel; /* per position: bit n = a window of 2^n ends */
  unsigned char *p3_kring;  /* per position: the k of the window starting there */
  p3_osp_u32 *p3_window;
  struct p3_osp_lz *p3_lz; /* p3_osp_encode's work */
  unsigned char *p3_enc;
  p3_osp_u32 *p3_trace; /* trace mode: [thread, count, ids...] */
  unsigned p3_trace_len;
  __SIZE_TYPE__ p3_bytes;
  struct p3_osp_thread *p3_next;
};

struct p3_osp_registry {
  int p3_started, p3_exited, p3_lock, p3_warned_hash;
  volatile int p3_dump_requested;
  const char *p3_hash;
  /* Configuration, fixed at start-up. */
  int p3_mode;
  unsigned p3_max_class, p3_k0, p3_interval, p3_signal;
  p3_u64 p3_memory, p3_seed, p3_mask, p3_max_samples;
  long p3_next_dump;
  /* The hot list: records from the bottom of p3_mem, the index (p3_cap
   * slots of P3_SLOT bytes, record offset + 1, open addressing) at the top
   * (the records' layout: "The hot list" below). After the P3_MEMORY bytes,
   * outside the budget: room to decode one subpath, for dumps. */
  unsigned char *p3_mem;
  p3_osp_u32 *p3_decoded;
  p3_u64 p3_rec_end, p3_cap, p3_entries, p3_peak;
  unsigned p3_slot;
  p3_u64 p3_samples; /* the sum of the counts */
  unsigned p3_k;
  p3_u64 p3_kept, p3_resamples, p3_dropped, p3_dumps;
  p3_u64 p3_retired_blocks; /* reserved */
  unsigned p3_threads, p3_key;
  int p3_have_key, p3_trace_fd, p3_trace_failed;
  struct p3_osp_thread *p3_first_thread;
  unsigned p3_dir_len;
  char p3_dir[4096];
};

extern struct p3_osp_registry p3_osp_registry;
__attribute((__weak__, __visibility__("hidden"))) struct p3_osp_registry
    p3_osp_registry;
/* The skip counter: the next block that takes it to 0 runs the slow path.
 * 1 at first, so that a thread's first block attaches its sampler. */
extern P3_OSP_TLS_ p3_u64 p3_osp_skip;
__attribute((__weak__, __visibility__("hidden"))) P3_OSP_TLS_ p3_u64
    p3_osp_skip = 1;
extern P3_OSP_TLS_ struct p3_osp_thread *p3_osp_self;
__attribute((__weak__, __visibility__("hidden"))) P3_OSP_TLS_ struct
    p3_osp_thread *p3_osp_self;

/*===-- Small helpers -------------------------------------------------------===*/

static P3_UNUSED_ void p3_osp_lock(int *l) {
#if P3_OSP_ATOMIC_
  unsigned spins = 0;
  while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE))
    while (__atomic_load_n(l, __ATOMIC_RELAXED))
      if (++spins % 256 == 0)
        p3_osp_sys_sched_yield();
#else
  *l = 1;
#endif
}

static P3_UNUSED_ int p3_osp_trylock(int *l) {
#if P3_OSP_ATOMIC_
  return !__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE);
#else
  if (*l)
    return 0;
  *l = 1;
  return 1;
#endif
}

static P3_UNUSED_ void p3_osp_unlock(int *l) {
#if P3_OSP_ATOMIC_
  __atomic_store_n(l, 0, __ATOMIC_RELEASE);
#else
  *l = 0;
#endif
}

/* splitmix64 */
static P3_UNUSED_ p3_u64 p3_osp_random(p3_u64 *s) {
  p3_u64 z = (*s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static P3_UNUSED_ unsigned p3_osp_popcount(p3_u64 x) {
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return P3_CAST_(unsigned, (x * 0x0101010101010101ULL) >> 56);
}

/* Binomial(n, 1/2): how many of n samples survive a halving. */
static P3_UNUSED_ p3_u64 p3_osp_halve(p3_u64 *rng, p3_u64 n) {
  p3_u64 kept = 0;
  for (; n >= 64; n -= 64)
    kept += p3_osp_popcount(p3_osp_random(rng));
  if (n)
    kept += p3_osp_popcount(p3_osp_random(rng) & ((1ULL << n) - 1));
  return kept;
}

/* ln(x) for 0 < x <= 1, without libm: x = m 2^-e with m in [sqrt(1/2),
 * sqrt(2)), then ln m = 2 atanh(z), z = (m-1)/(m+1), |z| < 0.1716, whose
 * series to z^21 is exact to below 2^-60 (the term after it, z^23/23, is).
 * Evaluated by Horner's rule with constant coefficients: one division per
 * call (it was 24, one a term, to z^47 for |z| <= 1/3: a window start
 * drew its skip in about 240 instructions, the divisions dominating). */
static P3_UNUSED_ double p3_osp_ln(double x) {
  double z, z2, s;
  int e = 0;
  while (x < 0.5) {
    x *= 2;
    ++e;
  }
  if (x < 0.70710678118654752440) { /* exact: a power of two */
    x *= 2;
    ++e;
  }
  z = (x - 1) / (x + 1); /* x - 1 is exact for x in [1/2, 2] */
  z2 = z * z;
  s = 1.0 / 21;
  s = s * z2 + 1.0 / 19;
  s = s * z2 + 1.0 / 17;
  s = s * z2 + 1.0 / 15;
  s = s * z2 + 1.0 / 13;
  s = s * z2 + 1.0 / 11;
  s = s * z2 + 1.0 / 9;
  s = s * z2 + 1.0 / 7;
  s = s * z2 + 1.0 / 5;
  s = s * z2 + 1.0 / 3;
  return 2 * z + 2 * z * z2 * s - e * 0.69314718055994530942;
}

/* ln(1 - 2^-k), accurate also when 1 - 2^-k rounds to 1. */
static P3_UNUSED_ double p3_osp_log_keep(unsigned k) {
  double p = 1.0 / P3_CAST_(double, 1ULL << k);
  if (k >= 20)
    return -p - p * p / 2 - p * p * p / 3;
  return p3_osp_ln(1 - p);
}

/* A geometric skip with mean 2^k: the number of blocks up to and including
 * the next start, when each block starts a window with probability 2^-k. */
static P3_UNUSED_ p3_u64 p3_osp_draw_skip(struct p3_osp_thread *t,
                                          unsigned k) {
  double u, g;
  if (k == 0)
    return 1;
  if (t->p3_k_cached != k) {
    t->p3_inv_log_q = 1 / p3_osp_log_keep(k);
    t->p3_k_cached = k;
  }
  u = (P3_CAST_(double, p3_osp_random(&t->p3_rng) >> 11) + 0.5) *
      (1.0 / 9007199254740992.0);
  g = p3_osp_ln(u) * t->p3_inv_log_q;
  if (!(g < 4e18)) /* also NaN */
    g = 4e18;
  return 1 + P3_CAST_(p3_u64, g);
}

/* The length class n of a window: 2^-n for n < max, the rest for max. */
static P3_UNUSED_ unsigned p3_osp_draw_class(p3_u64 r, unsigned max_class) {
  unsigned n = 1;
  while (n < max_class && !(r & 1)) {
    r >>= 1;
    ++n;
  }
  return n;
}

/* The start of the lexicographically least rotation of S (N blocks, a power
 * of two), in linear time (the two-candidate minimum-expression algorithm). */
static P3_UNUSED_ unsigned p3_osp_least_rotation(const p3_osp_u32 *s,
                                                 unsigned n) {
  unsigned i = 0, j = 1, k = 0, m = n - 1;
  while (i < n && j < n && k < n) {
    p3_osp_u32 a = s[(i + k) & m], b = s[(j + k) & m];
    if (a == b) {
      ++k;
      continue;
    }
    if (a > b)
      i += k + 1;
    else
      j += k + 1;
    if (i == j)
      ++j;
    k = 0;
  }
  return i < j ? i : j;
}

/* The encoding of a subpath: S rotated to start at ROT, as the first id
 * (a varint) and then one token for each later block, on the differences
 * between consecutive ids (d[i] = s[i] - s[i-1], mod 2^32):
 *  - a literal: varint(zigzag(d[i]) << 1), one byte when |d| < 32 (blocks
 *    of one function are numbered together, so most steps are small);
 *  - a copy: varint((len - 3) << 1 | 1), varint(dist - 1): the next LEN
 *    differences are those DIST back (LZ77; DIST < LEN repeats a period),
 *    so that a window of a loop costs its distinct iterations, not its
 *    length.
 * The copies are chosen greedily, the longest of the last
 * P3_OSP_LZ_TRIES_ earlier positions with the same next three differences
 * (the nearest of equals): a function of S alone, so two windows are the
 * same subpath exactly when their encodings (of their least rotations) are
 * the same bytes. Exact: p3_osp_decode inverts it. */
#define P3_OSP_LZ_MIN_ 3
#define P3_OSP_LZ_TRIES_ 8
static P3_UNUSED_ unsigned p3_osp_put_varint(unsigned char *out, unsigned len,
                                             p3_u64 z) {
  while (z >= 0x80) {
    out[len++] = P3_CAST_(unsigned char, z | 0x80);
    z >>= 7;
  }
  out[len++] = P3_CAST_(unsigned char, z);
  return len;
}

static P3_UNUSED_ p3_u64 p3_osp_get_varint(const unsigned char *in,
                                           unsigned *pos, unsigned end) {
  p3_u64 z = 0;
  unsigned shift = 0;
  unsigned char c;
  do {
    if (*pos >= end)
      return z;
    c = in[(*pos)++];
    z |= P3_CAST_(p3_u64, c & 0x7f) << shift;
    shift += 7;
  } while ((c & 0x80) && shift < 64);
  return z;
}

/* WORK: the differences of the window being encoded (max_length entries),
 * the heads of the chains (position | window number << 16, so that the
 * heads of earlier windows read as empty without clearing them), the window
 * number, and the chains (a position's previous one with the same key;
 * max_length entries). */
#define P3_OSP_LZ_HEAD_ 512
struct p3_osp_lz {
  p3_osp_u32 p3_serial;
  p3_osp_u32 p3_head[P3_OSP_LZ_HEAD_];
  p3_osp_u32 *p3_diff;
  unsigned short *p3_prev;
};

static P3_UNUSED_ unsigned p3_osp_lz_key(const p3_osp_u32 *d) {
  p3_osp_u32 h =
      d[0] * 0x9e3779b1u ^ d[1] * 0x85ebca77u ^ d[2] * 0xc2b2ae3du;
  return (h ^ (h >> 15)) & (P3_OSP_LZ_HEAD_ - 1);
}

static P3_UNUSED_ unsigned p3_osp_encode(const p3_osp_u32 *s, unsigned n,
                                         unsigned rot, unsigned char *out,
                                         struct p3_osp_lz *work) {
  p3_osp_u32 *d = work->p3_diff, serial, h, z;
  unsigned short *prev = work->p3_prev;
  unsigned i, j, l, best, dist, len, tries, at;
  len = p3_osp_put_varint(out, 0, s[rot & (n - 1)]);
  for (i = 1; i < n; ++i)
    d[i] = s[(rot + i) & (n - 1)] - s[(rot + i - 1) & (n - 1)];
  serial = (work->p3_serial += 1u << 16);
  if (!serial) { /* every 65536 windows: the old heads could read as new */
    for (j = 0; j < P3_OSP_LZ_HEAD_; ++j)
      work->p3_head[j] = 0;
    serial = work->p3_serial = 1u << 16;
  }
  /* A copy needs an earlier position j >= 1 and i >= j + 1 with three
   * differences from i: none fits in fewer than 8 blocks. */
  for (i = 1; i < n;) {
    best = 0;
    dist = 0;
    at = 0;
    if (n >= 8 && i + P3_OSP_LZ_MIN_ <= n) {
      at = p3_osp_lz_key(d + i);
      h = work->p3_head[at];
      for (j = (h & 0xffff0000u) == serial ? (h & 0xffffu) : 0, tries = 0;
           j && tries < P3_OSP_LZ_TRIES_; j = prev[j], ++tries) {
        for (l = 0; i + l < n && d[j + l] == d[i + l]; ++l)
          ;
        if (l > best) {
          best = l;
          dist = i - j;
          if (i + l == n) /* to the end: none is longer */
            break;
        }
      }
      /* Chain the positions passed (each once, in order; 0 ends a chain). */
      if (best < P3_OSP_LZ_MIN_)
        best = 1;
      for (l = 0; l < best && i + l + P3_OSP_LZ_MIN_ <= n; ++l) {
        if (l)
          at = p3_osp_lz_key(d + i + l);
        h = work->p3_head[at];
        prev[i + l] =
            P3_CAST_(unsigned short, (h & 0xffff0000u) == serial ? h : 0);
        work->p3_head[at] = serial | (i + l);
      }
    }
    if (best >= P3_OSP_LZ_MIN_) {
      len = p3_osp_put_varint(out, len,
                              P3_CAST_(p3_u64, best - P3_OSP_LZ_MIN_) << 1 | 1);
      len = p3_osp_put_varint(out, len, dist - 1);
      i += best;
    } else {
      z = (d[i] << 1) ^ (0u - (d[i] >> 31));
      len = p3_osp_put_varint(out, len, P3_CAST_(p3_u64, z) << 1);
      i += 1;
    }
  }
  return len;
}

/* The N ids of an encoding of NBYTES bytes, into OUT. Returns how many were
 * decoded (N unless the bytes are not an encoding). */
static P3_UNUSED_ unsigned p3_osp_decode(const unsigned char *in,
                                         unsigned nbytes, unsigned n,
                                         p3_osp_u32 *out) {
  unsigned pos = 0, i = 1, l, len, dist;
  p3_u64 t;
  if (n == 0 || nbytes == 0)
    return 0;
  out[0] = P3_CAST_(p3_osp_u32, p3_osp_get_varint(in, &pos, nbytes));
  while (i < n && pos < nbytes) {
    t = p3_osp_get_varint(in, &pos, nbytes);
    if (t & 1) {
      len = P3_CAST_(unsigned, (t >> 1) + P3_OSP_LZ_MIN_);
      dist = P3_CAST_(unsigned, p3_osp_get_varint(in, &pos, nbytes) + 1);
      if (dist >= i || len > n - i)
        return i;
      for (l = 0; l < len; ++l, ++i)
        out[i] = out[i - 1] + (out[i - dist] - out[i - dist - 1]);
    } else {
      p3_osp_u32 z = P3_CAST_(p3_osp_u32, t >> 1);
      out[i] = out[i - 1] + ((z >> 1) ^ (0u - (z & 1)));
      ++i;
    }
  }
  return i;
}

static P3_UNUSED_ p3_osp_u32 p3_osp_hash(const unsigned char *s, unsigned n,
                                         unsigned cls) {
  p3_osp_u32 h = 2166136261u ^ cls;
  unsigned i;
  for (i = 0; i < n; ++i)
    h = (h ^ s[i]) * 16777619u;
  return h;
}

static P3_UNUSED_ void *p3_osp_map(p3_u64 bytes) {
  void *p = p3_osp_sys_mmap(P3_NULL, P3_CAST_(__SIZE_TYPE__, bytes),
                            P3_OSP_PROT_RW_, P3_OSP_MAP_ANON_, -1, 0);
#ifdef __cplusplus
  return p == reinterpret_cast<void *>(static_cast<long>(-1)) ? P3_NULL : p;
#else
  return p == (void *)-1 ? P3_NULL : p;
#endif
}

/*===-- The hot list (called with the registry locked) ---------------------===*
 *
 * Records from the bottom of p3_mem, byte after byte (no padding): a 16-bit
 * count, the 16-bit size of the encoding, a 16-bit shape (length class in
 * bits 0-3, the rotation shown from in bits 4-15), then the encoding. The
 * index (p3_cap slots of record offset + 1, open addressing, at most 3/4
 * full) at the top, its slots 2 bytes wide when the hot list is at most
 * 64 KiB, else 4 or 8: so a subpath of two blocks costs about 12 bytes
 * with its slot. A count that would pass 65535 thins the hot list first
 * (k grows), as when it is full. */
#define P3_OSP_REC_HEAD_ 6u
#define P3_OSP_MAX_COUNT_ 65535u

static P3_UNUSED_ unsigned p3_osp_get16(const unsigned char *p) {
  return p[0] | P3_CAST_(unsigned, p[1]) << 8;
}
static P3_UNUSED_ void p3_osp_put16(unsigned char *p, unsigned v) {
  p[0] = P3_CAST_(unsigned char, v);
  p[1] = P3_CAST_(unsigned char, v >> 8);
}
#define P3_OSP_REC_COUNT_(r, off) p3_osp_get16((r)->p3_mem + (off))
#define P3_OSP_REC_NBYTES_(r, off) p3_osp_get16((r)->p3_mem + (off) + 2)
#define P3_OSP_REC_SHAPE_(r, off) p3_osp_get16((r)->p3_mem + (off) + 4)
#define P3_OSP_REC_BYTES_(r, off) ((r)->p3_mem + (off) + P3_OSP_REC_HEAD_)
#define P3_OSP_REC_SIZE_(r, off) (P3_OSP_REC_HEAD_ + P3_OSP_REC_NBYTES_(r, off))

static P3_UNUSED_ unsigned p3_osp_slot_width(p3_u64 memory) {
  return memory <= 65536 ? 2 : memory <= 0xffffffffULL ? 4 : 8;
}

static P3_UNUSED_ unsigned char *p3_osp_index(struct p3_osp_registry *r) {
  return r->p3_mem + r->p3_memory - r->p3_cap * r->p3_slot;
}

static P3_UNUSED_ p3_u64 p3_osp_slot_get(struct p3_osp_registry *r,
                                         p3_u64 i) {
  unsigned char *p = p3_osp_index(r) + i * r->p3_slot;
  p3_u64 v = 0;
  unsigned b;
  for (b = r->p3_slot; b-- > 0;)
    v = v << 8 | p[b];
  return v;
}

static P3_UNUSED_ void p3_osp_slot_set(struct p3_osp_registry *r, p3_u64 i,
                                       p3_u64 v) {
  unsigned char *p = p3_osp_index(r) + i * r->p3_slot;
  unsigned b;
  for (b = 0; b < r->p3_slot; ++b, v >>= 8)
    p[b] = P3_CAST_(unsigned char, v);
}

/* The index slot of (CLS, ENC), or the empty slot where it would go. */
static P3_UNUSED_ p3_u64 p3_osp_find(struct p3_osp_registry *r, unsigned cls,
                                     const unsigned char *enc, unsigned nbytes,
                                     p3_osp_u32 hash) {
  p3_u64 i = (hash * 0x9e3779b97f4a7c15ULL >> 20) & (r->p3_cap - 1), v;
  const unsigned char *bytes;
  unsigned b;
  for (;; i = (i + 1) & (r->p3_cap - 1)) {
    v = p3_osp_slot_get(r, i);
    if (!v)
      return i;
    if ((P3_OSP_REC_SHAPE_(r, v - 1) & 15u) != cls ||
        P3_OSP_REC_NBYTES_(r, v - 1) != nbytes)
      continue;
    bytes = P3_OSP_REC_BYTES_(r, v - 1);
    for (b = 0; b < nbytes && bytes[b] == enc[b]; ++b)
      ;
    if (b == nbytes)
      return i;
  }
}

/* Rebuilds the index with CAP slots; the records must leave room for it. */
static P3_UNUSED_ void p3_osp_reindex(struct p3_osp_registry *r, p3_u64 cap) {
  p3_u64 off, i;
  unsigned cls, nbytes;
  const unsigned char *bytes;
  r->p3_cap = cap;
  for (i = 0; i < cap; ++i)
    p3_osp_slot_set(r, i, 0);
  for (off = 0; off < r->p3_rec_end; off += P3_OSP_REC_SIZE_(r, off)) {
    cls = P3_OSP_REC_SHAPE_(r, off) & 15u;
    nbytes = P3_OSP_REC_NBYTES_(r, off);
    bytes = P3_OSP_REC_BYTES_(r, off);
    p3_osp_slot_set(r, p3_osp_find(r, cls, bytes, nbytes,
                                   p3_osp_hash(bytes, nbytes, cls)),
                    off + 1);
  }
}

/* The fewest slots (a power of two, at least 16) for N entries. */
static P3_UNUSED_ p3_u64 p3_osp_cap_for(p3_u64 n) {
  p3_u64 cap = 16;
  while (cap * 3 < n * 4)
    cap *= 2;
  return cap;
}

/* k grows by one: every sample is kept with probability 1/2, records left
 * without samples are removed and the index is rebuilt as small as it can. */
static P3_UNUSED_ void p3_osp_resample(struct p3_osp_registry *r,
                                       p3_u64 *rng) {
  p3_u64 in = 0, out = 0, size, i, count, c;
  r->p3_k += 1;
  r->p3_resamples += 1;
  while (in < r->p3_rec_end) {
    count = P3_OSP_REC_COUNT_(r, in);
    c = p3_osp_halve(rng, count);
    size = P3_OSP_REC_SIZE_(r, in);
    r->p3_samples -= count - c;
    if (c) {
      p3_osp_put16(r->p3_mem + in, P3_CAST_(unsigned, c));
      if (out != in)
        for (i = 0; i < size; ++i)
          r->p3_mem[out + i] = r->p3_mem[in + i];
      out += size;
    } else {
      r->p3_entries -= 1;
    }
    in += size;
  }
  r->p3_rec_end = out;
  p3_osp_reindex(r, p3_osp_cap_for(r->p3_entries + 1));
}

/* The sample size is bounded too (P3_OSP_SAMPLES): when it grows past the
 * bound, k grows. This sets the thesis's period f = n / (m G) (n blocks, mG
 * the effective sample size) without knowing n in advance: the sampling work
 * then grows with log n, not with n. */
static P3_UNUSED_ void p3_osp_cap_samples(struct p3_osp_registry *r,
                                          p3_u64 *rng) {
  while (r->p3_max_samples && r->p3_samples > r->p3_max_samples)
    p3_osp_resample(r, rng);
}

/* Adds one sample of the subpath (CLS, ENC), a window that started when k
 * was KSEEN (thinned to the current k first) and ran as ENC rotated to start
 * at SHOWN. */
static P3_UNUSED_ void p3_osp_hot_add(struct p3_osp_registry *r, p3_u64 *rng,
                                      unsigned cls, const unsigned char *enc,
                                      unsigned nbytes, unsigned kseen,
                                      unsigned shown) {
  p3_osp_u32 hash = p3_osp_hash(enc, nbytes, cls);
  p3_u64 need = P3_OSP_REC_HEAD_ + nbytes, used, slot, v;
  unsigned char *rec;
  unsigned b;
  for (; kseen < r->p3_k; ++kseen)
    if (p3_osp_random(rng) & 1)
      return;
  slot = p3_osp_find(r, cls, enc, nbytes, hash);
  v = p3_osp_slot_get(r, slot);
  if (v) {
    while (P3_OSP_REC_COUNT_(r, v - 1) >= P3_OSP_MAX_COUNT_) {
      p3_osp_resample(r, rng); /* halves this count: the record stays */
      if (p3_osp_random(rng) & 1) /* the new sample is thinned too */
        return;
      v = p3_osp_slot_get(r, p3_osp_find(r, cls, enc, nbytes, hash));
    }
    p3_osp_put16(r->p3_mem + v - 1, P3_OSP_REC_COUNT_(r, v - 1) + 1);
    r->p3_kept += 1;
    r->p3_samples += 1;
    p3_osp_cap_samples(r, rng);
    return;
  }
  if (need + 16 * r->p3_slot > r->p3_memory) { /* larger than the hot list */
    r->p3_dropped += 1;
    return;
  }
  for (;;) {
    if (p3_osp_cap_for(r->p3_entries + 1) <= r->p3_cap) {
      if (r->p3_rec_end + need + r->p3_cap * r->p3_slot <= r->p3_memory)
        break;
    } else if (r->p3_rec_end + need + r->p3_cap * 2 * r->p3_slot <=
               r->p3_memory) {
      p3_osp_reindex(r, r->p3_cap * 2);
      continue;
    }
    p3_osp_resample(r, rng);
    if (p3_osp_random(rng) & 1) /* the new sample is thinned too */
      return;
  }
  rec = r->p3_mem + r->p3_rec_end;
  p3_osp_put16(rec, 1);
  p3_osp_put16(rec + 2, nbytes);
  p3_osp_put16(rec + 4, cls | shown << 4);
  for (b = 0; b < nbytes; ++b)
    rec[P3_OSP_REC_HEAD_ + b] = enc[b];
  p3_osp_slot_set(r, p3_osp_find(r, cls, enc, nbytes, hash),
                  r->p3_rec_end + 1);
  r->p3_rec_end += need;
  r->p3_entries += 1;
  r->p3_kept += 1;
  r->p3_samples += 1;
  used = r->p3_rec_end + r->p3_cap * r->p3_slot;
  if (used > r->p3_peak)
    r->p3_peak = used;
  p3_osp_cap_samples(r, rng);
}

/* Maps the hot list and, after it, room to decode its longest subpath. */
static P3_UNUSED_ void p3_osp_hot_map(struct p3_osp_registry *r) {
  r->p3_mem = P3_CAST_(unsigned char *,
                       p3_osp_map(r->p3_memory + (4ULL << P3_OSP_MAX_CLASS_)));
  r->p3_decoded =
      r->p3_mem ? P3_CAST_(p3_osp_u32 *,
                           P3_CAST_(void *, r->p3_mem + r->p3_memory))
                : P3_NULL;
}

/* Empties the hot list (a forked child starts afresh). */
static P3_UNUSED_ void p3_osp_hot_clear(struct p3_osp_registry *r) {
  r->p3_rec_end = 0;
  r->p3_entries = 0;
  r->p3_samples = 0;
  r->p3_slot = p3_osp_slot_width(r->p3_memory);
  r->p3_cap = 16;
  if (r->p3_mem)
    p3_osp_reindex(r, 16);
  r->p3_peak = r->p3_cap * r->p3_slot;
  r->p3_k = r->p3_k0;
  r->p3_kept = r->p3_resamples = r->p3_dropped = 0;
}

/*===-- Writing files (async-signal-safe: open, write, rename, close) ------===*/

struct p3_osp_out {
  int p3_fd, p3_failed;
  unsigned p3_len;
  char p3_buf[4096];
};

static P3_UNUSED_ void p3_osp_flush(struct p3_osp_out *o) {
  unsigned done = 0;
  while (done < o->p3_len && !o->p3_failed) {
    long n = p3_osp_sys_write(o->p3_fd, o->p3_buf + done, o->p3_len - done);
    if (n > 0)
      done += P3_CAST_(unsigned, n);
    else if (n < 0 && *p3_osp_sys_errno() == 4) /* EINTR */
      continue;
    else
      o->p3_failed = 1;
  }
  o->p3_len = 0;
}

static P3_UNUSED_ void p3_osp_put(struct p3_osp_out *o, const char *s) {
  for (; *s; ++s) {
    if (o->p3_len == sizeof(o->p3_buf))
      p3_osp_flush(o);
    o->p3_buf[o->p3_len++] = *s;
  }
}

static P3_UNUSED_ void p3_osp_put_u64(struct p3_osp_out *o, p3_u64 v) {
  char tmp[24];
  int n = 23;
  tmp[23] = 0;
  do {
    tmp[--n] = P3_CAST_(char, '0' + v % 10);
    v /= 10;
  } while (v);
  p3_osp_put(o, tmp + n);
}

static P3_UNUSED_ void p3_osp_put_field(struct p3_osp_out *o, const char *name,
                                        p3_u64 v) {
  p3_osp_put(o, " ");
  p3_osp_put(o, name);
  p3_osp_put(o, " ");
  p3_osp_put_u64(o, v);
}

/* One line on stderr, written at once. */
static P3_UNUSED_ void p3_osp_warn(const char *a, const char *b,
                                   const char *c) {
  struct p3_osp_out o;
  o.p3_fd = 2;
  o.p3_failed = 0;
  o.p3_len = 0;
  p3_osp_put(&o, "p3: ");
  p3_osp_put(&o, a);
  p3_osp_put(&o, b);
  p3_osp_put(&o, c);
  p3_osp_put(&o, "\n");
  p3_osp_flush(&o);
}

/* strerror is not async-signal-safe: the common reasons, by number. */
static P3_UNUSED_ const char *p3_osp_errtext(int e) {
  switch (e) {
  case 2:
    return "': No such file or directory";
  case 13:
    return "': Permission denied";
  case 20:
    return "': Not a directory";
  case 28:
    return "': No space left on device";
  case 30:
    return "': Read-only file system";
  case 122:
    return "': Disk quota exceeded";
  default:
    return "'";
  }
}

/* DIR/p3-HASH-osp-PID.SUFFIX into BUF (at least 4096 + 64 bytes). */
static P3_UNUSED_ int p3_osp_path(struct p3_osp_registry *r, char *buf,
                                  const char *suffix) {
  struct p3_osp_out o;
  unsigned n = 0, k;
  o.p3_fd = -1;
  o.p3_failed = 0;
  o.p3_len = 0;
  p3_osp_put(&o, "p3-");
  p3_osp_put(&o, r->p3_hash ? r->p3_hash : "unknown");
  p3_osp_put(&o, "-osp-");
  p3_osp_put_u64(&o, P3_CAST_(p3_u64, p3_osp_sys_getpid()));
  p3_osp_put(&o, suffix);
  if (r->p3_dir_len + o.p3_len + 2 > sizeof(r->p3_dir) + 64)
    return 0;
  for (k = 0; k < r->p3_dir_len; ++k)
    buf[n++] = r->p3_dir[k];
  if (n && buf[n - 1] != '/')
    buf[n++] = '/';
  for (k = 0; k < o.p3_len; ++k)
    buf[n++] = o.p3_buf[k];
  buf[n] = 0;
  return 1;
}

static P3_UNUSED_ p3_u64 p3_osp_sum(struct p3_osp_registry *r, int which) {
  struct p3_osp_thread *t;
  p3_u64 s = 0;
  for (t = r->p3_first_thread; t; t = t->p3_next)
    s += which == 0 ? P3_OSP_LOAD_(&t->p3_blocks)
                    : which == 1 ? P3_OSP_LOAD_(&t->p3_starts)
                                 : P3_OSP_LOAD_(&t->p3_windows);
  /* The calling thread's blocks since its last slow path (other threads'
   * counters cannot be read from here). */
  t = p3_osp_self;
  if (which == 0 && t && !t->p3_busy && p3_osp_skip <= t->p3_armed)
    s += t->p3_armed - p3_osp_skip;
  return s;
}

/* Writes the hot list to its file (through a temporary file and a rename, so
 * that a reader never sees half a dump). Called with the registry locked. */
static P3_UNUSED_ void p3_osp_dump(struct p3_osp_registry *r,
                                   const char *why) {
  char path[sizeof(r->p3_dir) + 64], tmp[sizeof(r->p3_dir) + 64];
  struct p3_osp_out o;
  p3_u64 off;
  int err = *p3_osp_sys_errno();
  if (!r->p3_started || !r->p3_mem || r->p3_mode == P3_OSP_TRACE)
    return;
  if (!p3_osp_path(r, path, ".osp") || !p3_osp_path(r, tmp, ".osp.tmp")) {
    p3_osp_warn("cannot write the OSP hot list: P3_PROFILE_DIR is too long",
                "", "");
    return;
  }
  o.p3_fd = p3_osp_sys_open(tmp,
                            P3_OSP_O_WRONLY_ | P3_OSP_O_CREAT_ |
                                P3_OSP_O_TRUNC_ | P3_OSP_O_CLOEXEC_,
                            0644);
  o.p3_failed = 0;
  o.p3_len = 0;
  if (o.p3_fd < 0) {
    p3_osp_warn("cannot write the OSP hot list '", tmp,
                p3_osp_errtext(*p3_osp_sys_errno()));
    *p3_osp_sys_errno() = err;
    return;
  }
  r->p3_dumps += 1;
  p3_osp_put(&o, "P3OSP 1 ");
  p3_osp_put(&o, r->p3_hash ? r->p3_hash : "unknown");
  p3_osp_put(&o, " ");
  p3_osp_put_u64(&o, P3_CAST_(p3_u64, p3_osp_sys_getpid()));
  p3_osp_put(&o, "\ndump ");
  p3_osp_put_u64(&o, r->p3_dumps);
  p3_osp_put(&o, " ");
  p3_osp_put(&o, why);
  p3_osp_put(&o, "\nconfig mode ");
  p3_osp_put(&o, r->p3_mode == P3_OSP_SKIP ? "skip" : "sample");
  p3_osp_put_field(&o, "max_length", 1ULL << r->p3_max_class);
  p3_osp_put_field(&o, "memory", r->p3_memory);
  p3_osp_put_field(&o, "period", 1ULL << r->p3_k0);
  p3_osp_put_field(&o, "seed", r->p3_seed);
  p3_osp_put_field(&o, "max_samples", r->p3_max_samples);
  p3_osp_put(&o, "\nstate");
  p3_osp_put_field(&o, "period_log2", r->p3_k);
  p3_osp_put_field(&o, "blocks", p3_osp_sum(r, 0));
  p3_osp_put_field(&o, "starts", p3_osp_sum(r, 1));
  p3_osp_put_field(&o, "windows", p3_osp_sum(r, 2));
  p3_osp_put_field(&o, "kept", r->p3_kept);
  p3_osp_put_field(&o, "samples", r->p3_samples);
  p3_osp_put_field(&o, "resamples", r->p3_resamples);
  p3_osp_put_field(&o, "dropped", r->p3_dropped);
  p3_osp_put_field(&o, "entries", r->p3_entries);
  p3_osp_put_field(&o, "memory_used", r->p3_rec_end + r->p3_cap * r->p3_slot);
  p3_osp_put_field(&o, "memory_peak", r->p3_peak);
  p3_osp_put_field(&o, "threads", r->p3_threads);
  p3_osp_put(&o, "\n");
  for (off = 0; off < r->p3_rec_end; off += P3_OSP_REC_SIZE_(r, off)) {
    unsigned shape = P3_OSP_REC_SHAPE_(r, off), n = 1u << (shape & 15u),
             shown = shape >> 4u, i, got;
    p3_osp_put(&o, "s ");
    p3_osp_put_u64(&o, P3_OSP_REC_COUNT_(r, off));
    p3_osp_put(&o, " ");
    p3_osp_put_u64(&o, n);
    /* As it ran: blocks SHOWN.. of the least rotation, then 0..SHOWN-1
     * (decoded into the registry's buffer: this may run in a signal
     * handler, which holds the lock). */
    got = p3_osp_decode(P3_OSP_REC_BYTES_(r, off), P3_OSP_REC_NBYTES_(r, off),
                        n, r->p3_decoded);
    for (i = 0; i < got; ++i) {
      p3_osp_put(&o, " ");
      p3_osp_put_u64(&o, r->p3_decoded[(shown + i) & (n - 1)]);
    }
    p3_osp_put(&o, "\n");
  }
  p3_osp_put(&o, "end ");
  p3_osp_put_u64(&o, r->p3_entries);
  p3_osp_put(&o, "\n");
  p3_osp_flush(&o);
  if (p3_osp_sys_close(o.p3_fd) != 0)
    o.p3_failed = 1;
  if (o.p3_failed || p3_osp_sys_rename(tmp, path) != 0) {
    p3_osp_warn("cannot write the OSP hot list '", path,
                p3_osp_errtext(*p3_osp_sys_errno()));
    p3_osp_sys_unlink(tmp);
  }
  *p3_osp_sys_errno() = err;
}

/* Dumps asked for by a signal that found the lock taken, or by the clock. */
static P3_UNUSED_ void p3_osp_unlock_and_dump(struct p3_osp_registry *r) {
  long now;
  for (;;) {
    int due = r->p3_dump_requested;
    const char *why = "signal";
    if (!due && r->p3_interval) {
      now = p3_osp_sys_time(P3_NULL);
      if (now >= r->p3_next_dump) {
        r->p3_next_dump = now + r->p3_interval;
        due = 1;
        why = "timer";
      }
    }
    if (!due || r->p3_exited)
      break;
    r->p3_dump_requested = 0;
    p3_osp_dump(r, why);
  }
  p3_osp_unlock(&r->p3_lock);
  /* A signal that arrived between the check and the unlock. */
  if (r->p3_dump_requested && !r->p3_exited && p3_osp_trylock(&r->p3_lock)) {
    r->p3_dump_requested = 0;
    p3_osp_dump(r, "signal");
    p3_osp_unlock(&r->p3_lock);
  }
}

static P3_UNUSED_ void p3_osp_on_signal(int sig) {
  struct p3_osp_registry *r = &p3_osp_registry;
  (void)sig;
  if (r->p3_exited)
    return;
  if (p3_osp_trylock(&r->p3_lock)) {
    r->p3_dump_requested = 0;
    p3_osp_dump(r, "signal");
    p3_osp_unlock(&r->p3_lock);
  } else {
    r->p3_dump_requested = 1; /* whoever holds the lock dumps */
  }
}

/*===-- Traces (P3_OSP_MODE=trace: every block, for the exact counter) -----===*/

/* Called with the registry locked. */
static P3_UNUSED_ void p3_osp_trace_flush(struct p3_osp_registry *r,
                                          struct p3_osp_thread *t) {
  char path[sizeof(r->p3_dir) + 64];
  __SIZE_TYPE__ bytes = (t->p3_trace_len + 2) * 4, done = 0;
  const char *p = P3_CAST_(const char *, P3_CAST_(void *, t->p3_trace));
  if (!t->p3_trace || t->p3_trace_len == 0)
    return;
  if (r->p3_trace_fd < 0 && !r->p3_trace_failed) {
    if (p3_osp_path(r, path, ".trace"))
      r->p3_trace_fd = p3_osp_sys_open(
          path, P3_OSP_O_WRONLY_ | P3_OSP_O_CREAT_ | P3_OSP_O_TRUNC_ |
                    P3_OSP_O_CLOEXEC_,
          0644);
    if (r->p3_trace_fd < 0) {
      r->p3_trace_failed = 1;
      p3_osp_warn("cannot write the OSP trace '", path,
                  p3_osp_errtext(*p3_osp_sys_errno()));
    } else {
      struct p3_osp_out o;
      o.p3_fd = r->p3_trace_fd;
      o.p3_failed = 0;
      o.p3_len = 0;
      p3_osp_put(&o, "P3OSPTRACE 1 ");
      p3_osp_put(&o, r->p3_hash ? r->p3_hash : "unknown");
      p3_osp_put(&o, " ");
      p3_osp_put_u64(&o, P3_CAST_(p3_u64, p3_osp_sys_getpid()));
      p3_osp_put(&o, "\n");
      p3_osp_flush(&o);
    }
  }
  t->p3_trace[0] = t->p3_no;
  t->p3_trace[1] = t->p3_trace_len;
  while (r->p3_trace_fd >= 0 && done < bytes) {
    long n = p3_osp_sys_write(r->p3_trace_fd, p + done, bytes - done);
    if (n > 0)
      done += P3_CAST_(__SIZE_TYPE__, n);
    else if (!(n < 0 && *p3_osp_sys_errno() == 4))
      break;
  }
  t->p3_trace_len = 0;
}

/*===-- Start-up, threads, exit, fork --------------------------------------===*/

static P3_UNUSED_ p3_u64 p3_osp_env(const char *name, p3_u64 dflt, p3_u64 lo,
                                    p3_u64 hi, int sizes) {
  const char *s = p3_osp_sys_getenv(name), *c;
  p3_u64 v = 0;
  if (!s || !*s)
    return dflt;
  for (c = s; *c >= '0' && *c <= '9'; ++c) {
    if (v > (~0ULL - 9) / 10) {
      v = hi + 1;
      break;
    }
    v = v * 10 + P3_CAST_(p3_u64, *c - '0');
  }
  if (sizes && c != s && (*c == 'K' || *c == 'k'))
    v <<= 10, ++c;
  else if (sizes && c != s && (*c == 'M' || *c == 'm'))
    v <<= 20, ++c;
  if (c == s || *c || v < lo || v > hi) {
    p3_osp_warn("ignoring ", name, ": not a number in the allowed range "
                                   "(docs/osp.md); using the default");
    return dflt;
  }
  return v;
}

static P3_UNUSED_ unsigned p3_osp_log2_up(p3_u64 v) {
  unsigned k = 0;
  while ((1ULL << k) < v && k < 63)
    ++k;
  return k;
}

static P3_UNUSED_ int p3_osp_streq(const char *a, const char *b) {
  while (*a && *a == *b)
    ++a, ++b;
  return *a == *b;
}

static P3_UNUSED_ void p3_osp_exit_handler(void);
static P3_UNUSED_ void p3_osp_fork_child(void);
static P3_UNUSED_ void p3_osp_thread_end(void *);

static P3_UNUSED_ void p3_osp_configure(struct p3_osp_registry *r) {
  const char *mode = p3_osp_sys_getenv("P3_OSP_MODE");
  const char *sig = p3_osp_sys_getenv("P3_OSP_DUMP_SIGNAL");
  const char *env = p3_osp_sys_getenv("P3_PROFILE_DIR");
  unsigned n = 0, k;
  p3_u64 len;
  r->p3_mode = P3_OSP_SAMPLE;
  if (mode && p3_osp_streq(mode, "skip"))
    r->p3_mode = P3_OSP_SKIP;
  else if (mode && p3_osp_streq(mode, "trace"))
    r->p3_mode = P3_OSP_TRACE;
  else if (mode && *mode && !p3_osp_streq(mode, "sample"))
    p3_osp_warn("ignoring P3_OSP_MODE=", mode,
                " (use sample, skip or trace)");
  r->p3_memory = p3_osp_env("P3_OSP_MEMORY", P3_OSP_DEFAULT_MEMORY_, 1024,
                            1ULL << 34, 1) & ~7ULL;
  len = p3_osp_env("P3_OSP_MAX_LENGTH", P3_OSP_DEFAULT_MAX_LENGTH_, 2,
                   1ULL << P3_OSP_MAX_CLASS_, 0);
  r->p3_max_class = p3_osp_log2_up(len);
  if ((1ULL << r->p3_max_class) != len)
    p3_osp_warn("P3_OSP_MAX_LENGTH is not a power of two; rounded up", "",
                "");
  r->p3_mask = (1ULL << r->p3_max_class) - 1;
  r->p3_k0 = p3_osp_log2_up(p3_osp_env("P3_OSP_PERIOD", P3_OSP_DEFAULT_PERIOD_,
                                       1, 1ULL << P3_OSP_MAX_K_, 0));
  r->p3_k = r->p3_k0;
  r->p3_seed = p3_osp_env("P3_OSP_SEED", 0x5eed, 0, ~0ULL, 0);
  r->p3_max_samples = p3_osp_env("P3_OSP_SAMPLES", P3_OSP_DEFAULT_SAMPLES_, 0,
                                 ~0ULL, 1);
  r->p3_interval = P3_CAST_(unsigned, p3_osp_env("P3_OSP_DUMP_EVERY", 0, 1,
                                                 1000000, 0));
  r->p3_signal = 0;
  if (sig && *sig) {
    if (sig[0] == 'S' && sig[1] == 'I' && sig[2] == 'G')
      sig += 3;
    if (p3_osp_streq(sig, "USR1"))
      r->p3_signal = 10;
    else if (p3_osp_streq(sig, "USR2"))
      r->p3_signal = 12;
    else
      r->p3_signal = P3_CAST_(unsigned, p3_osp_env("P3_OSP_DUMP_SIGNAL", 0, 1,
                                                   64, 0));
  }
  /* The directory, resolved now (like the counting runtime). */
  if (!env)
    env = "";
  if (env[0] != '/' &&
      p3_osp_sys_getcwd_chk(r->p3_dir, sizeof(r->p3_dir), sizeof(r->p3_dir))) {
    while (r->p3_dir[n])
      ++n;
    if (env[0] && n && r->p3_dir[n - 1] != '/')
      r->p3_dir[n++] = '/';
  }
  for (k = 0; env[k] && n + 1 < sizeof(r->p3_dir); ++k)
    r->p3_dir[n++] = env[k];
  r->p3_dir[n] = 0;
  r->p3_dir_len = n;
}

/* Reads the configuration, maps the hot list and installs the handlers;
 * once per object. HASH may be null (a block ran before any constructor). */
static P3_UNUSED_ void p3_osp_start(const char *hash) {
  struct p3_osp_registry *r = &p3_osp_registry;
  p3_osp_lock(&r->p3_lock);
  if (hash && !r->p3_hash)
    r->p3_hash = hash;
  else if (hash && !p3_osp_streq(hash, r->p3_hash) && !r->p3_warned_hash) {
    r->p3_warned_hash = 1;
    p3_osp_warn("units of two OSP rewrites in one program: their block ids "
                "clash; the hot list is written under ",
                r->p3_hash, "");
  }
  if (r->p3_started) {
    p3_osp_unlock(&r->p3_lock);
    return;
  }
  r->p3_started = 1;
  r->p3_trace_fd = -1;
  p3_osp_configure(r);
  p3_osp_hot_map(r);
  if (!r->p3_mem)
    p3_osp_warn("cannot map the OSP hot list; no subpath is sampled", "", "");
  p3_osp_hot_clear(r);
  if (r->p3_interval)
    r->p3_next_dump = p3_osp_sys_time(P3_NULL) + r->p3_interval;
  if (p3_osp_sys_atexit(p3_osp_exit_handler) != 0)
    p3_osp_warn("cannot install the OSP exit handler", "", "");
  if (p3_osp_sys_pthread_atfork(P3_NULL, P3_NULL, p3_osp_fork_child) != 0)
    p3_osp_warn("cannot install the OSP fork handler", "", "");
#if P3_OSP_PER_THREAD_
  r->p3_have_key = p3_osp_sys_key_create(&r->p3_key, p3_osp_thread_end) == 0;
#endif
  if (r->p3_signal)
    p3_osp_sys_signal(P3_CAST_(int, r->p3_signal), p3_osp_on_signal);
  p3_osp_unlock(&r->p3_lock);
}

static P3_UNUSED_ void p3_osp_arm(struct p3_osp_thread *t, p3_u64 n) {
  t->p3_armed = n;
  p3_osp_skip = n;
}

/* A sampler for the calling thread: a free one, or a new mapping. */
static P3_UNUSED_ P3_OSP_COLD_ struct p3_osp_thread *
p3_osp_attach(struct p3_osp_registry *r) {
  struct p3_osp_thread *t;
  p3_u64 len, bytes;
  unsigned char *m;
  if (!r->p3_started)
    p3_osp_start(P3_NULL);
  len = r->p3_mask + 1;
  bytes = sizeof(struct p3_osp_thread) + sizeof(struct p3_osp_lz) +
          len * (4 + 4 + 2 + 2 + 1 + 4 + 5) + 64;
  if (r->p3_mode == P3_OSP_TRACE)
    bytes += (P3_OSP_TRACE_CHUNK_ + 2) * 4;
  p3_osp_lock(&r->p3_lock);
  for (t = r->p3_first_thread; t && t->p3_in_use; t = t->p3_next)
    ;
  if (!t) {
    m = P3_CAST_(unsigned char *, p3_osp_map(bytes));
    if (!m) {
      p3_osp_unlock(&r->p3_lock);
      return P3_NULL;
    }
    t = P3_CAST_(struct p3_osp_thread *, P3_CAST_(void *, m));
    t->p3_bytes = P3_CAST_(__SIZE_TYPE__, bytes);
    m += sizeof(struct p3_osp_thread); /* a multiple of 8 */
    t->p3_ring = P3_CAST_(p3_osp_u32 *, P3_CAST_(void *, m));
    t->p3_window = t->p3_ring + len;
    m = P3_CAST_(unsigned char *, P3_CAST_(void *, t->p3_window + len * 2));
    t->p3_trace = r->p3_mode == P3_OSP_TRACE
                      ? P3_CAST_(p3_osp_u32 *, P3_CAST_(void *, m))
                      : P3_NULL;
    if (t->p3_trace)
      m += (P3_OSP_TRACE_CHUNK_ + 2) * 4;
    t->p3_wheel = P3_CAST_(unsigned short *, P3_CAST_(void *, m));
    t->p3_lz = P3_CAST_(struct p3_osp_lz *,
                        P3_CAST_(void *, t->p3_wheel + len * 2));
    t->p3_lz->p3_prev = t->p3_wheel + len;
    t->p3_lz->p3_diff = t->p3_window + len;
    t->p3_kring = P3_CAST_(unsigned char *, P3_CAST_(void *, t->p3_lz + 1));
    t->p3_enc = t->p3_kring + len;
    t->p3_next = r->p3_first_thread;
    r->p3_first_thread = t;
  }
  t->p3_in_use = 1;
  t->p3_no = r->p3_threads++;
  t->p3_rng = r->p3_seed ^ (0x9e3779b97f4a7c15ULL * (t->p3_no + 1));
  t->p3_recording = 0;
  t->p3_active = 0;
  t->p3_busy = 0;
  t->p3_k_cached = ~0u;
  t->p3_trace_len = 0;
  for (len = 0; len <= r->p3_mask; ++len)
    t->p3_wheel[len] = 0;
  p3_osp_unlock(&r->p3_lock);
  p3_osp_self = t;
#if P3_OSP_PER_THREAD_
  if (r->p3_have_key)
    p3_osp_sys_setspecific(r->p3_key, t);
#endif
  return t;
}

static P3_UNUSED_ void p3_osp_thread_end(void *p) {
  struct p3_osp_registry *r = &p3_osp_registry;
  struct p3_osp_thread *t = P3_CAST_(struct p3_osp_thread *, p);
  if (!t->p3_busy && p3_osp_skip <= t->p3_armed)
    t->p3_blocks += t->p3_armed - p3_osp_skip; /* since the last slow path */
  p3_osp_lock(&r->p3_lock);
  if (r->p3_mode == P3_OSP_TRACE && !r->p3_exited)
    p3_osp_trace_flush(r, t);
  t->p3_in_use = 0;
  p3_osp_unlock(&r->p3_lock);
  p3_osp_self = P3_NULL;
  p3_osp_skip = ~0ULL; /* blocks run by later destructors are not seen */
}

static P3_UNUSED_ void p3_osp_exit_handler(void) {
  struct p3_osp_registry *r = &p3_osp_registry;
  struct p3_osp_thread *t;
  p3_osp_lock(&r->p3_lock);
  if (r->p3_mode == P3_OSP_TRACE) {
    for (t = r->p3_first_thread; t; t = t->p3_next)
      p3_osp_trace_flush(r, t);
    if (r->p3_trace_fd >= 0)
      p3_osp_sys_close(r->p3_trace_fd);
    r->p3_trace_fd = -1;
  } else {
    p3_osp_dump(r, "exit");
  }
  r->p3_exited = 1;
  p3_osp_unlock(&r->p3_lock);
}

/* A forked child reports only what it runs itself, under its own pid. */
static P3_UNUSED_ void p3_osp_fork_child(void) {
  struct p3_osp_registry *r = &p3_osp_registry;
  struct p3_osp_thread *t, *self = p3_osp_self;
  p3_u64 i;
  r->p3_lock = 0;
  r->p3_dump_requested = 0;
  r->p3_dumps = 0;
  r->p3_threads = 0;
  r->p3_trace_fd = -1;
  r->p3_trace_failed = 0;
  p3_osp_hot_clear(r);
  for (t = r->p3_first_thread; t; t = t->p3_next) {
    t->p3_in_use = 0;
    t->p3_blocks = t->p3_starts = t->p3_windows = 0;
  }
  if (self) {
    self->p3_in_use = 1;
    self->p3_no = r->p3_threads++;
    self->p3_rng ^= 0x9e3779b97f4a7c15ULL *
                    P3_CAST_(p3_u64, p3_osp_sys_getpid());
    self->p3_recording = 0;
    self->p3_active = 0;
    self->p3_trace_len = 0;
    for (i = 0; i <= r->p3_mask; ++i)
      self->p3_wheel[i] = 0;
    self->p3_draw_k = r->p3_k;
    p3_osp_arm(self, r->p3_mode == P3_OSP_TRACE
                         ? 1
                         : p3_osp_draw_skip(self, r->p3_k));
  }
  if (r->p3_interval)
    r->p3_next_dump = p3_osp_sys_time(P3_NULL) + r->p3_interval;
}

/*===-- The slow path --------------------------------------------------------===*/

/* The window of 2^CLS blocks that ends at ring position END is complete. */
static P3_UNUSED_ void p3_osp_window_done(struct p3_osp_registry *r,
                                          struct p3_osp_thread *t,
                                          p3_u64 end, unsigned cls) {
  unsigned n = 1u << cls, i, rot, nbytes;
  p3_u64 start = (end - n + 1) & r->p3_mask;
  unsigned kseen = t->p3_kring[start];
  t->p3_windows += 1;
  /* Thin to the current k before doing any work (again under the lock). */
  for (; kseen < P3_OSP_LOAD_(&r->p3_k); ++kseen)
    if (p3_osp_random(&t->p3_rng) & 1)
      return;
  for (i = 0; i < n; ++i)
    t->p3_window[i] = t->p3_ring[(start + i) & r->p3_mask];
  rot = p3_osp_least_rotation(t->p3_window, n);
  nbytes = p3_osp_encode(t->p3_window, n, rot, t->p3_enc, t->p3_lz);
  if (!r->p3_mem)
    return;
  p3_osp_lock(&r->p3_lock);
  p3_osp_hot_add(r, &t->p3_rng, cls, t->p3_enc, nbytes, kseen,
                 (n - rot) & (n - 1));
  p3_osp_unlock_and_dump(r);
}

static P3_UNUSED_ void p3_osp_record(struct p3_osp_registry *r,
                                     struct p3_osp_thread *t,
                                     p3_osp_u32 id) {
  p3_u64 p = t->p3_pos & r->p3_mask;
  unsigned m, n;
  t->p3_ring[p] = id;
  if (--t->p3_remaining == 0) { /* a window starts at this block */
    n = p3_osp_draw_class(p3_osp_random(&t->p3_rng), r->p3_max_class);
    t->p3_kring[p] = P3_CAST_(unsigned char, t->p3_draw_k);
    t->p3_wheel[(p + (1u << n) - 1) & r->p3_mask] |=
        P3_CAST_(unsigned short, 1u << n);
    t->p3_active += 1;
    t->p3_starts += 1;
    t->p3_draw_k = P3_OSP_LOAD_(&r->p3_k);
    t->p3_remaining = p3_osp_draw_skip(t, t->p3_draw_k);
  }
  m = t->p3_wheel[p];
  if (m) {
    t->p3_wheel[p] = 0;
    for (n = 1; m >> n; ++n) /* up to the longest window ending here */
      if (m & (1u << n)) {
        t->p3_active -= 1;
        p3_osp_window_done(r, t, p, n);
      }
  }
  t->p3_pos += 1;
  if (t->p3_active) {
    t->p3_recording = 1;
    p3_osp_arm(t, 1);
  } else {
    t->p3_recording = 0; /* skip to the next start */
    p3_osp_arm(t, t->p3_remaining);
  }
}

P3_OSP_API_ P3_OSP_COLD_ void p3_osp_slow_(p3_osp_u32 id);
P3_OSP_API_ P3_OSP_COLD_ void p3_osp_slow_(p3_osp_u32 id) {
  struct p3_osp_registry *r = &p3_osp_registry;
  struct p3_osp_thread *t = p3_osp_self;
  if (!t) {
    if (r->p3_exited || !(t = p3_osp_attach(r))) {
      p3_osp_skip = ~0ULL; /* no sampler: this thread is not sampled */
      return;
    }
    t->p3_armed = 1;
    t->p3_draw_k = r->p3_k;
    t->p3_remaining = r->p3_mode == P3_OSP_TRACE
                          ? 1
                          : p3_osp_draw_skip(t, t->p3_draw_k);
    t->p3_blocks += 1;
    t->p3_busy = 1;
    if (t->p3_remaining > 1 && r->p3_mode != P3_OSP_TRACE) {
      p3_osp_arm(t, t->p3_remaining - 1); /* this block is not a start */
      t->p3_busy = 0;
      return;
    }
  } else {
    if (t->p3_busy) { /* a signal handler ran instrumented code */
      p3_osp_skip = 1;
      return;
    }
    t->p3_busy = 1;
    t->p3_blocks += t->p3_armed;
    if (!t->p3_recording)
      t->p3_remaining = 1; /* the skip ran out: this block is a start */
  }
  if (r->p3_exited) {
    p3_osp_skip = ~0ULL;
  } else if (r->p3_mode == P3_OSP_SKIP) {
    t->p3_draw_k = r->p3_k;
    p3_osp_arm(t, p3_osp_draw_skip(t, t->p3_draw_k));
  } else if (r->p3_mode == P3_OSP_TRACE) {
    t->p3_trace[2 + t->p3_trace_len++] = id;
    if (t->p3_trace_len == P3_OSP_TRACE_CHUNK_) {
      p3_osp_lock(&r->p3_lock);
      p3_osp_trace_flush(r, t);
      p3_osp_unlock(&r->p3_lock);
    }
    p3_osp_arm(t, 1);
  } else {
    p3_osp_record(r, t, id);
  }
  if ((r->p3_dump_requested ||
       (r->p3_interval && p3_osp_sys_time(P3_NULL) >= r->p3_next_dump)) &&
      !r->p3_exited) {
    p3_osp_lock(&r->p3_lock);
    p3_osp_unlock_and_dump(r);
  }
  t->p3_busy = 0;
}

/*===-- What the rewriter emits ----------------------------------------------===*/

/* How the actions call the slow path.
 *
 * By default on x86-64 (gcc, clang; not with AVX-512, where a plain call is
 * used), from an asm statement that calls it through a thunk that saves and
 * restores every register a call may change (the integer registers, and
 * xmm0-15, or ymm0-15 in code compiled for AVX), steps over the red zone
 * (the asm may sit in a leaf function that keeps data below the stack
 * pointer) and aligns the stack. The asm declares that it changes the
 * counter and the flags, nothing else: the compiler then sees the action
 * touch only the counter, so it keeps the program's values in registers
 * across the action (no reloads after it, no spills around it). That is
 * exact: the slow path touches only the runtime's own state, which the
 * program never reads, and keeps errno; what it calls (libc) follows the
 * ABI and the thunk restores what the ABI lets it change. x87 registers are
 * not saved: the slow path and what it calls use none.
 *
 * -DP3_OSP_PLAIN_CALL: a plain call (the compiler then assumes the action
 * may change any memory and any call-clobbered register). -DP3_OSP_ASM_CALL:
 * the asm statement without the saving thunk, declaring the call-clobbered
 * registers (measured: more register pressure; docs/evaluation.md). */
/* The frame of both kinds of thunk below, NAME a string: a hidden weak
 * function in its own COMDAT section with a frame pointer (so that the
 * stack can be realigned) and the unwind notes of one; the body aligns the
 * stack and calls. */
#define P3_OSP_THUNK_PROLOGUE_(name)                                           \
  ".pushsection .text." name ",\"axG\",@progbits," name ",comdat\n"            \
  "\t.weak " name "\n"                                                         \
  "\t.hidden " name "\n"                                                       \
  "\t.type " name ", @function\n" name ":\n"                                  \
  "\t.cfi_startproc\n"                                                         \
  "\tpushq %rbp\n"                                                             \
  "\t.cfi_def_cfa_offset 16\n"                                                 \
  "\t.cfi_offset %rbp, -16\n"                                                  \
  "\tmovq %rsp, %rbp\n"                                                        \
  "\t.cfi_def_cfa_register %rbp\n"
#define P3_OSP_THUNK_EPILOGUE_(name)                                           \
  "\tleave\n"                                                                  \
  "\t.cfi_def_cfa %rsp, 8\n"                                                   \
  "\tret\n"                                                                    \
  "\t.cfi_endproc\n"                                                           \
  "\t.size " name ", .-" name "\n"                                             \
  "\t.popsection\n"
/* `asm inline` (gcc 9, clang 11): the compiler's inliner counts an asm
 * statement as as many instructions as its text has lines, and the actions'
 * out-of-line slow paths have 10 to 25: a function with a few actions looked
 * too big to inline (lua's precallC, setnodevector, luaS_hash, arrayindex
 * were inlined in the original and called in the copy). With `inline` the
 * asm counts as the smallest size; only inlining changes, never what runs
 * at a block (the sequence of actions and calls is the program's).
 * -DP3_OSP_NO_ASM_INLINE: without it, for measuring. */
#if !defined(P3_OSP_NO_ASM_INLINE) &&                                          \
    ((defined(__clang__) && __clang_major__ >= 11) ||                           \
     (!defined(__clang__) && defined(__GNUC__) && __GNUC__ >= 9))
#define P3_OSP_ASM_INLINE_ __inline__
#else
#define P3_OSP_ASM_INLINE_
#endif
#if defined(__x86_64__) && !defined(__TINYC__) && !defined(__AVX512F__) &&     \
    !defined(P3_OSP_PLAIN_CALL) && !defined(P3_OSP_ASM_CALL)
#define P3_OSP_THUNK_ 2
/* The thunks save the registers in a frame aligned to 64 bytes: the integer
 * registers at 0..71, the vector registers from 128 (offsets are assembler
 * expressions). */
#if defined(__AVX__)
#define P3_OSP_VMOV_ "vmovdqu "
#define P3_OSP_VREG_ "ymm"
#define P3_OSP_VSIZE_ "32"
#define P3_OSP_FRAME_ "640"
#define P3_OSP_SAVE_THUNK_ "p3_osp_slow_save_y_"
#define P3_OSP_SAVE_THUNK2_ "p3_osp_slow2_save_y_"
#define P3_OSP_SAVE_THUNK4_ "p3_osp_slow4_save_y_"
#else
#define P3_OSP_VMOV_ "movdqa "
#define P3_OSP_VREG_ "xmm"
#define P3_OSP_VSIZE_ "16"
#define P3_OSP_FRAME_ "384"
#define P3_OSP_SAVE_THUNK_ "p3_osp_slow_save_x_"
#define P3_OSP_SAVE_THUNK2_ "p3_osp_slow2_save_x_"
#define P3_OSP_SAVE_THUNK4_ "p3_osp_slow4_save_x_"
#endif
#define P3_OSP_GSAVE_(r, off) "\tmovq %" r ", " off "(%rsp)\n"
#define P3_OSP_GLOAD_(r, off) "\tmovq " off "(%rsp), %" r "\n"
#define P3_OSP_GPRS_(op)                                                       \
  op("rax", "0") op("rcx", "8") op("rdx", "16") op("rsi", "24")                \
      op("rdi", "32") op("r8", "40") op("r9", "48") op("r10", "56")            \
          op("r11", "64")
#define P3_OSP_VSAVE_(i)                                                       \
  "\t" P3_OSP_VMOV_ "%" P3_OSP_VREG_ #i ", 128+" P3_OSP_VSIZE_ "*" #i         \
  "(%rsp)\n"
#define P3_OSP_VLOAD_(i)                                                       \
  "\t" P3_OSP_VMOV_ "128+" P3_OSP_VSIZE_ "*" #i "(%rsp), %" P3_OSP_VREG_ #i   \
  "\n"
#define P3_OSP_VREGS_(op)                                                      \
  op(0) op(1) op(2) op(3) op(4) op(5) op(6) op(7) op(8) op(9) op(10) op(11)    \
      op(12) op(13) op(14) op(15)
/* A thunk NAME (a string) that calls TARGET with every call-clobbered
 * register saved. */
#define P3_OSP_DEFINE_SAVE_THUNK_(name, target)                                \
  __asm__(P3_OSP_THUNK_PROLOGUE_(name) "\tandq $-64, %rsp\n"                  \
          "\tsubq $" P3_OSP_FRAME_ ", %rsp\n" P3_OSP_GPRS_(P3_OSP_GSAVE_)      \
              P3_OSP_VREGS_(P3_OSP_VSAVE_) "\tcall " target "\n"              \
                  P3_OSP_GPRS_(P3_OSP_GLOAD_) P3_OSP_VREGS_(P3_OSP_VLOAD_)    \
                      P3_OSP_THUNK_EPILOGUE_(name))
P3_OSP_DEFINE_SAVE_THUNK_(P3_OSP_SAVE_THUNK_, "p3_osp_slow_");
/* The fast record (gcc 12, clang 14 and later; -DP3_OSP_NO_FAST_RECORD:
 * without it). While a window is open the counter is 1, so every block
 * enters the slow path; most of those blocks only go into the ring (no
 * window starts or ends there). The actions call a thunk that saves the
 * integer registers only, and a function compiled for the integer registers
 * only (target "general-regs-only": it touches no vector or x87 register)
 * records such a block itself, exactly as p3_osp_record does; any other
 * block goes on to p3_osp_slow_ through the thunk above, which saves the
 * vector registers too. The same slow paths run at the same blocks with the
 * same counter: ospcheck compares the copy with one built with
 * -DP3_OSP_NO_FAST_RECORD (the same hot lists, bit for bit). The names
 * depend on the vector registers saved (x or y), so that each translation
 * unit calls the variant that keeps its registers. */
#if !defined(P3_OSP_NO_FAST_RECORD) &&                                         \
    ((defined(__clang__) && __clang_major__ >= 14) ||                           \
     (!defined(__clang__) && defined(__GNUC__) && __GNUC__ >= 12))
#define P3_OSP_FAST_RECORD_ 1
#define P3_OSP_GRO_ __attribute((__target__("general-regs-only")))
#if defined(__AVX__)
#define P3_OSP_FAST1_ p3_osp_slow_g_y_
#define P3_OSP_FAST2_ p3_osp_slow2_g_y_
#define P3_OSP_FAST4_ p3_osp_slow4_g_y_
#define P3_OSP_ENTRY_THUNK_ "p3_osp_slow_gsave_y_"
#define P3_OSP_ENTRY_THUNK2_ "p3_osp_slow2_gsave_y_"
#define P3_OSP_ENTRY_THUNK4_ "p3_osp_slow4_gsave_y_"
#else
#define P3_OSP_FAST1_ p3_osp_slow_g_x_
#define P3_OSP_FAST2_ p3_osp_slow2_g_x_
#define P3_OSP_FAST4_ p3_osp_slow4_g_x_
#define P3_OSP_ENTRY_THUNK_ "p3_osp_slow_gsave_x_"
#define P3_OSP_ENTRY_THUNK2_ "p3_osp_slow2_gsave_x_"
#define P3_OSP_ENTRY_THUNK4_ "p3_osp_slow4_gsave_x_"
#endif
#define P3_OSP_STR_(x) #x
#define P3_OSP_XSTR_(x) P3_OSP_STR_(x)
/* A thunk NAME that calls TARGET with the integer registers a call may
 * change saved (and the stack realigned). */
#define P3_OSP_DEFINE_GSAVE_THUNK_(name, target)                               \
  __asm__(P3_OSP_THUNK_PROLOGUE_(name) "\tandq $-16, %rsp\n"                  \
                                       "\tsubq $80, %rsp\n" P3_OSP_GPRS_(     \
                                           P3_OSP_GSAVE_) "\tcall " target     \
                                       "\n" P3_OSP_GPRS_(P3_OSP_GLOAD_)        \
                                           P3_OSP_THUNK_EPILOGUE_(name))
P3_OSP_DEFINE_GSAVE_THUNK_(P3_OSP_ENTRY_THUNK_,
                           P3_OSP_XSTR_(P3_OSP_FAST1_));
P3_OSP_DEFINE_GSAVE_THUNK_(P3_OSP_ENTRY_THUNK2_,
                           P3_OSP_XSTR_(P3_OSP_FAST2_));
P3_OSP_DEFINE_GSAVE_THUNK_(P3_OSP_ENTRY_THUNK4_,
                           P3_OSP_XSTR_(P3_OSP_FAST4_));
P3_OSP_API_ P3_OSP_COLD_ P3_OSP_GRO_ void P3_OSP_FAST1_(p3_osp_u32 id);
P3_OSP_API_ P3_OSP_COLD_ P3_OSP_GRO_ void P3_OSP_FAST1_(p3_osp_u32 id) {
  struct p3_osp_registry *r = &p3_osp_registry;
  struct p3_osp_thread *t = p3_osp_self;
  p3_u64 p;
  /* What p3_osp_slow_ does for a block that is neither a start nor the end
   * of a window while windows are open (recording: the counter was 1), in
   * sample mode with no dump due: busy around the update, as there. */
  if (t && t->p3_recording && !t->p3_busy && t->p3_remaining > 1 &&
      r->p3_mode == P3_OSP_SAMPLE && !r->p3_exited &&
      !r->p3_dump_requested && !r->p3_interval) {
    p = t->p3_pos & r->p3_mask;
    if (!t->p3_wheel[p]) {
      t->p3_busy = 1;
      __asm__ __volatile__("" ::: "memory");
      t->p3_blocks += t->p3_armed;
      t->p3_ring[p] = id;
      t->p3_remaining -= 1;
      t->p3_pos += 1;
      t->p3_armed = 1; /* p3_osp_arm(t, 1): windows are still open */
      p3_osp_skip = 1;
      __asm__ __volatile__("" ::: "memory");
      t->p3_busy = 0;
      return;
    }
  }
  __asm__ __volatile__("leaq -128(%%rsp), %%rsp\n\t"
                       "call " P3_OSP_SAVE_THUNK_ "\n\t"
                       "leaq 128(%%rsp), %%rsp"
                       :
                       : "D"(P3_CAST_(unsigned long, id))
                       : "memory", "cc");
}
P3_OSP_API_ P3_OSP_COLD_ P3_OSP_GRO_ void
P3_OSP_FAST2_(p3_osp_u32 a, p3_osp_u32 b);
P3_OSP_API_ P3_OSP_COLD_ P3_OSP_GRO_ void
P3_OSP_FAST2_(p3_osp_u32 a, p3_osp_u32 b) {
  if (--p3_osp_skip == 0)
    P3_OSP_FAST1_(a);
  if (--p3_osp_skip == 0)
    P3_OSP_FAST1_(b);
}
P3_OSP_API_ P3_OSP_COLD_ P3_OSP_GRO_ void
P3_OSP_FAST4_(p3_osp_u32 a, p3_osp_u32 b, p3_osp_u32 c, p3_osp_u32 d);
P3_OSP_API_ P3_OSP_COLD_ P3_OSP_GRO_ void
P3_OSP_FAST4_(p3_osp_u32 a, p3_osp_u32 b, p3_osp_u32 c, p3_osp_u32 d) {
  if (--p3_osp_skip == 0)
    P3_OSP_FAST1_(a);
  if (--p3_osp_skip == 0)
    P3_OSP_FAST1_(b);
  if (--p3_osp_skip == 0)
    P3_OSP_FAST1_(c);
  if (d && --p3_osp_skip == 0)
    P3_OSP_FAST1_(d);
}
#else
#define P3_OSP_FAST_RECORD_ 0
#define P3_OSP_ENTRY_THUNK_ P3_OSP_SAVE_THUNK_
#define P3_OSP_ENTRY_THUNK2_ P3_OSP_SAVE_THUNK2_
#define P3_OSP_ENTRY_THUNK4_ P3_OSP_SAVE_THUNK4_
P3_OSP_DEFINE_SAVE_THUNK_(P3_OSP_SAVE_THUNK2_, "p3_osp_slow2_");
P3_OSP_DEFINE_SAVE_THUNK_(P3_OSP_SAVE_THUNK4_, "p3_osp_slow4_");
#endif
#define P3_OSP_CALL_SLOW_(id)                                                  \
  __asm__ __volatile__ P3_OSP_ASM_INLINE_("leaq -128(%%rsp), %%rsp\n\t"        \
                       "call " P3_OSP_ENTRY_THUNK_ "\n\t"                       \
                       "leaq 128(%%rsp), %%rsp"                                \
                       : "+m"(p3_osp_skip)                                     \
                       : "D"(P3_CAST_(unsigned long, (id)))                    \
                       : "cc")
#define P3_OSP_CALL_SLOW2_(a, b)                                               \
  __asm__ __volatile__ P3_OSP_ASM_INLINE_("leaq -128(%%rsp), %%rsp\n\t"        \
                       "call " P3_OSP_ENTRY_THUNK2_ "\n\t"                      \
                       "leaq 128(%%rsp), %%rsp"                                \
                       : "+m"(p3_osp_skip)                                     \
                       : "D"(P3_CAST_(unsigned long, (a))),                    \
                         "S"(P3_CAST_(unsigned long, (b)))                     \
                       : "cc")
#define P3_OSP_CALL_SLOW4_(a, b, c, d)                                         \
  __asm__ __volatile__ P3_OSP_ASM_INLINE_("leaq -128(%%rsp), %%rsp\n\t"        \
                       "call " P3_OSP_ENTRY_THUNK4_ "\n\t"                      \
                       "leaq 128(%%rsp), %%rsp"                                \
                       : "+m"(p3_osp_skip)                                     \
                       : "D"(P3_CAST_(unsigned long, (a))),                    \
                         "S"(P3_CAST_(unsigned long, (b))),                    \
                         "d"(P3_CAST_(unsigned long, (c))),                    \
                         "c"(P3_CAST_(unsigned long, (d)))                     \
                       : "cc")
#elif defined(__x86_64__) && !defined(__TINYC__) && defined(P3_OSP_ASM_CALL)
#define P3_OSP_THUNK_ 1
/* A thunk NAME that calls TARGET with the stack aligned (both spelled as
 * they are, stringized). */
#define P3_OSP_DEFINE_THUNK_(name, target)                                     \
  __asm__(P3_OSP_THUNK_PROLOGUE_(#name) "\tandq $-16, %rsp\n"                 \
                                        "\tcall " #target "\n"               \
              P3_OSP_THUNK_EPILOGUE_(#name))
P3_OSP_DEFINE_THUNK_(p3_osp_slow_thunk_, p3_osp_slow_);
P3_OSP_DEFINE_THUNK_(p3_osp_slow2_thunk_, p3_osp_slow2_);
P3_OSP_DEFINE_THUNK_(p3_osp_slow4_thunk_, p3_osp_slow4_);
#if defined(__AVX512F__)
#define P3_OSP_CLOBBER_AVX512_                                                 \
  , "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23",    \
      "xmm24", "xmm25", "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31",  \
      "k1", "k2", "k3", "k4", "k5", "k6", "k7"
#else
#define P3_OSP_CLOBBER_AVX512_
#endif
/* Runs p3_osp_slow_(ID): what the compiler sees it change is the counter. */
#define P3_OSP_CALL_SLOW_(id)                                                  \
  do {                                                                         \
    unsigned long p3_osp_arg_ = (id);                                          \
    __asm__ __volatile__ P3_OSP_ASM_INLINE_("leaq -128(%%rsp), %%rsp\n\t"      \
                         "call p3_osp_slow_thunk_\n\t"                          \
                         "leaq 128(%%rsp), %%rsp"                               \
                         : "+D"(p3_osp_arg_), "+m"(p3_osp_skip)                \
                         :                                                     \
                         : "rax", "rcx", "rdx", "rsi", "r8", "r9", "r10",      \
                           "r11", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4",      \
                           "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10",    \
                           "xmm11", "xmm12", "xmm13", "xmm14", "xmm15",        \
                           "cc" P3_OSP_CLOBBER_AVX512_);                       \
  } while (0)
#define P3_OSP_CALL_SLOW2_(a, b)                                               \
  do {                                                                         \
    unsigned long p3_osp_arg_ = (a), p3_osp_arg2_ = (b);                       \
    __asm__ __volatile__ P3_OSP_ASM_INLINE_("leaq -128(%%rsp), %%rsp\n\t"      \
                         "call p3_osp_slow2_thunk_\n\t"                         \
                         "leaq 128(%%rsp), %%rsp"                               \
                         : "+D"(p3_osp_arg_), "+S"(p3_osp_arg2_),              \
                           "+m"(p3_osp_skip)                                   \
                         :                                                     \
                         : "rax", "rcx", "rdx", "r8", "r9", "r10", "r11",      \
                           "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5",     \
                           "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11",   \
                           "xmm12", "xmm13", "xmm14", "xmm15",                 \
                           "cc" P3_OSP_CLOBBER_AVX512_);                       \
  } while (0)
#define P3_OSP_CALL_SLOW4_(a, b, c, d)                                         \
  do {                                                                         \
    unsigned long p3_osp_arg_ = (a), p3_osp_arg2_ = (b), p3_osp_arg3_ = (c),   \
                  p3_osp_arg4_ = (d);                                          \
    __asm__ __volatile__ P3_OSP_ASM_INLINE_("leaq -128(%%rsp), %%rsp\n\t"      \
                         "call p3_osp_slow4_thunk_\n\t"                         \
                         "leaq 128(%%rsp), %%rsp"                               \
                         : "+D"(p3_osp_arg_), "+S"(p3_osp_arg2_),              \
                           "+d"(p3_osp_arg3_), "+c"(p3_osp_arg4_),             \
                           "+m"(p3_osp_skip)                                   \
                         :                                                     \
                         : "rax", "r8", "r9", "r10", "r11", "xmm0", "xmm1",    \
                           "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",     \
                           "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", \
                           "xmm14", "xmm15", "cc" P3_OSP_CLOBBER_AVX512_);     \
  } while (0)
#else
#define P3_OSP_THUNK_ 0
#define P3_OSP_CALL_SLOW_(id) p3_osp_slow_(id)
#define P3_OSP_CALL_SLOW2_(a, b) p3_osp_slow2_((a), (b))
#define P3_OSP_CALL_SLOW4_(a, b, c, d) p3_osp_slow4_((a), (b), (c), (d))
#endif

/* The common path of a run of blocks in register mode as one subtract and
 * one branch. The compiler's form of `if (k <= n) slow; else k -= n` is a
 * compare, a branch and a subtract (the slow path needs k as it was). With
 * the saving thunks (x86-64, gcc or clang), P3_OSP_LBLOCK2/3/4 (and their
 * R, W, RW forms) are one asm statement instead: `subq $n, k; jbe` on the
 * common path, and out of line (.subsection 1: the same section, after the
 * function's code) the slow path: add n back (k is then exactly what the C
 * form hands the slow path), hand k to the thread's counter, load the ids
 * into the thunk's argument registers (saved and restored around the call:
 * the compiler sees the asm change only k and the counter), call the thunk,
 * take the counter back, jump back. The same counter values reach the same
 * slow paths at the same blocks as with the C form; -DP3_OSP_C_STEP compiles
 * the C form (ospcheck compares the two: the same hot lists, bit for bit, at
 * periods 1, 3 and 32). The single register action, `--k == 0`, already
 * compiles to a subtract and a branch. Not an `asm goto`: outputs on its
 * jump are recent (gcc 11, clang 16), and gcc 12 miscompiles a memory output
 * there. On the thread's counter the asm form is kept for measuring only
 * (-DP3_OSP_ASM_SHARED_STEP, below). */
#if P3_OSP_THUNK_ == 2 && !defined(P3_OSP_C_STEP)
#define P3_OSP_ASM_STEP_ 1
/* Out of line: save the argument registers (below the red zone), load the
 * ids, call THUNK, restore. */
#define P3_OSP_STEP_CALL_(thunk)                                               \
  "\tmovq %%rdi, (%%rsp)\n\tmovq %%rsi, 8(%%rsp)\n"                           \
  "\tmovq %%rdx, 16(%%rsp)\n\tmovq %%rcx, 24(%%rsp)\n"                        \
  "\tpushq %[p3_a]\n\tpushq %[p3_b]\n\tpushq %[p3_c]\n\tpushq %[p3_d]\n"      \
  "\tpopq %%rcx\n\tpopq %%rdx\n\tpopq %%rsi\n\tpopq %%rdi\n"                  \
  "\tcall " thunk "\n"                                                         \
  "\tmovq (%%rsp), %%rdi\n\tmovq 8(%%rsp), %%rsi\n"                           \
  "\tmovq 16(%%rsp), %%rdx\n\tmovq 24(%%rsp), %%rcx\n"                        \
  "\tleaq 160(%%rsp), %%rsp\n"
/* The ids: immediates where they are constants (always, in a copy), else
 * registers; pushed before any argument register is loaded. */
#define P3_OSP_STEP_IDS_(a, b, c, d)                                           \
  [p3_a] "ri"(P3_CAST_(unsigned long, (a))),                                   \
      [p3_b] "ri"(P3_CAST_(unsigned long, (b))),                               \
      [p3_c] "ri"(P3_CAST_(unsigned long, (c))),                               \
      [p3_d] "ri"(P3_CAST_(unsigned long, (d)))
/* The thread's counter: n = 1 (`je`: the C form's `--p3_osp_skip == 0`),
 * the slow path entered with the counter at 0. */
#define P3_OSP_SHARED_STEP1_(a)                                                \
  __asm__ __volatile__ P3_OSP_ASM_INLINE_("subq $1, %[p3_s]\n\tje 2f\n1:\n\t.subsection 1\n2:\n" \
                       "\tleaq -160(%%rsp), %%rsp\n" P3_OSP_STEP_CALL_(        \
                           P3_OSP_ENTRY_THUNK_) "\tjmp 1b\n\t.previous"         \
                       : [p3_s] "+m"(p3_osp_skip)                              \
                       : P3_OSP_STEP_IDS_(a, 0, 0, 0)                          \
                       : "cc")
/* The thread's counter, n = 2, 3 or 4 blocks. */
#define P3_OSP_SHARED_STEPN_(n, thunk, a, b, c, d)                             \
  __asm__ __volatile__ P3_OSP_ASM_INLINE_("subq $" #n ", %[p3_s]\n\tjbe 2f\n1:\n" \
                       "\t.subsection 1\n2:\n\taddq $" #n ", %[p3_s]\n"        \
                       "\tleaq -160(%%rsp), %%rsp\n" P3_OSP_STEP_CALL_(        \
                           thunk) "\tjmp 1b\n\t.previous"                      \
                       : [p3_s] "+m"(p3_osp_skip)                              \
                       : P3_OSP_STEP_IDS_(a, b, c, d)                          \
                       : "cc")
/* The local K (register mode), n = 2, 3 or 4 blocks: the slow path runs on
 * the thread's counter, set from K and read back. */
#define P3_OSP_LOCAL_STEPN_(k, n, thunk, a, b, c, d)                           \
  __asm__ __volatile__ P3_OSP_ASM_INLINE_("subq $" #n ", %[p3_k]\n\tjbe 2f\n1:\n" \
                       "\t.subsection 1\n2:\n\taddq $" #n ", %[p3_k]\n"        \
                       "\tmovq %[p3_k], %[p3_s]\n"                             \
                       "\tleaq -160(%%rsp), %%rsp\n" P3_OSP_STEP_CALL_(thunk)  \
                       "\tmovq %[p3_s], %[p3_k]\n\tjmp 1b\n\t.previous"        \
                       : [p3_k] "+r"(k), [p3_s] "+m"(p3_osp_skip)              \
                       : P3_OSP_STEP_IDS_(a, b, c, d)                          \
                       : "cc")
/* The local K, one block: `subq $1, k; je`, the slow path entered with K
 * at 0 (the C form's `--k == 0`). The C form compiles to the same common
 * path; as one asm statement (`asm inline`) the action also counts as one
 * instruction for the inliner, where the C form's cold path (a store, the
 * call, a load) made small functions look too big to inline. */
#define P3_OSP_LOCAL_STEP1_(k, a)                                              \
  __asm__ __volatile__ P3_OSP_ASM_INLINE_(                                     \
      "subq $1, %[p3_k]\n\tje 2f\n1:\n\t.subsection 1\n2:\n"                   \
      "\tmovq %[p3_k], %[p3_s]\n"                                              \
      "\tleaq -160(%%rsp), %%rsp\n" P3_OSP_STEP_CALL_(P3_OSP_ENTRY_THUNK_)      \
      "\tmovq %[p3_s], %[p3_k]\n\tjmp 1b\n\t.previous"                         \
      : [p3_k] "+r"(k), [p3_s] "+m"(p3_osp_skip)                               \
      : P3_OSP_STEP_IDS_(a, 0, 0, 0)                                           \
      : "cc")
#else
#define P3_OSP_ASM_STEP_ 0
#endif

/* The action at the start of block ID: one decrement, one rarely-taken
 * branch. A function, so that two actions in operands C leaves unsequenced
 * are indeterminately sequenced (as in the counting runtime); it inlines at
 * -O1. */
static P3_UNUSED_ void p3_osp_enter_(p3_osp_u32 id) {
  if (__builtin_expect(--p3_osp_skip == 0, 0))
    P3_OSP_CALL_SLOW_(id);
}
#define P3_OSP_BLOCK(id) p3_osp_enter_(id)
#if P3_OSP_ASM_STEP_ && defined(P3_OSP_ASM_SHARED_STEP)
/* The same as an asm statement (above), for measuring only: on the thread's
 * counter the asm must update memory at every action (a read-modify-write,
 * and a chain of store-to-load forwardings through a run of actions), where
 * the compiler's C form can keep the counter in a register between actions
 * and store it only; docs/evaluation.md measures the two. */
static P3_UNUSED_ P3_ALWAYS_INLINE_ void p3_osp_step1_(p3_osp_u32 a) {
  P3_OSP_SHARED_STEP1_(a);
}
static P3_UNUSED_ P3_ALWAYS_INLINE_ void p3_osp_step2_(p3_osp_u32 a,
                                                       p3_osp_u32 b) {
  P3_OSP_SHARED_STEPN_(2, P3_OSP_ENTRY_THUNK2_, a, b, 0, 0);
}
static P3_UNUSED_ P3_ALWAYS_INLINE_ void
p3_osp_step3_(p3_osp_u32 a, p3_osp_u32 b, p3_osp_u32 c) {
  P3_OSP_SHARED_STEPN_(3, P3_OSP_ENTRY_THUNK4_, a, b, c, 0);
}
static P3_UNUSED_ P3_ALWAYS_INLINE_ void
p3_osp_step4_(p3_osp_u32 a, p3_osp_u32 b, p3_osp_u32 c, p3_osp_u32 d) {
  P3_OSP_SHARED_STEPN_(4, P3_OSP_ENTRY_THUNK4_, a, b, c, d);
}
#undef P3_OSP_BLOCK
#define P3_OSP_BLOCK(id) p3_osp_step1_(id)
#endif

/* Two blocks entered one right after the other with nothing between (a loop
 * test's outcome and the block it always enters): exactly P3_OSP_BLOCK(a);
 * P3_OSP_BLOCK(b), with one test on the common path instead of two. The
 * counter is never 0 between actions, so it runs out in one of the two only
 * when it is at most 2. */
P3_OSP_API_ P3_OSP_COLD_ void p3_osp_slow2_(p3_osp_u32 a, p3_osp_u32 b);
P3_OSP_API_ P3_OSP_COLD_ void p3_osp_slow2_(p3_osp_u32 a, p3_osp_u32 b) {
  if (--p3_osp_skip == 0)
    p3_osp_slow_(a);
  if (--p3_osp_skip == 0)
    p3_osp_slow_(b);
}
static P3_UNUSED_ void p3_osp_enter2_(p3_osp_u32 a, p3_osp_u32 b) {
  if (__builtin_expect(p3_osp_skip <= 2, 0))
    P3_OSP_CALL_SLOW2_(a, b);
  else
    p3_osp_skip -= 2;
}

/* Three or four blocks that always run one after the other, with nothing
 * between their actions that runs a block or can leave the run (a loop
 * test's outcome, the body it enters and the increment after the body: the
 * rewriter's chains, lib/Instrument/BlockActions.h): exactly their actions
 * in order, with one test on the common path. Ids are never 0: a 0 ends
 * the list. */
P3_OSP_API_ P3_OSP_COLD_ void p3_osp_slow4_(p3_osp_u32 a, p3_osp_u32 b,
                                            p3_osp_u32 c, p3_osp_u32 d);
P3_OSP_API_ P3_OSP_COLD_ void p3_osp_slow4_(p3_osp_u32 a, p3_osp_u32 b,
                                            p3_osp_u32 c, p3_osp_u32 d) {
  if (--p3_osp_skip == 0)
    p3_osp_slow_(a);
  if (--p3_osp_skip == 0)
    p3_osp_slow_(b);
  if (--p3_osp_skip == 0)
    p3_osp_slow_(c);
  if (d && --p3_osp_skip == 0)
    p3_osp_slow_(d);
}
static P3_UNUSED_ void p3_osp_enter3_(p3_osp_u32 a, p3_osp_u32 b,
                                      p3_osp_u32 c) {
  if (__builtin_expect(p3_osp_skip <= 3, 0))
    P3_OSP_CALL_SLOW4_(a, b, c, 0);
  else
    p3_osp_skip -= 3;
}
static P3_UNUSED_ void p3_osp_enter4_(p3_osp_u32 a, p3_osp_u32 b,
                                      p3_osp_u32 c, p3_osp_u32 d) {
  if (__builtin_expect(p3_osp_skip <= 4, 0))
    P3_OSP_CALL_SLOW4_(a, b, c, d);
  else
    p3_osp_skip -= 4;
}
#if !defined(P3_OSP_UNFUSED) && P3_OSP_ASM_STEP_ &&                          \
    defined(P3_OSP_ASM_SHARED_STEP)
#define P3_OSP_BLOCK2(a, b) p3_osp_step2_((a), (b))
#define P3_OSP_BLOCK3(a, b, c) p3_osp_step3_((a), (b), (c))
#define P3_OSP_BLOCK4(a, b, c, d) p3_osp_step4_((a), (b), (c), (d))
#elif !defined(P3_OSP_UNFUSED)
#define P3_OSP_BLOCK2(a, b) p3_osp_enter2_((a), (b))
#define P3_OSP_BLOCK3(a, b, c) p3_osp_enter3_((a), (b), (c))
#define P3_OSP_BLOCK4(a, b, c, d) p3_osp_enter4_((a), (b), (c), (d))
#else /* for measuring what fusing saves: a test per block, as before */
#define P3_OSP_BLOCK2(a, b) (p3_osp_enter_(a), p3_osp_enter_(b))
#define P3_OSP_BLOCK3(a, b, c)                                                 \
  (p3_osp_enter_(a), p3_osp_enter_(b), p3_osp_enter_(c))
#define P3_OSP_BLOCK4(a, b, c, d)                                              \
  (p3_osp_enter_(a), p3_osp_enter_(b), p3_osp_enter_(c), p3_osp_enter_(d))
#endif

/* Register mode, in C functions that call nothing: the counter is copied
 * into a local first in the body, counted down there (a register, not a
 * memory update), and handed back on every way out. The local is assigned,
 * not passed by address, so that the compiler keeps it in a register; the
 * rewriter uses this mode only where every action is sequenced against the
 * others of its expression. */
static P3_UNUSED_ p3_u64 p3_osp_lstep_(p3_u64 k, p3_osp_u32 id) {
  if (__builtin_expect(--k == 0, 0)) {
    p3_osp_skip = 0;
    P3_OSP_CALL_SLOW_(id);
    k = p3_osp_skip;
  }
  return k;
}
static P3_UNUSED_ p3_u64 p3_osp_lstep2_(p3_u64 k, p3_osp_u32 a,
                                        p3_osp_u32 b) {
  if (__builtin_expect(k <= 2, 0)) {
    p3_osp_skip = k;
    P3_OSP_CALL_SLOW2_(a, b);
    return p3_osp_skip;
  }
  return k - 2;
}
static P3_UNUSED_ p3_u64 p3_osp_lstep4_(p3_u64 k, p3_u64 n, p3_osp_u32 a,
                                        p3_osp_u32 b, p3_osp_u32 c,
                                        p3_osp_u32 d) {
  if (__builtin_expect(k <= n, 0)) {
    p3_osp_skip = k;
    P3_OSP_CALL_SLOW4_(a, b, c, d);
    return p3_osp_skip;
  }
  return k - n;
}
#ifndef P3_OSP_SHARED_COUNTER
#define P3_OSP_LEAF p3_u64 p3_osp_k = p3_osp_skip
#if !defined(P3_OSP_UNFUSED) && P3_OSP_ASM_STEP_
#define P3_OSP_LBLOCK(id)                                                      \
  __extension__({ P3_OSP_LOCAL_STEP1_(p3_osp_k, (id)); })
#else
#define P3_OSP_LBLOCK(id) ((void)(p3_osp_k = p3_osp_lstep_(p3_osp_k, (id))))
#endif
#if !defined(P3_OSP_UNFUSED) && P3_OSP_ASM_STEP_
/* Statement expressions: the rewriter puts register-mode actions only where
 * they are sequenced against the rest of their expression. */
#define P3_OSP_LBLOCK2(a, b)                                                   \
  __extension__({                                                              \
    P3_OSP_LOCAL_STEPN_(p3_osp_k, 2, P3_OSP_ENTRY_THUNK2_, (a), (b), 0, 0);     \
  })
#define P3_OSP_LBLOCK3(a, b, c)                                                \
  __extension__({                                                              \
    P3_OSP_LOCAL_STEPN_(p3_osp_k, 3, P3_OSP_ENTRY_THUNK4_, (a), (b), (c), 0);   \
  })
#define P3_OSP_LBLOCK4(a, b, c, d)                                             \
  __extension__({                                                              \
    P3_OSP_LOCAL_STEPN_(p3_osp_k, 4, P3_OSP_ENTRY_THUNK4_, (a), (b), (c), (d)); \
  })
#elif !defined(P3_OSP_UNFUSED)
#define P3_OSP_LBLOCK2(a, b)                                                   \
  ((void)(p3_osp_k = p3_osp_lstep2_(p3_osp_k, (a), (b))))
#define P3_OSP_LBLOCK3(a, b, c)                                                \
  ((void)(p3_osp_k = p3_osp_lstep4_(p3_osp_k, 3, (a), (b), (c), 0)))
#define P3_OSP_LBLOCK4(a, b, c, d)                                             \
  ((void)(p3_osp_k = p3_osp_lstep4_(p3_osp_k, 4, (a), (b), (c), (d))))
#else
#define P3_OSP_LBLOCK2(a, b) (P3_OSP_LBLOCK(a), P3_OSP_LBLOCK(b))
#define P3_OSP_LBLOCK3(a, b, c)                                                \
  (P3_OSP_LBLOCK(a), P3_OSP_LBLOCK(b), P3_OSP_LBLOCK(c))
#define P3_OSP_LBLOCK4(a, b, c, d)                                             \
  (P3_OSP_LBLOCK(a), P3_OSP_LBLOCK(b), P3_OSP_LBLOCK(c), P3_OSP_LBLOCK(d))
#endif
#define P3_OSP_LEAVE ((void)(p3_osp_skip = p3_osp_k))
/* Register mode in C functions that call: the local is handed over around
 * calls by block (lib/Instrument/BlockActions.h). R: the action takes the
 * counter in from the thread first (a call may have run since the action
 * before); W: it hands the counter out after counting (a call may run, or
 * the function may be left, before the action after). Every call then runs
 * with the thread's counter exact, and every action counts the exact value:
 * the same starts and windows as with the shared counter. */
#if !defined(P3_OSP_UNFUSED) && P3_OSP_ASM_STEP_
#define P3_OSP_RBLOCK(id) ((void)(p3_osp_k = p3_osp_skip), P3_OSP_LBLOCK(id))
#define P3_OSP_WBLOCK(id) (P3_OSP_LBLOCK(id), (void)(p3_osp_skip = p3_osp_k))
#define P3_OSP_RWBLOCK(id)                                                     \
  ((void)(p3_osp_k = p3_osp_skip), P3_OSP_LBLOCK(id),                          \
   (void)(p3_osp_skip = p3_osp_k))
#else
#define P3_OSP_RBLOCK(id) ((void)(p3_osp_k = p3_osp_lstep_(p3_osp_skip, (id))))
#define P3_OSP_WBLOCK(id)                                                      \
  ((void)(p3_osp_skip = p3_osp_k = p3_osp_lstep_(p3_osp_k, (id))))
#define P3_OSP_RWBLOCK(id)                                                     \
  ((void)(p3_osp_skip = p3_osp_k = p3_osp_lstep_(p3_osp_skip, (id))))
#endif
#define P3_OSP_RBLOCK2(a, b)                                                   \
  ((void)(p3_osp_k = p3_osp_skip), P3_OSP_LBLOCK2((a), (b)))
#define P3_OSP_WBLOCK2(a, b)                                                   \
  (P3_OSP_LBLOCK2((a), (b)), (void)(p3_osp_skip = p3_osp_k))
#define P3_OSP_RWBLOCK2(a, b)                                                  \
  ((void)(p3_osp_k = p3_osp_skip), P3_OSP_LBLOCK2((a), (b)),                   \
   (void)(p3_osp_skip = p3_osp_k))
#define P3_OSP_RBLOCK3(a, b, c)                                                \
  ((void)(p3_osp_k = p3_osp_skip), P3_OSP_LBLOCK3((a), (b), (c)))
#define P3_OSP_WBLOCK3(a, b, c)                                                \
  (P3_OSP_LBLOCK3((a), (b), (c)), (void)(p3_osp_skip = p3_osp_k))
#define P3_OSP_RWBLOCK3(a, b, c)                                               \
  ((void)(p3_osp_k = p3_osp_skip), P3_OSP_LBLOCK3((a), (b), (c)),              \
   (void)(p3_osp_skip = p3_osp_k))
#define P3_OSP_RBLOCK4(a, b, c, d)                                             \
  ((void)(p3_osp_k = p3_osp_skip), P3_OSP_LBLOCK4((a), (b), (c), (d)))
#define P3_OSP_WBLOCK4(a, b, c, d)                                             \
  (P3_OSP_LBLOCK4((a), (b), (c), (d)), (void)(p3_osp_skip = p3_osp_k))
#define P3_OSP_RWBLOCK4(a, b, c, d)                                            \
  ((void)(p3_osp_k = p3_osp_skip), P3_OSP_LBLOCK4((a), (b), (c), (d)),         \
   (void)(p3_osp_skip = p3_osp_k))
#else
/* -DP3_OSP_SHARED_COUNTER: every action on the thread's counter, as in
 * functions without register mode (tests compare the two: the same hot
 * lists, bit for bit; benchmarks measure what register mode saves). */
#define P3_OSP_LEAF P3_UNUSED_ p3_u64 p3_osp_k = 0
#define P3_OSP_LBLOCK(id) P3_OSP_BLOCK(id)
#define P3_OSP_LBLOCK2(a, b) P3_OSP_BLOCK2((a), (b))
#define P3_OSP_LEAVE ((void)0)
#define P3_OSP_RBLOCK(id) P3_OSP_BLOCK(id)
#define P3_OSP_WBLOCK(id) P3_OSP_BLOCK(id)
#define P3_OSP_RWBLOCK(id) P3_OSP_BLOCK(id)
#define P3_OSP_RBLOCK2(a, b) P3_OSP_BLOCK2((a), (b))
#define P3_OSP_WBLOCK2(a, b) P3_OSP_BLOCK2((a), (b))
#define P3_OSP_RWBLOCK2(a, b) P3_OSP_BLOCK2((a), (b))
#define P3_OSP_LBLOCK3(a, b, c) P3_OSP_BLOCK3((a), (b), (c))
#define P3_OSP_RBLOCK3(a, b, c) P3_OSP_BLOCK3((a), (b), (c))
#define P3_OSP_WBLOCK3(a, b, c) P3_OSP_BLOCK3((a), (b), (c))
#define P3_OSP_RWBLOCK3(a, b, c) P3_OSP_BLOCK3((a), (b), (c))
#define P3_OSP_LBLOCK4(a, b, c, d) P3_OSP_BLOCK4((a), (b), (c), (d))
#define P3_OSP_RBLOCK4(a, b, c, d) P3_OSP_BLOCK4((a), (b), (c), (d))
#define P3_OSP_WBLOCK4(a, b, c, d) P3_OSP_BLOCK4((a), (b), (c), (d))
#define P3_OSP_RWBLOCK4(a, b, c, d) P3_OSP_BLOCK4((a), (b), (c), (d))
#endif

/* Once per rewritten file: starts the sampler at start-up (and names the
 * manifest its files belong to). Complete definitions: no ';' after it. */
#define P3_OSP_UNIT(n, hash)                                                   \
  static void p3_osp_init_##n(void) P3_CTOR_;                                  \
  static void p3_osp_init_##n(void) { p3_osp_start(hash); }

#ifdef __cplusplus
}
#endif

#endif /* P3_OSP */

/* tcc: the "return" of files with guarded functions (P3_ENTER_GUARDED above).
 * Outside the header's guard: a translation unit may include a file with such
 * functions after one without. Functions without a guard see the null
 * p3_return_guard_ and count nothing. */
#if defined(P3_RETURN_GUARDS) && defined(__TINYC__) &&                         \
    !defined(__cplusplus) && !defined(P3_RETURN_GUARDS_ON_)
#define P3_RETURN_GUARDS_ON_
static struct p3_exit_guard *const p3_return_guard_ = 0;
#define return                                                                 \
  if (p3_return_guard_ && (p3_exit_guard_fire(p3_return_guard_), 0))           \
    ;                                                                          \
  else                                                                         \
    return
#endif
