//===- AnchorSimulationTest.cpp - Probes placed by anchoring, executed ----===//
//
// The oracle for edge anchoring and probe code: random lowered functions
// (random CFGs where only some blocks and branches have a place for a probe,
// as inside macro expansions) are anchored, their probe code generated for
// an instance, and then *executed*: random walks through the lowered CFG run
// the actions each site would run (P3_ADD, P3_COUNT, P3_RESET, P3_BACK, in
// the order the emitted code runs them) and every recorded id is decoded.
// Exactness means: each decoded path is the walk's path, up to what no probe
// can see - the edges without a place for a probe, and the blocks merged into
// one. Concretely, the sequence of probe-carrying edges of the decoded path
// equals that of the walked segment, and both start and end at the same
// block (up to merging).
//
//===----------------------------------------------------------------------===//

#include "Instrument/EdgeAnchors.h"
#include "Instrument/ProbeCode.h"

#include "Graph/Instance.h"
#include "Graph/Strategy.h"
#include "../unit/RandomDAG.h"

#include "gtest/gtest.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace p3;
using namespace p3::test;

namespace {

/// A random lowered function: a random CFG whose blocks have a site with
/// probability SiteDensity, whose two-way blocks have a wrappable condition
/// with probability BranchDensity, plus a few join sites.
LoweredFunction randomFunction(std::mt19937_64 &Rng, Shape S, unsigned Size,
                               double SiteDensity, double BranchDensity) {
  LoweredFunction F;
  F.Id = F.Name = "f";
  F.File = "f.c";
  F.Graph = randomCFG(Rng, S, Size);
  const CFG &G = F.Graph;
  unsigned N = G.numBlocks();
  F.Blocks.assign(N, {});
  F.BlockLines.resize(N);
  for (unsigned B = 0; B < N; ++B)
    F.BlockLines[B] = {B + 1, B + 1};
  F.Line = 1;
  F.EndLine = N + 1;
  auto NewSite = [&](SiteKind K) {
    Site Si;
    Si.Kind = K;
    Si.Begin = Si.End = F.Sites.size();
    Si.Line = 1;
    F.Sites.push_back(Si);
    return unsigned(F.Sites.size() - 1);
  };
  std::bernoulli_distribution HasSite(SiteDensity), HasBranch(BranchDensity),
      Second(0.3), EdgeSite(0.1);
  for (unsigned B = 0; B < N; ++B) {
    if (B == G.Exit)
      continue;
    BlockSites &BS = F.Blocks[B];
    if (B == G.Entry || HasSite(Rng)) {
      BS.OncePerPass.push_back(NewSite(SiteKind::BeforeStatement));
      if (Second(Rng))
        BS.OncePerPass.push_back(NewSite(SiteKind::AfterStatement));
    }
    if (G.Succs[B].size() == 2 && HasBranch(Rng)) {
      BS.Branch = NewSite(SiteKind::Condition);
      BS.OutcomeIsTrue = {true, false};
    }
    for (unsigned I = 0; I < G.Succs[B].size(); ++I)
      if (EdgeSite(Rng)) {
        BS.EdgeSites.resize(G.Succs[B].size(), NoSite);
        BS.EdgeSites[I] = NewSite(SiteKind::AfterStatement);
      }
  }
  // Join sites: a site after a statement whose ways out are several edges
  // into one block.
  std::vector<std::vector<CFGEdge>> In(N);
  for (unsigned B = 0; B < N; ++B)
    for (unsigned I = 0; I < G.Succs[B].size(); ++I)
      In[G.Succs[B][I]].push_back({B, I});
  std::bernoulli_distribution HasJoin(0.2);
  for (unsigned T = 0; T < N; ++T)
    if (T != G.Exit && In[T].size() >= 2 && HasJoin(Rng))
      F.Joins.push_back({{In[T][0], In[T][1]},
                         NewSite(SiteKind::AfterStatement),
                         F.BlockLines[T].first});
  return F;
}

struct Action {
  enum Kind { Add, Count, Reset } K;
  uint64_t Value;
};

uint64_t parseValue(llvm::StringRef Text) {
  Text = Text.trim();
  if (Text == "(-9223372036854775807 - 1)")
    return uint64_t(1) << 63;
  int64_t V = 0;
  EXPECT_FALSE(Text.getAsInteger(10, V)) << Text.str();
  return uint64_t(V);
}

/// The actions of "P3_ADD(3)", "P3_BACK(2, -5)", ... in execution order.
std::vector<Action> parseActions(const std::vector<std::string> &Texts) {
  std::vector<Action> Out;
  for (llvm::StringRef T : Texts) {
    llvm::StringRef Args = T.substr(T.find('(') + 1).drop_back();
    if (T.starts_with("P3_ADD("))
      Out.push_back({Action::Add, parseValue(Args)});
    else if (T.starts_with("P3_COUNT("))
      Out.push_back({Action::Count, parseValue(Args)});
    else if (T.starts_with("P3_RESET("))
      Out.push_back({Action::Reset, parseValue(Args)});
    else if (T.starts_with("P3_BACK(")) {
      auto [C, D] = Args.split(',');
      Out.push_back({Action::Count, parseValue(C)});
      Out.push_back({Action::Reset, parseValue(D)});
    } else {
      ADD_FAILURE() << "unknown action " << T.str();
    }
  }
  return Out;
}

/// Runs the instrumented function along random walks and checks every
/// recorded id against the walk.
class Execution {
public:
  Execution(const AnchoredFunction &A, const FunctionCode &Code,
            const Instance &I)
      : A(A), Code(Code), I(I), D(A.Graphs.DAG) {
    for (unsigned B = 0; B < A.Lowered.numBlocks(); ++B)
      for (unsigned J = 0; J < A.GraphEdge[B].size(); ++J)
        if (A.GraphEdge[B][J].Block != NoVertex)
          Behind[{A.GraphEdge[B][J].Block, A.GraphEdge[B][J].Index}] = {B, J};
    computeDistanceToExit();
  }

  /// One call: walks from ENTRY to EXIT.
  void walk(std::mt19937_64 &Rng) {
    const CFG &G = A.Lowered;
    uint64_t R = 0;
    std::vector<uint64_t> Ids;
    std::vector<std::vector<CFGEdge>> Segments(1);
    std::vector<unsigned> SegmentStart{G.Entry};
    auto Run = [&](const std::vector<std::string> &Texts) {
      for (const Action &Act : parseActions(Texts)) {
        if (Act.K == Action::Add)
          R += Act.Value;
        else if (Act.K == Action::Count)
          Ids.push_back(R + Act.Value);
        else
          R = Act.Value;
      }
    };
    auto RunSite = [&](unsigned S, bool WithBranches, bool Outcome) {
      auto It = Code.Sites.find(S);
      if (It == Code.Sites.end())
        return;
      Run(It->second.Entry);
      Run(It->second.Exit);
      if (WithBranches)
        Run(Outcome ? It->second.IfTrue : It->second.IfFalse);
    };
    unsigned B = G.Entry;
    for (unsigned Steps = 0;; ++Steps) {
      const BlockSites &S = A.Blocks[B];
      for (unsigned Site : S.OncePerPass)
        RunSite(Site, false, false);
      if (B == G.Exit)
        break;
      if (Steps > 5000)
        return; // a loop without a way out: no call ever returns
      unsigned J = chooseSuccessor(B, Steps, Rng);
      if (S.Branch != NoSite && G.Succs[B].size() == 2)
        RunSite(S.Branch, true, S.OutcomeIsTrue[J]);
      if (J < S.EdgeSites.size() && S.EdgeSites[J] != NoSite)
        RunSite(S.EdgeSites[J], false, false);
      CFGEdge Contracted = A.GraphEdge[B][J];
      if (Contracted.Block != NoVertex && D.splitOf(Contracted) != NoEdge) {
        Segments.push_back({});
        SegmentStart.push_back(G.Succs[B][J]);
        Segments[Segments.size() - 2].push_back({B, J}); // ended by it
      } else {
        Segments.back().push_back({B, J});
      }
      B = G.Succs[B][J];
    }
    ASSERT_EQ(Ids.size(), Segments.size()) << "one count per path";
    for (unsigned K = 0; K < Ids.size(); ++K)
      checkSegment(Ids[K], SegmentStart[K], Segments[K]);
    ++Walks;
  }

  unsigned Walks = 0;

private:
  void computeDistanceToExit() {
    const CFG &G = A.Lowered;
    Distance.assign(G.numBlocks(), ~0u);
    Distance[G.Exit] = 0;
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (unsigned B = 0; B < G.numBlocks(); ++B)
        for (unsigned S : G.Succs[B])
          if (Distance[S] != ~0u && Distance[S] + 1 < Distance[B]) {
            Distance[B] = Distance[S] + 1;
            Changed = true;
          }
    }
  }

  /// Random, but heading for EXIT once the walk is long.
  unsigned chooseSuccessor(unsigned B, unsigned Steps, std::mt19937_64 &Rng) {
    const auto &Succs = A.Lowered.Succs[B];
    if (Steps < 200)
      return std::uniform_int_distribution<unsigned>(0, Succs.size() - 1)(Rng);
    unsigned Best = 0;
    for (unsigned J = 1; J < Succs.size(); ++J)
      if (Distance[Succs[J]] < Distance[Succs[Best]])
        Best = J;
    return Best;
  }

  /// The edges of a path, within it (not the back edge that ends it), that
  /// have a place for a probe, in order.
  std::vector<CFGEdge> observable(const std::vector<CFGEdge> &Lowered) const {
    std::vector<CFGEdge> Out;
    for (CFGEdge E : Lowered) {
      CFGEdge Contracted = A.GraphEdge[E.Block][E.Index];
      if (Contracted.Block != NoVertex && D.splitOf(Contracted) == NoEdge &&
          A.Anchors[E.Block][E.Index].Kind != AnchorKind::None)
        Out.push_back(E);
    }
    return Out;
  }

  void checkSegment(uint64_t Id, unsigned Start,
                    const std::vector<CFGEdge> &Walked) {
    std::optional<EdgePath> Path = decodeRecordedId(D, I, Id);
    ASSERT_TRUE(Path) << "id " << Id << " names no path";
    std::vector<CFGEdge> Decoded;
    unsigned First = NoVertex, LastEnd = NoVertex;
    for (unsigned E : *Path) {
      const DAGEdge &Edge = D.edge(E);
      if (Edge.Kind == EdgeKind::Start)
        First = D.block(Edge.Dst);
      else if (Edge.Kind == EdgeKind::End)
        LastEnd = D.block(Edge.Src);
      else
        Decoded.push_back(Behind.at({Edge.Origin.Block, Edge.Origin.Index}));
    }
    EXPECT_EQ(observable(Decoded), observable(Walked)) << "id " << Id;
    if (First != NoVertex) {
      EXPECT_EQ(First, A.Representative[Start]);
    }
    if (LastEnd != NoVertex && !Walked.empty()) {
      EXPECT_EQ(LastEnd, A.Representative[Walked.back().Block]);
    }
  }

  const AnchoredFunction &A;
  const FunctionCode &Code;
  const Instance &I;
  const PathDAG &D;
  std::map<std::pair<unsigned, unsigned>, CFGEdge> Behind;
  std::vector<unsigned> Distance;
};

struct Counts {
  unsigned Planned = 0, Skipped = 0;
  std::map<std::string, unsigned> Reasons;
};

void simulate(std::mt19937_64 &Rng, Shape S, double SiteDensity,
              double BranchDensity, Counts &C) {
  LoweredFunction F =
      randomFunction(Rng, S, 4 + Rng() % 10, SiteDensity, BranchDensity);
  llvm::Expected<AnchoredFunction> A = planAnchors(F, UINT64_MAX, false);
  if (!A) {
    std::string Why = llvm::toString(A.takeError());
    ++C.Skipped;
    ++C.Reasons[getenv("P3_SHOW_REASONS") && llvm::StringRef(Why).starts_with("block") ? Why : Why.substr(0, Why.find_first_of("0123456789"))];
    return;
  }
  ++C.Planned;
  llvm::Expected<Instance> I = makeBallLarusInstance(A->Graphs);
  ASSERT_TRUE(bool(I)) << llvm::toString(I.takeError());
  // Chord placement as p3-rewrite does it.
  llvm::Expected<FunctionCode> Code = generateProbeCode(*A, *I);
  ASSERT_TRUE(bool(Code)) << llvm::toString(Code.takeError());
  Execution X(*A, *Code, *I);
  for (unsigned W = 0; W < 20; ++W) {
    X.walk(Rng);
    if (::testing::Test::HasFatalFailure())
      return;
  }
}

TEST(AnchorSimulation, RecordedIdsNameTheWalkedPaths) {
  std::mt19937_64 Rng(20261124);
  for (Shape S : AllShapes)
    for (double Density : {0.2, 0.5, 0.9}) {
      Counts C;
      for (unsigned Round = 0; Round < 300; ++Round) {
        simulate(Rng, S, Density, Density, C);
        if (HasFatalFailure())
          return;
      }
      // Sparse sites leave some functions without a place for a back edge's
      // or an exit's probe; the rest must be exact.
      EXPECT_GT(C.Planned, 0u) << shapeName(S) << " " << Density;
      std::string Reasons;
      for (auto &[Why, N] : C.Reasons)
        Reasons += "  " + std::to_string(N) + " x " + Why + "\n";
      RecordProperty(std::string(shapeName(S)) + "-" +
                         std::to_string(int(Density * 10)),
                     std::to_string(C.Planned) + " planned");
      if (Density > 0.8) {
        EXPECT_GT(C.Planned, C.Skipped) << shapeName(S) << "\n" << Reasons;
      }
      if (getenv("P3_SHOW_REASONS"))
        llvm::errs() << shapeName(S) << " " << Density << ": " << C.Planned
                     << " planned, " << C.Skipped << " skipped\n"
                     << Reasons;
    }
}

} // namespace
