//===- ProgramModelMergeTest.cpp - Per-unit models merge like one model --===//
//
// p3-rewrite -j N collects every translation unit into its own ProgramModel
// and merges them in the sources' order. The oracle is the sequential
// collection, one model that every unit's events go into in order: the
// merged model must equal it (functions kept, skipped when two units lower
// them differently, first file text, call sites summed with "unknown"
// sticky, call keys), over many random programs.
//
//===----------------------------------------------------------------------===//

#include "Frontend/ProgramCollector.h"

#include "Graph/FunctionGraph.h"

#include "gtest/gtest.h"

#include <random>

using namespace p3;

namespace {

using Key = FunctionKey;

/// One thing a unit's collection does to its model.
struct Event {
  enum Kind { Function, Call, AddressTaken, Text } What;
  unsigned Which = 0;   ///< Function or callee or file.
  unsigned Variant = 0; ///< Function: lowering 0 or 1, 2 skipped.
};

LoweredFunction lowering(unsigned Which, unsigned Variant) {
  LoweredFunction F;
  F.Id = "f" + std::to_string(Which);
  F.File = "a.c";
  if (Variant == 2)
    F.Skip = SkipReason{"unsupported"};
  else
    F.Graph.Entry = Variant;
  return F;
}

/// What the collector does for one event (ProgramCollector.cpp).
void apply(ProgramModel &M, const Event &E, unsigned Unit) {
  std::string Callee = "ext:g" + std::to_string(E.Which);
  switch (E.What) {
  case Event::Function: {
    Key K{"a.c", E.Which, "a.c:f" + std::to_string(E.Which)};
    M.CallKeys[K].insert("ext:f" + std::to_string(E.Which));
    M.addFunction(K, lowering(E.Which, E.Variant));
    break;
  }
  case Event::Call: {
    unsigned &N = M.CallSites[Callee];
    if (N != UnknownCallSites)
      ++N;
    break;
  }
  case Event::AddressTaken:
    M.CallSites[Callee] = UnknownCallSites;
    break;
  case Event::Text: {
    std::string File = "file" + std::to_string(E.Which);
    if (!M.FileText.count(File))
      M.FileText.emplace(File, "as seen by unit " + std::to_string(Unit));
    break;
  }
  }
}

void expectEqual(const ProgramModel &A, const ProgramModel &B) {
  ASSERT_EQ(A.Functions.size(), B.Functions.size());
  for (const auto &[K, F] : A.Functions) {
    auto It = B.Functions.find(K);
    ASSERT_NE(It, B.Functions.end());
    EXPECT_EQ(F.Skip.has_value(), It->second.Skip.has_value()) << std::get<1>(K);
    if (F.Skip && It->second.Skip) {
      EXPECT_EQ(F.Skip->Message, It->second.Skip->Message);
    }
    EXPECT_EQ(F.Graph.Entry, It->second.Graph.Entry);
  }
  EXPECT_EQ(A.CallSites, B.CallSites);
  EXPECT_EQ(A.FileText, B.FileText);
  EXPECT_EQ(A.CallKeys, B.CallKeys);
}

TEST(ProgramModelMerge, EqualsSequentialCollection) {
  std::mt19937 Rng(20150830);
  for (unsigned Case = 0; Case < 2000; ++Case) {
    unsigned Units = 1 + Rng() % 6;
    std::vector<std::vector<Event>> Program(Units);
    for (std::vector<Event> &U : Program) {
      unsigned N = Rng() % 12;
      for (unsigned I = 0; I < N; ++I) {
        Event E;
        E.What = Event::Kind(Rng() % 4);
        E.Which = Rng() % 4;
        E.Variant = Rng() % 10 < 7 ? 0 : Rng() % 3;
        U.push_back(E);
      }
    }
    ProgramModel Sequential, Merged;
    for (unsigned U = 0; U < Units; ++U) {
      ProgramModel Unit;
      for (const Event &E : Program[U]) {
        apply(Sequential, E, U);
        apply(Unit, E, U);
      }
      Merged.merge(std::move(Unit));
    }
    SCOPED_TRACE("case " + std::to_string(Case));
    expectEqual(Sequential, Merged);
  }
}

TEST(ProgramModelMerge, CallSitesSaturateAtUnknown) {
  ProgramModel A, B;
  A.CallSites["ext:g"] = UnknownCallSites - 1;
  B.CallSites["ext:g"] = 5;
  A.merge(std::move(B));
  EXPECT_EQ(A.CallSites["ext:g"], UnknownCallSites);
}

} // namespace
