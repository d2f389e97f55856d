//===- ProgramRewrite.cpp - From lowered functions to K copies -----------===//

#include "Instrument/ProgramRewrite.h"
#include "Instrument/EdgeAnchors.h"
#include "Instrument/FileRewriter.h"
#include "Instrument/ProbeCode.h"

#include "llvm/Support/Path.h"

#include <set>

using namespace llvm;

namespace p3 {

std::string runtimeIncludeFor(StringRef RelativeFile) {
  std::string Up;
  for (auto It = sys::path::begin(sys::path::parent_path(RelativeFile),
                                  sys::path::Style::posix),
            End = sys::path::end(sys::path::parent_path(RelativeFile));
       It != End; ++It)
    Up += "../";
  return Up + "p3_runtime.h";
}

namespace {

ManifestFunction describe(const LoweredFunction &F, unsigned Index) {
  ManifestFunction M;
  M.Index = Index;
  M.Id = F.Id;
  M.Name = F.Name;
  M.File = F.File;
  M.Line = F.Line;
  M.EndLine = F.EndLine;
  M.CallSites = F.CallSites;
  return M;
}

void recordGraph(ManifestFunction &M, const LoweredFunction &F,
                 const AnchoredFunction &A) {
  M.Instrumented = true;
  M.Graph = A.Graph;
  for (const SplitEdge &S : A.Graphs.DAG.splitEdges())
    if (S.IsCut)
      M.Cuts.push_back(S.Origin);
  for (const auto &[Line, End] : A.GraphLines)
    M.Blocks.push_back({Line, End});
  M.Weight = A.Graphs.Weight;
  M.NeverProbe = A.Graphs.NeverProbe;
  M.Notes = A.Notes;
  // What the strategies saw: a guarded function counts as called from
  // everywhere (never split), and --simulate must plan it the same way.
  M.CallSites = A.Graphs.CallSites;
}

} // namespace

Expected<RewritePlan> planRewrite(ArrayRef<LoweredFunction> Functions,
                                  const std::map<std::string, std::string> &FileText,
                                  const RewriteOptions &Opts) {
  RewritePlan Plan;
  Manifest &M = Plan.M;
  M.Tool = Opts.Tool;
  M.Strategy = Opts.Strategy;
  M.ThreadSafe = Opts.ThreadSafe;
  M.ArrayLimit = Opts.ArrayLimit;
  M.Root = Opts.Root;

  // Anchor every function; those that cannot be are skipped with the reason.
  std::vector<AnchoredFunction> Anchored;
  std::vector<unsigned> InstrumentedIndex; // manifest index per anchored one
  for (unsigned I = 0; I < Functions.size(); ++I) {
    const LoweredFunction &F = Functions[I];
    ManifestFunction MF = describe(F, I);
    if (F.Skip) {
      MF.SkipReason = F.Skip->Message;
    } else if (Expected<AnchoredFunction> A =
                   planAnchors(F, UINT64_MAX, Opts.ExitGuards)) {
      recordGraph(MF, F, *A);
      InstrumentedIndex.push_back(I);
      Anchored.push_back(std::move(*A));
    } else {
      MF.SkipReason = toString(A.takeError());
    }
    M.Functions.push_back(std::move(MF));
  }

  std::vector<FunctionGraph> Graphs;
  for (const AnchoredFunction &A : Anchored)
    Graphs.push_back(A.Graphs);
  Expected<ProgramPlan> Program = planProgram(Graphs, Opts.Strategy);
  if (!Program)
    return Program.takeError();
  unsigned K = Program->Options.K;
  M.Strategy = Program->Options;

  std::set<std::string> Files;
  for (unsigned A = 0; A < Anchored.size(); ++A) {
    ManifestFunction &MF = M.Functions[InstrumentedIndex[A]];
    for (unsigned T : Program->TasksOf[A]) {
      const Task &Tk = Program->Tasks[T];
      ManifestTask MT;
      for (unsigned E = 0; E < Tk.Edges.size(); ++E)
        if (Tk.Edges[E])
          MT.Edges.push_back(E);
      MT.Cost = Tk.Cost;
      MT.Copy = Tk.Copy;
      MF.Tasks.push_back(std::move(MT));
    }
    MF.Instances = Program->Instances[A];
    Files.insert(MF.File);

    FunctionSummary S;
    S.Index = MF.Index;
    S.Vertices = Graphs[A].DAG.numVertices();
    S.Edges = Graphs[A].DAG.numEdges();
    S.Paths = Graphs[A].SBL.numPaths();
    for (const Instance &I : MF.Instances)
      S.ProbesPerCopy.push_back(I.StaticProbes);
    S.Tasks = Program->TasksOf[A].size();
    Plan.Summaries.push_back(std::move(S));
  }
  M.Files.assign(Files.begin(), Files.end());
  M.Hash = M.computeHash();

  // The text of every file in every copy.
  Plan.Files.resize(K);
  std::vector<FunctionCode> Codes;
  for (unsigned Copy = 0; Copy < K; ++Copy) {
    for (unsigned FileIndex = 0; FileIndex < M.Files.size(); ++FileIndex) {
      const std::string &File = M.Files[FileIndex];
      FileInstrumentation FI;
      FI.RuntimeInclude = runtimeIncludeFor(File);
      FI.FileIndex = FileIndex;
      FI.Copy = Copy;
      FI.ManifestHash = M.Hash;
      Codes.clear();
      Codes.reserve(Anchored.size());
      for (unsigned A = 0; A < Anchored.size(); ++A) {
        const ManifestFunction &MF = M.Functions[InstrumentedIndex[A]];
        const Instance &I = MF.Instances[Copy];
        if (MF.File != File || !I.isInstrumented())
          continue;
        bool Hashed = I.NumIds > Opts.ArrayLimit;
        LoopCounters Loops;
        if (Opts.LoopCounters && !Hashed)
          Loops = planLoopCounters(Anchored[A], Functions[InstrumentedIndex[A]],
                                   I);
        Expected<FunctionCode> Code = generateProbeCode(Anchored[A], I, Loops);
        if (!Code)
          return Code.takeError();
        Codes.push_back(std::move(*Code));
        FI.Functions.push_back({&Functions[InstrumentedIndex[A]], &Codes.back(),
                                unsigned(FI.Table.size()), Anchored[A].Guarded});
        FI.Table.push_back({MF.Index, I.NumIds, Hashed});
      }
      auto Text = FileText.find(File);
      if (Text == FileText.end())
        return createStringError(inconvertibleErrorCode(),
                                 "no text for " + File);
      std::string New = rewriteFile(Text->second, FI);
      if (New != Text->second)
        Plan.Files[Copy][File] = std::move(New);
    }
  }
  return Plan;
}

} // namespace p3
