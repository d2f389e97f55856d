//===- DumpTest.cpp - The runtime's dump helpers against oracles ----------===//
//
// The raw-profile writer of runtime/p3_runtime.h sorts the functions of a
// registry by index (a natural merge sort) and skips counter pages that
// /proc/self/pagemap says were never written (a bitmap filled a block of
// pages at a time). Both are checked here against plain oracles:
// std::stable_sort, and the pages this test wrote itself.
//
//===----------------------------------------------------------------------===//

#include "p3_runtime.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <random>
#include <vector>

namespace {

TEST(RuntimeDump, SortIsAStableSortByIndex) {
  std::mt19937 rng(7);
  for (int round = 0; round < 500; ++round) {
    unsigned n = rng() % 40;
    std::vector<p3_function> fs(n);
    std::vector<p3_function *> want;
    // Runs of increasing indices (as units' tables are), and ties across
    // runs (functions that several units share).
    unsigned idx = 0;
    for (unsigned i = 0; i < n; ++i) {
      if (rng() % 4 == 0)
        idx = rng() % 8;
      fs[i].p3_index = idx;
      idx += rng() % 3;
      fs[i].p3_next = i + 1 < n ? &fs[i + 1] : nullptr;
      want.push_back(&fs[i]);
    }
    std::stable_sort(want.begin(), want.end(),
                     [](const p3_function *a, const p3_function *b) {
                       return a->p3_index < b->p3_index;
                     });
    std::vector<p3_function *> got;
    for (p3_function *f = p3_sort(n ? &fs[0] : nullptr); f; f = f->p3_next)
      got.push_back(f);
    ASSERT_EQ(got, want) << "round " << round;
  }
}

// 700 pages of counters (three blocks of 256 pages and a part): the pages
// this test writes, at block boundaries and inside, must read as written,
// the others (never touched) as not.
constexpr unsigned PageCount = 700;
p3_u64 Counters[PageCount * 512 + 1024];

TEST(RuntimeDump, PagemapBitmapSkipsOnlyPagesNeverWritten) {
  const p3_u64 Page = static_cast<p3_u64>(p3_sys_getpagesize());
  ASSERT_EQ(Page, 4096u);
  // The first whole page of the array.
  p3_u64 *first = reinterpret_cast<p3_u64 *>(
      (reinterpret_cast<__UINTPTR_TYPE__>(Counters) + Page - 1) / Page * Page);
  const unsigned touched[] = {0, 1, 254, 255, 256, 257, 400, 511, 512, 699};
  for (unsigned p : touched)
    first[p * 512 + 3] = 1;
  p3_function fn[] = {P3_FUNCTION(0, sizeof(Counters) / 8 - 1, Counters)};
  p3_unit unit = {fn, 1, 0, "0123456789abcdef", 0, 0, 0, nullptr, nullptr};
  static struct p3_registry reg; // (a macro names the struct and the variable)
  reg.p3_first = reg.p3_last = &unit;
  p3_pages pages;
  p3_pages_open(&pages, &reg);
  ASSERT_GE(pages.p3_fd, 0) << "no /proc/self/pagemap";
  unsigned wrong = 0;
  // Visited backwards, then forwards: the order must not matter.
  for (int pass = 0; pass < 2; ++pass)
    for (unsigned i = 0; i < PageCount; ++i) {
      unsigned p = pass == 0 ? PageCount - 1 - i : i;
      bool want = std::find(std::begin(touched), std::end(touched), p) !=
                  std::end(touched);
      if (p3_page_written(&pages, first + p * 512) != (want ? 1 : 0))
        ++wrong;
    }
  p3_pages_close(&pages);
  EXPECT_EQ(wrong, 0u);
}

} // namespace
