//===- TestSupport.cpp - Corpus, oracles and summaries for property tests -===//

#include "TestSupport.h"

#include "Graph/BallLarus.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <sstream>

namespace p3::test {

namespace {

unsigned pick(std::mt19937_64 &Rng, unsigned Lo, unsigned Hi) {
  return std::uniform_int_distribution<unsigned>(Lo, Hi)(Rng);
}

/// Adds blocks where a path may begin without a CFG edge leading there: an
/// existing block, or a new handler block (reachable only by unwinding) that
/// continues into the body.
void addExtraStarts(std::mt19937_64 &Rng, CFG &G) {
  unsigned N = pick(Rng, 1, 2);
  for (unsigned I = 0; I < N; ++I) {
    if (pick(Rng, 0, 1)) {
      G.ExtraStarts.push_back(pick(Rng, 0, G.numBlocks() - 1));
      continue;
    }
    unsigned Handler = G.numBlocks();
    G.Succs.emplace_back();
    G.Succs[Handler].push_back(pick(Rng, 0, Handler - 1));
    G.ExtraStarts.push_back(Handler);
  }
}

} // namespace

Sample sampleCFG(std::mt19937_64 &Rng, unsigned Index) {
  Shape S = AllShapes[Index % std::size(AllShapes)];
  // Sizes per shape chosen so that most graphs have tens to a few thousand
  // paths and some have far more (those exercise the non-exhaustive checks).
  unsigned Size;
  switch (S) {
  case Shape::DiamondChain:
    Size = pick(Rng, 1, 14);
    break;
  case Shape::LayeredDAG:
    Size = pick(Rng, 0, 40);
    break;
  case Shape::WideSwitch:
    Size = pick(Rng, 1, 8);
    break;
  default:
    Size = pick(Rng, 1, 30);
    break;
  }
  Sample Out{randomCFG(Rng, S, Size), shapeName(S)};
  if (S != Shape::LayeredDAG && pick(Rng, 0, 99) < 15) {
    addExtraStarts(Rng, Out.G);
    Out.ShapeName = "extra-starts";
  }
  return Out;
}

CFG diamondChain(unsigned N) {
  // Blocks: 0 entry, 1 exit, then per diamond: head, left, right; the head of
  // the next diamond is the join of this one.
  CFG G;
  G.Entry = 0;
  G.Exit = 1;
  G.Succs.resize(2);
  unsigned Head = 2;
  G.Succs.emplace_back();
  G.Succs[0].push_back(Head);
  for (unsigned I = 0; I < N; ++I) {
    unsigned L = G.numBlocks(), R = L + 1, J = L + 2;
    G.Succs.resize(J + 1);
    G.Succs[Head] = {L, R};
    G.Succs[L] = {J};
    G.Succs[R] = {J};
    Head = J;
  }
  G.Succs[Head].push_back(G.Exit);
  return G;
}

CFG concatenate(const std::vector<CFG> &Pieces) {
  CFG G;
  G.Entry = 0;
  G.Succs.emplace_back(); // ENTRY, jumps to the first piece
  std::vector<unsigned> Base;
  for (const CFG &P : Pieces) {
    Base.push_back(G.numBlocks());
    G.Succs.resize(G.numBlocks() + P.numBlocks());
  }
  G.Exit = G.numBlocks();
  G.Succs.emplace_back();
  G.Succs[0].push_back(Base[0] + Pieces[0].Entry);
  for (size_t I = 0; I < Pieces.size(); ++I) {
    const CFG &P = Pieces[I];
    unsigned Next =
        I + 1 < Pieces.size() ? Base[I + 1] + Pieces[I + 1].Entry : G.Exit;
    for (unsigned B = 0; B < P.numBlocks(); ++B)
      for (unsigned S : P.Succs[B])
        G.Succs[Base[I] + B].push_back(S == P.Exit ? Next : Base[I] + S);
    // The piece's exit block stays, as a straight block into the next piece.
    G.Succs[Base[I] + P.Exit].push_back(Next);
    for (unsigned B : P.ExtraStarts)
      G.ExtraStarts.push_back(Base[I] + B);
  }
  return G;
}

std::string cfgLiteral(const CFG &G) {
  std::ostringstream OS;
  OS << "CFG{/*Entry=*/" << G.Entry << ", /*Exit=*/" << G.Exit << ", {";
  for (unsigned B = 0; B < G.numBlocks(); ++B) {
    OS << (B ? ", " : "") << "{";
    for (unsigned I = 0; I < G.Succs[B].size(); ++I)
      OS << (I ? ", " : "") << G.Succs[B][I];
    OS << "}";
  }
  OS << "}, {";
  for (unsigned I = 0; I < G.ExtraStarts.size(); ++I)
    OS << (I ? ", " : "") << G.ExtraStarts[I];
  OS << "}}";
  return OS.str();
}

FunctionGraph functionOf(const CFG &G, unsigned CallSites) {
  llvm::Expected<PathDAG> D = buildNumberableDAG(G);
  if (!D) {
    ADD_FAILURE() << llvm::toString(D.takeError()) << "\n" << cfgLiteral(G);
    return *FunctionGraph::fromDAG(*PathDAG::build(diamondChain(1)));
  }
  llvm::Expected<FunctionGraph> F =
      FunctionGraph::fromDAG(std::move(*D), CallSites);
  if (!F) {
    ADD_FAILURE() << llvm::toString(F.takeError()) << "\n" << cfgLiteral(G);
    return *FunctionGraph::fromDAG(*PathDAG::build(diamondChain(1)));
  }
  return std::move(*F);
}

std::optional<std::vector<EdgePath>> smallPathSet(const PathDAG &D) {
  return enumeratePaths(D, ExhaustiveLimit);
}

uint64_t bruteCountPaths(const PathDAG &D, uint64_t Limit) {
  std::vector<std::vector<unsigned>> Succ(D.numVertices());
  for (const DAGEdge &E : D.edges())
    Succ[E.Src].push_back(E.Dst);
  uint64_t Count = 0;
  auto Walk = [&](auto &Self, unsigned V) -> void {
    if (Count > Limit)
      return;
    if (V == D.exit()) {
      ++Count;
      return;
    }
    for (unsigned W : Succ[V])
      Self(Self, W);
  };
  Walk(Walk, D.entry());
  return Count;
}

uint64_t reducedPaths(const ReducedDAG &R) {
  std::vector<uint64_t> N(R.numGroups(), 0);
  N[R.exitGroup()] = 1;
  for (unsigned G = R.numGroups(); G-- > 0;)
    for (unsigned E : R.outEdges(G))
      N[G] = std::min<uint64_t>(N[G] + N[R.target(E)], UINT64_MAX / 2);
  return N[R.entryGroup()];
}

EdgePath randomPath(std::mt19937_64 &Rng, const PathDAG &D) {
  // Paths from each vertex, saturating: the walk picks an out-edge with
  // probability proportional to the paths behind it.
  std::vector<double> N(D.numVertices(), 0);
  N[D.exit()] = 1;
  for (unsigned V = D.exit(); V-- > 0;)
    for (unsigned E : D.outEdges(V))
      N[V] += N[D.edge(E).Dst];
  EdgePath Path;
  unsigned V = D.entry();
  while (V != D.exit()) {
    double X = std::uniform_real_distribution<double>(0, N[V])(Rng);
    auto Out = D.outEdges(V);
    unsigned Chosen = Out.back();
    for (unsigned E : Out) {
      if (X < N[D.edge(E).Dst]) {
        Chosen = E;
        break;
      }
      X -= N[D.edge(E).Dst];
    }
    Path.push_back(Chosen);
    V = D.edge(Chosen).Dst;
  }
  return Path;
}

Summary::~Summary() {
  std::string Shapes;
  for (auto &[Name, Count] : PerShape)
    Shapes += (Shapes.empty() ? "" : ", ") + Name + " " + std::to_string(Count);
  std::string Enumerated;
  if (Exhaustive)
    Enumerated =
        "; " + std::to_string(Exhaustive) + " with all paths enumerated";
  std::printf("[ summary  ] %s: %u graphs (%s)%s; max paths %llu.%s\n",
              Property.c_str(), Graphs, Shapes.c_str(), Enumerated.c_str(),
              (unsigned long long)MaxPaths, Notes.c_str());
  std::fflush(stdout);
}

void Summary::add(const char *Shape, uint64_t Paths, bool IsExhaustive) {
  ++Graphs;
  ++PerShape[Shape];
  Exhaustive += IsExhaustive;
  MaxPaths = std::max(MaxPaths, Paths);
}

CFG longRandomCFG(std::mt19937_64 &Rng, unsigned &Index) {
  std::vector<CFG> Pieces;
  while (true) {
    Pieces.push_back(sampleCFG(Rng, Index++).G);
    CFG G = concatenate(Pieces);
    if (!countPaths(*PathDAG::build(G)))
      return G;
  }
}

Program randomProgram(std::mt19937_64 &Rng, unsigned &Index,
                      unsigned MaxFunctions) {
  static const unsigned CallSiteChoices[] = {0, 1, 1, 2, 5, UnknownCallSites};
  Program P;
  unsigned N = pick(Rng, 1, MaxFunctions);
  for (unsigned I = 0; I < N; ++I) {
    Sample S = sampleCFG(Rng, Index++);
    unsigned CallSites = CallSiteChoices[pick(Rng, 0, 5)];
    P.Functions.push_back(functionOf(S.G, CallSites));
    // Some functions must stay whole (a guarded function's returns are
    // counted by a cleanup); chosen without drawing from Rng.
    P.Functions.back().NeverSplit = Index % 7 == 3;
    P.Shapes.push_back(S.ShapeName);
    P.Paths.push_back(smallPathSet(P.Functions.back().DAG));
  }
  return P;
}

std::vector<NamedOptions> strategyConfigs(unsigned K) {
  std::vector<NamedOptions> Configs;
  auto Add = [&](std::string Name, StrategyKind Kind, unsigned MaxCallSites,
                 unsigned Delta) {
    StrategyOptions O;
    O.Kind = Kind;
    O.K = K;
    O.MaxCallSitesToSplit = MaxCallSites;
    O.Delta = Delta;
    Configs.push_back({std::move(Name), O});
  };
  Add("sbl", StrategyKind::SBL, 1, 0);
  Add("pbl", StrategyKind::PBL, 1, 0);
  Add("p3", StrategyKind::P3, 1, 0);
  Add("p3-split-all", StrategyKind::P3, UINT_MAX, 0);
  Add("p3-delta2", StrategyKind::P3, UINT_MAX, 2);
  Add("p3-delta64", StrategyKind::P3, UINT_MAX, 64);
  Add("p3-ends-split-all", StrategyKind::P3Ends, UINT_MAX, 0);
  Add("p3-ends-delta2", StrategyKind::P3Ends, UINT_MAX, 2);
  Add("auto", StrategyKind::Auto, 1, 0); // static frequencies: pbl's plan
  Add("auto-estimates", StrategyKind::Auto, 1, 0); // planned on them
  Configs.back().Options.PlanOnStaticEstimates = true;
  return Configs;
}

uint64_t sumAlong(const std::vector<uint64_t> &Val, const EdgePath &Path) {
  uint64_t Sum = 0;
  for (size_t I = 0; I < Path.size(); ++I)
    Sum += Val.at(Path[I]);
  return Sum;
}

bool allInteresting(const std::vector<bool> &Flags, const EdgePath &Path) {
  for (unsigned E : Path)
    if (!Flags.at(E))
      return false;
  return true;
}

} // namespace p3::test
