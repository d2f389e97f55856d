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
 *    units in another object's registry; tcc ignores the visibility).
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
};

/* COUNTS has num_ids + 1 elements: one per id, and a last one, the dropped
 * slot, for every id at or above num_ids. The rewriter's numbering keeps
 * every id below num_ids, so the slot stays at zero unless a copy does not
 * match its manifest; with it, counting needs no test that calls out of
 * line. The length comes from the array itself, so a wrong num_ids can never
 * write out of bounds. */
#define P3_FUNCTION(index, num_ids, counts)                                    \
  {(index), (num_ids), sizeof(counts) / sizeof((counts)[0]) - 1, (counts),     \
   P3_NULL, 0, 0, 0, 0, 0, 0, 0, P3_NULL}
#define P3_FUNCTION_HASHED(index, num_ids)                                     \
  {(index), (num_ids), 0, P3_NULL, P3_NULL, 0, 0, 0, 0, 0, 0, 0, P3_NULL}

struct p3_unit {
  struct p3_function *p3_functions;
  p3_u64 p3_num_functions;
  unsigned p3_copy;
  const char *p3_hash;
  int p3_counts_probes; /* compiled with P3_COUNT_PROBES */
  int p3_done;          /* scratch while writing the profile */
  struct p3_unit *p3_next;
};

struct p3_registry {
  struct p3_unit *p3_first;
  struct p3_unit *p3_last;
  int p3_started; /* exit and fork handlers installed */
  int p3_finalized; /* handlers removed: the object is going away */
  int p3_dumped;
  int p3_lock;
  int p3_dir_too_long;
  /* The output directory, resolved once at start-up so that chdir or
   * environment changes by the program do not move the profile. Empty:
   * the working directory at exit (getcwd failed). */
  char p3_dir[4096];
};

/* (Declared first for -Wmissing-variable-declarations.) */
extern struct p3_registry p3_registry;
__attribute((__weak__, __visibility__("hidden"))) struct p3_registry
    p3_registry;
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

/* Counting in a hashed function (one with more ids than the array limit).
 * Never inlined: it is large, and inlined into every count it would make the
 * callers' fast paths large too. Not cold either: a hashed function may be
 * hot. Never fails: when no memory can be had, the count goes to p3_lost,
 * which the profile reports. */
static P3_UNUSED_ P3_NOINLINE_ void p3_hash_count(struct p3_function *f,
                                                 p3_u64 id) {
  struct p3_slot *s = P3_NULL, *old = P3_NULL;
  p3_u64 old_cap = 0;
  int tried = 0;
  if (id >= f->p3_num_ids) {
    P3_INC_(&f->p3_dropped);
    return;
  }
  p3_lock(&f->p3_lock);
  for (;;) {
    if (f->p3_cap != 0) {
      s = p3_find(f->p3_slots, f->p3_cap, id);
      if (s->p3_count != 0) {
        ++s->p3_count;
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
    ++f->p3_lost;
    break;
  insert:
    s->p3_id = id;
    s->p3_count = 1;
    ++f->p3_used;
    break;
  }
  p3_unlock(&f->p3_lock);
  p3_free_slots(old, old_cap);
}

/* Counting through the record, for the rare counts that do not come from
 * the inline fast path (P3_ENTER_GUARDED's cleanup). */
static P3_UNUSED_ void p3_count(struct p3_function *f, p3_u64 id) {
  if (!f->p3_counts)
    p3_hash_count(f, id);
  else
    P3_INC_(&f->p3_counts[id < f->p3_array_len ? id : f->p3_array_len]);
}

/* Executions of F with an id at or above its number of ids. */
static P3_UNUSED_ p3_u64 p3_dropped_of(struct p3_function *f) {
  return f->p3_counts ? P3_LOAD_(&f->p3_counts[f->p3_array_len])
                      : P3_LOAD_(&f->p3_dropped);
}

/* Count of Id in F, for merging functions that several units share. */
static P3_UNUSED_ p3_u64 p3_lookup(struct p3_function *f, p3_u64 id) {
  p3_u64 c = 0;
  if (id < f->p3_array_len)
    return P3_LOAD_(&f->p3_counts[id]);
  p3_lock(&f->p3_lock);
  if (f->p3_cap != 0)
    c = p3_find(f->p3_slots, f->p3_cap, id)->p3_count;
  p3_unlock(&f->p3_lock);
  return c;
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
  p3_put(o, tmp + n);
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

/* Stable merge sort of a p3_next list by manifest index, so that the
 * functions several units share (inline functions in headers) become
 * adjacent without allocating anything at exit. */
static P3_UNUSED_ struct p3_function *p3_sort(struct p3_function *l) {
  struct p3_function *slow, *fast, *b, *out = P3_NULL, **tail = &out;
  if (!l || !l->p3_next)
    return l;
  slow = l;
  fast = l->p3_next;
  while (fast && fast->p3_next) {
    slow = slow->p3_next;
    fast = fast->p3_next->p3_next;
  }
  b = slow->p3_next;
  slow->p3_next = P3_NULL;
  l = p3_sort(l);
  b = p3_sort(b);
  while (l && b) {
    if (b->p3_index < l->p3_index) {
      *tail = b;
      b = b->p3_next;
    } else {
      *tail = l;
      l = l->p3_next;
    }
    tail = &(*tail)->p3_next;
  }
  *tail = l ? l : b;
  return out;
}

/* Writes the record of (G's index, Id) unless an earlier function of the
 * group already wrote it; its count is the sum over the group. */
static P3_UNUSED_ void p3_put_record(struct p3_out *o, struct p3_function *g0,
                                     struct p3_function *g, p3_u64 id,
                                     p3_u64 count, p3_u64 *records) {
  struct p3_function *h;
  for (h = g0; h != g; h = h->p3_next)
    if (p3_lookup(h, id) != 0)
      return;
  for (h = g->p3_next; h && h->p3_index == g->p3_index; h = h->p3_next)
    count += p3_lookup(h, id);
  p3_put_u64(o, g->p3_index);
  p3_put(o, " ");
  p3_put_u64(o, id);
  p3_put(o, " ");
  p3_put_u64(o, count);
  p3_put(o, "\n");
  ++*records;
}

/* Writes the section of the units with U's (hash, copy), marking them done.
 * Returns the counts lost in it. */
static P3_UNUSED_ p3_u64 p3_put_section(struct p3_out *o, struct p3_unit *u,
                                        p3_u64 pid) {
  struct p3_function *list = P3_NULL, **tail = &list, *g, *g0 = P3_NULL, *f;
  struct p3_unit *v;
  p3_u64 i, records = 0, probes = 0, lost, total_lost = 0;
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
  for (g = list; g; g = g->p3_next) {
    if (!g0 || g0->p3_index != g->p3_index)
      g0 = g;
    for (i = 0; i < g->p3_array_len; ++i) {
      p3_u64 c = P3_LOAD_(&g->p3_counts[i]);
      if (c != 0)
        p3_put_record(o, g0, g, i, c, &records);
    }
    p3_lock(&g->p3_lock);
    for (i = 0; i < g->p3_cap; ++i)
      if (g->p3_slots[i].p3_count != 0)
        p3_put_record(o, g0, g, g->p3_slots[i].p3_id,
                      g->p3_slots[i].p3_count, &records);
    p3_unlock(&g->p3_lock);
  }
  for (g = list; g; g = f) {
    p3_u64 dropped = 0;
    for (f = g; f && f->p3_index == g->p3_index; f = f->p3_next)
      dropped += p3_dropped_of(f);
    if (dropped != 0) {
      p3_put(o, "dropped ");
      p3_put_u64(o, g->p3_index);
      p3_put(o, " ");
      p3_put_u64(o, dropped);
      p3_put(o, "\n");
    }
  }
  for (g = list; g; g = f) {
    lost = 0;
    for (f = g; f && f->p3_index == g->p3_index; f = f->p3_next) {
      p3_lock(&f->p3_lock);
      lost += f->p3_lost;
      p3_unlock(&f->p3_lock);
    }
    if (lost != 0) {
      p3_put(o, "lost ");
      p3_put_u64(o, g->p3_index);
      p3_put(o, " ");
      p3_put_u64(o, lost);
      p3_put(o, "\n");
      total_lost += lost;
    }
  }
  if (all_probes) {
    p3_put(o, "probes ");
    p3_put_u64(o, probes);
    p3_put(o, "\n");
  }
  p3_put(o, "end ");
  p3_put_u64(o, records);
  p3_put(o, "\n");
  return total_lost;
}

static P3_UNUSED_ void p3_dump(struct p3_registry *r) {
  struct p3_out o, msg;
  struct p3_unit *u;
  char path[sizeof(r->p3_dir) + 128];
  unsigned n = 0, k;
  p3_u64 pid = P3_CAST_(p3_u64, p3_sys_getpid()), lost = 0;
  if (r->p3_dumped || !r->p3_first)
    return;
  r->p3_dumped = 1;

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
  for (u = r->p3_first; u; u = u->p3_next)
    if (!u->p3_done)
      lost += p3_put_section(&o, u, pid);
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
  if (lost != 0) {
    msg.p3_file = P3_NULL;
    msg.p3_failed = 0;
    msg.p3_len = 0;
    p3_put_u64(&msg, lost);
    msg.p3_buf[msg.p3_len] = 0;
    p3_warn(msg.p3_buf, " path counts lost (out of memory), see the 'lost' "
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
static P3_UNUSED_ void p3_fork_child(void) {
  struct p3_unit *u;
  struct p3_function *f;
  p3_u64 i, j;
  p3_registry.p3_lock = 0;
  for (u = p3_registry.p3_first; u; u = u->p3_next)
    for (i = 0; i < u->p3_num_functions; ++i) {
      f = &u->p3_functions[i];
      if (f->p3_counts)
        for (j = 0; j <= f->p3_array_len; ++j)
          f->p3_counts[j] = 0;
      p3_free_slots(f->p3_slots, f->p3_cap);
      f->p3_slots = P3_NULL;
      f->p3_cap = f->p3_used = f->p3_lost = f->p3_dropped = f->p3_probes = 0;
      f->p3_lock = f->p3_growing = 0;
    }
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
static P3_UNUSED_ void p3_register(struct p3_unit *u) {
  struct p3_registry *r = &p3_registry;
  p3_lock(&r->p3_lock);
  if (!r->p3_started) {
    r->p3_started = 1;
    p3_resolve_dir(r);
#ifdef __TINYC__
    if (p3_sys_cxa_atexit(p3_exit_handler, r, r) != 0)
      p3_warn("cannot install the exit handler; the raw profile will be "
              "written only if the program returns from main", "", "", "");
#endif
    if (p3_sys_register_atfork(P3_NULL, P3_NULL, p3_fork_child, r) != 0)
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
      P3_UNIT_PROBES_, 0, P3_NULL};                                            \
  static void p3_init_##table(void) P3_CTOR_;                                  \
  static void p3_init_##table(void) { p3_register(&p3_unit_##table); }         \
  static void p3_fini_##table(void) P3_DTOR_;                                  \
  static void p3_fini_##table(void) { p3_unload(&p3_registry); }

/* The COUNTS argument of P3_ENTER for a hashed function: one element, so no
 * id has a slot and every count goes to the hash table. */
static P3_UNUSED_ p3_u64 p3_hashed_[1];
#define P3_HASHED p3_hashed_

/* First in the function body, followed by ';'. One probe. COUNTS is the
 * function's counter array (P3_FUNCTION) or P3_HASHED. p3_a points to the
 * array with its type, so that its length is a constant at every count. */
#define P3_ENTER(table, i, counts)                                             \
  struct p3_function *const p3_f P3_UNUSED_ = &(table)[i];                     \
  p3_u64(*const p3_a)[sizeof(counts) / sizeof((counts)[0])] P3_UNUSED_ =       \
      &(counts);                                                               \
  p3_u64 p3_r P3_UNUSED_ = (P3_PROBE_, P3_CAST_(p3_u64, 0))

/* Ids with a slot of their own in p3_a; the one after them is the dropped
 * slot. 0 for a hashed function. */
#define P3_LEN_ (sizeof(*p3_a) / sizeof((*p3_a)[0]) - 1)

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

/* Counts the path id ID: one increment of the array, at an index the
 * compiler can often prove in range. The choice between array and hash
 * table is a constant, decided at compile time. */
#define P3_TALLY_(id)                                                          \
  (P3_LEN_ == 0 ? p3_hash_count(p3_f, (id))                                    \
                : P3_INC_(&(*p3_a)[P3_SLOT_((id), P3_LEN_)]))

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

static P3_UNUSED_ void p3_local_flush_(struct p3_local *l) {
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

static P3_UNUSED_ void p3_run_flush_(struct p3_run *r) {
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
 * then counted when its frame is left, by GNU C's cleanup attribute (the
 * rewriter only does this for C, where a return is the only way a cleanup
 * runs; exit, abort and longjmp run none). One probe per return, like the
 * counter it replaces. tcc ignores the attribute, so it refuses to build. */
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

#if defined(__TINYC__)
#define P3_ENTER_GUARDED(table, i, counts)                                     \
  P3_ENTER(table, i, counts);                                                  \
  p3_returns_inside_macros_need_the_cleanup_attribute_which_tcc_ignores
#else
#define P3_ENTER_GUARDED(table, i, counts)                                     \
  P3_ENTER(table, i, counts);                                                  \
  struct p3_exit_guard p3_g                                                    \
      __attribute((__cleanup__(p3_exit_guard_fire))) P3_UNUSED_ = {p3_f, &p3_r}
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
