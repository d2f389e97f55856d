//===- RuntimeSampler.cpp - The runtime's OSP sampler, callable from tests ===//

#define P3_OSP 1
#include "p3_runtime.h"

#include "RuntimeSampler.h"

#include <cstdlib>
#include <cstring>
#include <sys/mman.h>

namespace rt {

unsigned leastRotation(const std::vector<uint32_t> &S) {
  return p3_osp_least_rotation(S.data(), unsigned(S.size()));
}

std::vector<unsigned char> encode(const std::vector<uint32_t> &S,
                                  unsigned Rotation) {
  std::vector<unsigned char> Out(S.size() * 5 + 8);
  // One work area for every call, as a thread's: windows that came before
  // must not change the encoding.
  static std::vector<unsigned short> Prev(1u << P3_OSP_MAX_CLASS_);
  static std::vector<uint32_t> Diff(1u << P3_OSP_MAX_CLASS_);
  static struct p3_osp_lz Work = {0, {0}, Diff.data(), Prev.data()};
  Out.resize(
      p3_osp_encode(S.data(), unsigned(S.size()), Rotation, Out.data(), &Work));
  return Out;
}

std::vector<uint32_t> decode(const std::vector<unsigned char> &Bytes,
                             unsigned N) {
  std::vector<uint32_t> Out(N);
  Out.resize(
      p3_osp_decode(Bytes.data(), unsigned(Bytes.size()), N, Out.data()));
  return Out;
}

double ln(double X) { return p3_osp_ln(X); }

Stream::Stream(uint64_t Seed) {
  auto *S = new struct p3_osp_thread();
  S->p3_rng = Seed;
  S->p3_k_cached = ~0u;
  T = S;
}
Stream::~Stream() { delete static_cast<struct p3_osp_thread *>(T); }
uint64_t Stream::skip(unsigned K) {
  return p3_osp_draw_skip(static_cast<struct p3_osp_thread *>(T), K);
}
unsigned Stream::lengthClass(unsigned MaxClass) {
  return p3_osp_draw_class(
      p3_osp_random(&static_cast<struct p3_osp_thread *>(T)->p3_rng), MaxClass);
}
uint64_t Stream::halve(uint64_t N) {
  return p3_osp_halve(&static_cast<struct p3_osp_thread *>(T)->p3_rng, N);
}

HotList::HotList(uint64_t Memory, unsigned K0, uint64_t Seed) : Rng(Seed) {
  auto *Reg = new struct p3_osp_registry();
  Reg->p3_memory = Memory & ~7ULL;
  Reg->p3_k0 = K0;
  Reg->p3_slot = p3_osp_slot_width(Reg->p3_memory);
  p3_osp_hot_map(Reg);
  p3_osp_hot_clear(Reg);
  R = Reg;
}

HotList::~HotList() {
  auto *Reg = static_cast<struct p3_osp_registry *>(R);
  munmap(Reg->p3_mem, Reg->p3_memory + (4u << P3_OSP_MAX_CLASS_));
  delete Reg;
}

void HotList::add(const std::vector<uint32_t> &S, unsigned KSeen) {
  std::vector<unsigned char> Enc = encode(S, 0);
  unsigned Class = 0;
  while ((1u << Class) < S.size())
    ++Class;
  p3_osp_hot_add(static_cast<struct p3_osp_registry *>(R), &Rng, Class,
                 Enc.data(), unsigned(Enc.size()), KSeen, 0);
}

unsigned HotList::k() const { return static_cast<struct p3_osp_registry *>(R)->p3_k; }
uint64_t HotList::used() const {
  auto *Reg = static_cast<struct p3_osp_registry *>(R);
  return Reg->p3_rec_end + Reg->p3_cap * Reg->p3_slot;
}
uint64_t HotList::peak() const {
  return static_cast<struct p3_osp_registry *>(R)->p3_peak;
}
uint64_t HotList::memory() const {
  return static_cast<struct p3_osp_registry *>(R)->p3_memory;
}
uint64_t HotList::entries() const {
  return static_cast<struct p3_osp_registry *>(R)->p3_entries;
}

uint64_t HotList::count(const std::vector<uint32_t> &S) const {
  auto *Reg = static_cast<struct p3_osp_registry *>(R);
  std::vector<unsigned char> Enc = encode(S, 0);
  unsigned Class = 0;
  while ((1u << Class) < S.size())
    ++Class;
  uint64_t V = p3_osp_slot_get(
      Reg, p3_osp_find(Reg, Class, Enc.data(), unsigned(Enc.size()),
                       p3_osp_hash(Enc.data(), unsigned(Enc.size()), Class)));
  return V ? P3_OSP_REC_COUNT_(Reg, V - 1) : 0;
}

bool HotList::consistent() const {
  auto *Reg = static_cast<struct p3_osp_registry *>(R);
  uint64_t N = 0, Off = 0, Filled = 0;
  if (Reg->p3_rec_end + Reg->p3_cap * Reg->p3_slot > Reg->p3_memory ||
      Reg->p3_entries * 4 > Reg->p3_cap * 3)
    return false;
  for (; Off < Reg->p3_rec_end; ++N) {
    unsigned Class = P3_OSP_REC_SHAPE_(Reg, Off) & 15u;
    unsigned NBytes = P3_OSP_REC_NBYTES_(Reg, Off);
    const unsigned char *Bytes = P3_OSP_REC_BYTES_(Reg, Off);
    uint64_t Slot = p3_osp_find(Reg, Class, Bytes, NBytes,
                                p3_osp_hash(Bytes, NBytes, Class));
    if (P3_OSP_REC_COUNT_(Reg, Off) == 0 ||
        p3_osp_slot_get(Reg, Slot) != Off + 1)
      return false;
    // The encoding decodes to a whole subpath of its class.
    std::vector<unsigned char> Enc(Bytes, Bytes + NBytes);
    if (decode(Enc, 1u << Class).size() != (1u << Class))
      return false;
    Off += P3_OSP_REC_SIZE_(Reg, Off);
  }
  for (uint64_t I = 0; I < Reg->p3_cap; ++I)
    Filled += p3_osp_slot_get(Reg, I) != 0;
  return Off == Reg->p3_rec_end && N == Reg->p3_entries && Filled == N;
}

void freshSampler(uint64_t Memory, unsigned MaxLength, uint64_t Period,
                  uint64_t Seed, const std::string &Dir, const char *Mode,
                  uint64_t MaxSamples) {
  struct p3_osp_registry *Reg = &p3_osp_registry;
  std::memset(static_cast<void *>(Reg), 0, sizeof *Reg);
  setenv("P3_OSP_MEMORY", std::to_string(Memory).c_str(), 1);
  setenv("P3_OSP_MAX_LENGTH", std::to_string(MaxLength).c_str(), 1);
  setenv("P3_OSP_PERIOD", std::to_string(Period).c_str(), 1);
  setenv("P3_OSP_SEED", std::to_string(Seed).c_str(), 1);
  setenv("P3_OSP_MODE", Mode, 1);
  setenv("P3_OSP_SAMPLES", std::to_string(MaxSamples).c_str(), 1);
  setenv("P3_PROFILE_DIR", Dir.c_str(), 1);
  unsetenv("P3_OSP_DUMP_SIGNAL");
  unsetenv("P3_OSP_DUMP_EVERY");
  p3_osp_configure(Reg);
  p3_osp_hot_map(Reg);
  p3_osp_hot_clear(Reg);
  Reg->p3_trace_fd = -1;
  Reg->p3_hash = "0123456789abcdef";
  Reg->p3_started = 1; // no exit or fork handler in the test process
  p3_osp_self = nullptr;
  p3_osp_skip = 1;
}

void enterBlock(uint32_t Id) { P3_OSP_BLOCK(Id); }

/// The blocks of the run at Ids[I] (Run[I] of them, fewer at the end).
static size_t runAt(const std::vector<uint32_t> &Ids,
                    const std::vector<unsigned> &Run, size_t I) {
  return std::max<size_t>(1, std::min<size_t>(Run[I], Ids.size() - I));
}

static void enterShared(const std::vector<uint32_t> &Ids,
                        const std::vector<unsigned> &Run) {
  for (size_t I = 0; I < Ids.size();) {
    size_t N = runAt(Ids, Run, I);
    const uint32_t *B = &Ids[I];
    if (N == 4)
      P3_OSP_BLOCK4(B[0], B[1], B[2], B[3]);
    else if (N == 3)
      P3_OSP_BLOCK3(B[0], B[1], B[2]);
    else if (N == 2)
      P3_OSP_BLOCK2(B[0], B[1]);
    else
      P3_OSP_BLOCK(B[0]);
    I += N;
  }
}

static void enterRegister(const std::vector<uint32_t> &Ids,
                          const std::vector<unsigned> &Run) {
  P3_OSP_LEAF;
  for (size_t I = 0; I < Ids.size();) {
    size_t N = runAt(Ids, Run, I);
    const uint32_t *B = &Ids[I];
    if (N == 4)
      P3_OSP_LBLOCK4(B[0], B[1], B[2], B[3]);
    else if (N == 3)
      P3_OSP_LBLOCK3(B[0], B[1], B[2]);
    else if (N == 2)
      P3_OSP_LBLOCK2(B[0], B[1]);
    else
      P3_OSP_LBLOCK(B[0]);
    I += N;
  }
  P3_OSP_LEAVE;
}

void enterBlocks(const std::vector<uint32_t> &Ids,
                 const std::vector<unsigned> &Run, bool Register) {
  if (Register)
    enterRegister(Ids, Run);
  else
    enterShared(Ids, Run);
}

std::string dumpNow(const char *Why) {
  struct p3_osp_registry *Reg = &p3_osp_registry;
  char Path[sizeof(Reg->p3_dir) + 64];
  p3_osp_path(Reg, Path, ".osp");
  p3_osp_lock(&Reg->p3_lock);
  if (Reg->p3_mode == P3_OSP_TRACE) {
    for (p3_osp_thread *T = Reg->p3_first_thread; T; T = T->p3_next)
      p3_osp_trace_flush(Reg, T);
    p3_osp_sys_close(Reg->p3_trace_fd);
    Reg->p3_trace_fd = -1;
    p3_osp_path(Reg, Path, ".trace");
  } else {
    p3_osp_dump(Reg, Why);
  }
  p3_osp_unlock(&Reg->p3_lock);
  return Path;
}

} // namespace rt
