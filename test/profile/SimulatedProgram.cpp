//===- SimulatedProgram.cpp - Manifests and runs without a compiler ------===//

#include "SimulatedProgram.h"
#include "RandomDAG.h"

#include "Graph/Regeneration.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <cassert>

using namespace llvm;

namespace p3::test {

namespace {

unsigned pick(std::mt19937_64 &Rng, unsigned N) {
  return std::uniform_int_distribution<unsigned>(0, N - 1)(Rng);
}

/// The path with SBL id \p Id, by the Ball-Larus rule (largest value <= R).
EdgePath pathOf(const FunctionGraph &G, uint64_t Id) {
  std::optional<EdgePath> P = regeneratePath(G.DAG, G.SBL.Val, Id);
  assert(P && "SBL ids below numPaths always regenerate");
  return *P;
}

} // namespace

SimulatedProgram makeProgram(std::mt19937_64 &Rng, unsigned NumFunctions,
                             const StrategyOptions &Options) {
  SimulatedProgram P;
  Manifest &M = P.M;
  M.Tool = "p3-profile-tests";
  M.Strategy = Options;
  M.ArrayLimit = 4096;
  M.Root = "/src/prog";
  M.Files = {"src/a.c", "src/b.c"};
  std::vector<CFG> CFGs;
  std::vector<std::vector<CFGEdge>> Cuts;
  for (unsigned F = 0; F < NumFunctions; ++F) {
    Shape S = AllShapes[pick(Rng, std::size(AllShapes))];
    CFG G = randomCFG(Rng, S, 2 + pick(Rng, 14));
    // Small path limits now and then, so that cuts appear in manifests.
    uint64_t Limit = pick(Rng, 4) == 0 ? 64 : UINT64_MAX;
    Expected<PathDAG> D = buildNumberableDAG(G, Limit);
    if (!D) {
      consumeError(D.takeError());
      --F;
      continue;
    }
    std::vector<CFGEdge> FCuts;
    for (const SplitEdge &SE : D->splitEdges())
      if (SE.IsCut)
        FCuts.push_back(SE.Origin);
    const unsigned CallSiteChoices[] = {0, 1, 2, UnknownCallSites};
    Expected<FunctionGraph> FG =
        FunctionGraph::fromDAG(std::move(*D), CallSiteChoices[pick(Rng, 4)]);
    if (!FG) {
      consumeError(FG.takeError());
      --F;
      continue;
    }
    CFGs.push_back(std::move(G));
    Cuts.push_back(std::move(FCuts));
    P.Graphs.push_back(std::move(*FG));
  }
  Expected<ProgramPlan> Plan = planProgram(P.Graphs, Options);
  if (!Plan)
    report_fatal_error(Plan.takeError());

  unsigned Skipped = pick(Rng, NumFunctions + 1);
  unsigned Line = 1;
  for (unsigned GI = 0; GI <= P.Graphs.size(); ++GI) {
    if (GI == Skipped) {
      ManifestFunction S;
      S.Index = M.Functions.size();
      S.Name = "skipped";
      S.File = "src/b.c";
      S.Id = "src/b.c:skipped";
      S.Line = 500;
      S.EndLine = 510;
      S.SkipReason = "computed goto";
      S.Notes = {"setjmp on line 505"};
      M.Functions.push_back(std::move(S));
    }
    if (GI == P.Graphs.size())
      break;
    const FunctionGraph &G = P.Graphs[GI];
    ManifestFunction F;
    F.Index = M.Functions.size();
    F.Name = formatv("f{0}", GI).str();
    F.File = "src/a.c";
    F.Id = "src/a.c:" + F.Name;
    F.Instrumented = true;
    if (pick(Rng, 4) == 0)
      F.Notes = {"paths into the noreturn call on line 7 end there",
                 "a note with \"quotes\", a tab\t and ü"};
    F.Graph = CFGs[GI];
    F.Cuts = Cuts[GI];
    F.Line = Line;
    for (unsigned B = 0; B < F.Graph.numBlocks(); ++B) {
      // Entry and exit blocks carry no statement, as in clang's CFG.
      if (B == F.Graph.Entry || B == F.Graph.Exit)
        F.Blocks.push_back({0, 0});
      else
        F.Blocks.push_back({Line + B, Line + B + pick(Rng, 3)});
    }
    Line += F.Graph.numBlocks() + 5;
    F.EndLine = Line - 1;
    F.Weight = G.Weight;
    F.NeverProbe = G.NeverProbe;
    F.CallSites = G.CallSites;
    for (unsigned T : Plan->TasksOf[GI]) {
      ManifestTask MT;
      for (unsigned E = 0; E < Plan->Tasks[T].Edges.size(); ++E)
        if (Plan->Tasks[T].Edges[E])
          MT.Edges.push_back(E);
      MT.Cost = Plan->Tasks[T].Cost;
      MT.Copy = Plan->Tasks[T].Copy;
      F.Tasks.push_back(std::move(MT));
    }
    F.Instances = Plan->Instances[GI];
    P.FunctionOf.push_back(F.Index);
    M.Functions.push_back(std::move(F));
  }
  M.Hash = M.computeHash();
  P.Truth.resize(P.Graphs.size());
  return P;
}

void runProgram(std::mt19937_64 &Rng, SimulatedProgram &P) {
  for (unsigned GI = 0; GI < P.Graphs.size(); ++GI) {
    PathCounts &T = P.Truth[GI];
    T.clear();
    if (pick(Rng, 5) == 0)
      continue; // never called
    uint64_t N = P.Graphs[GI].SBL.numPaths();
    if (N <= 40) {
      for (uint64_t Id = 0; Id < N; ++Id)
        if (pick(Rng, 3))
          T[Id] = 1 + pick(Rng, 1000);
    } else {
      unsigned Draws = 1 + pick(Rng, 60);
      for (unsigned I = 0; I < Draws; ++I)
        T[std::uniform_int_distribution<uint64_t>(0, N - 1)(Rng)] +=
            1 + pick(Rng, 100000);
    }
  }
}

std::string rawProfileOf(const SimulatedProgram &P, unsigned Copy,
                         unsigned Processes, bool WithProbes,
                         std::mt19937_64 &Rng) {
  // Per process: function index -> recorded id -> count.
  std::vector<std::map<unsigned, PathCounts>> Recorded(Processes);
  std::vector<uint64_t> Probes(Processes, 0);
  for (unsigned GI = 0; GI < P.Graphs.size(); ++GI) {
    const FunctionGraph &G = P.Graphs[GI];
    unsigned F = P.FunctionOf[GI];
    const Instance &I = P.M.Functions[F].Instances[Copy];
    for (auto [Id, Count] : P.Truth[GI]) {
      EdgePath Path = pathOf(G, Id);
      // Split the executions over the processes.
      std::vector<uint64_t> Share(Processes, 0);
      for (unsigned Proc = 0; Proc + 1 < Processes; ++Proc)
        Share[Proc] = pick(Rng, 3) ? Count / Processes : 0;
      uint64_t Rest = Count;
      for (unsigned Proc = 0; Proc + 1 < Processes; ++Proc)
        Rest -= Share[Proc];
      Share[Processes - 1] = Rest;
      if (!I.isInstrumented())
        continue;
      unsigned Last = Path.back();
      uint64_t Sum = 0;
      unsigned PathProbes = 1; // entry set or start-edge reset
      for (unsigned E : Path) {
        Sum += I.Inc[E];
        const DAGEdge &D = G.DAG.edge(E);
        if (D.Kind == EdgeKind::Start)
          continue;
        if (D.Dst == G.DAG.exit())
          PathProbes += I.Interesting[E] ? 1 : 0;
        else
          PathProbes += I.Inc[E] != 0;
      }
      for (unsigned Proc = 0; Proc < Processes; ++Proc) {
        Probes[Proc] += Share[Proc] * PathProbes;
        if (I.Interesting[Last] && Share[Proc])
          Recorded[Proc][F][Sum] += Share[Proc];
      }
    }
  }
  std::string Text;
  raw_string_ostream OS(Text);
  for (unsigned Proc = 0; Proc < Processes; ++Proc) {
    OS << "P3RAW 1 " << P.M.Hash << " " << Copy << " " << 1000 + Proc << "\n";
    unsigned Lines = 0;
    for (auto &[F, Ids] : Recorded[Proc])
      for (auto [Id, Count] : Ids) {
        OS << F << " " << Id << " " << Count << "\n";
        ++Lines;
      }
    if (WithProbes)
      OS << "probes " << Probes[Proc] << "\n";
    OS << "end " << Lines << "\n";
  }
  return OS.str();
}

uint64_t directProbeCount(const SimulatedProgram &P, unsigned Copy) {
  uint64_t Hits = 0;
  for (unsigned GI = 0; GI < P.Graphs.size(); ++GI) {
    const FunctionGraph &G = P.Graphs[GI];
    const Instance &I = P.M.Functions[P.FunctionOf[GI]].Instances[Copy];
    if (!I.isInstrumented())
      continue;
    for (auto [Id, Count] : P.Truth[GI]) {
      uint64_t Probes = 1;
      for (unsigned E : pathOf(G, Id)) {
        const DAGEdge &D = G.DAG.edge(E);
        if (D.Kind == EdgeKind::Start)
          continue;
        Probes += D.Dst == G.DAG.exit() ? I.Interesting[E] : I.Inc[E] != 0;
      }
      Hits += Count * Probes;
    }
  }
  return Hits;
}

} // namespace p3::test
