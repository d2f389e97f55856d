//===- ProgramRewrite.cpp - From lowered functions to K copies -----------===//

#include "Instrument/ProgramRewrite.h"
#include "Graph/CFGHash.h"
#include "Instrument/EdgeAnchors.h"
#include "Instrument/FileRewriter.h"
#include "Instrument/ProbeCode.h"
#include "Profile/ProgramGraphs.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>
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
  if (!A.GraphCodeLines.empty()) {
    M.CodeLines = A.GraphCodeLines;
    for (unsigned B = 0; B < A.Graph.numBlocks(); ++B) {
      if (A.GraphContracted[B])
        M.Contracted.push_back(B);
      if (A.GraphTestsCondition[B])
        M.Conditions.push_back(B);
    }
    for (const EdgeLine &E : A.GraphEdgeLines)
      M.EdgeLines.push_back({E.Block, E.Index, E.Line});
  }
  M.CutExits = cutGraphEdges(A);
  M.Weight = A.Graphs.Weight;
  M.NeverProbe = A.Graphs.NeverProbe;
  M.Notes = A.Notes;
  // What the strategies saw: a guarded function counts as called from
  // everywhere (never split), and --simulate must plan it the same way.
  M.CallSites = A.Graphs.CallSites;
  M.NeverSplit = A.Graphs.NeverSplit;
}

/// The manifest's call graph: each instrumented function's calls of other
/// functions, with the block of its CFG the call is in (a block contracted
/// into another is that one).
void recordCalls(ArrayRef<LoweredFunction> Functions,
                 ArrayRef<AnchoredFunction> Anchored,
                 ArrayRef<unsigned> InstrumentedIndex, Manifest &M) {
  for (unsigned A = 0; A < Anchored.size(); ++A) {
    const LoweredFunction &F = Functions[InstrumentedIndex[A]];
    ManifestFunction &MF = M.Functions[InstrumentedIndex[A]];
    for (const auto &[Block, Callee] : F.Calls)
      if (Block < Anchored[A].Representative.size() &&
          Callee < Functions.size())
        MF.Calls.push_back({Anchored[A].Representative[Block], Callee});
  }
}

/// Functions that share one text: a file included several times with the
/// function's name defined differently by a macro. Each is planned as a
/// function of its own; the rewritten text picks each one's probes by the
/// identifier its name expands to (FileRewriter.h). Texts whose instances
/// cannot be told apart that way are left alone, with the reason.
std::vector<std::vector<unsigned>>
groupSharedTexts(ArrayRef<LoweredFunction> Functions,
                 std::vector<std::string> &SkipReasons) {
  std::map<std::pair<std::string, unsigned>, std::vector<unsigned>> ByText;
  for (unsigned I = 0; I < Functions.size(); ++I)
    ByText[{Functions[I].File, Functions[I].BodyBegin ? Functions[I].BodyBegin
                                                      : ~0u - I}]
        .push_back(I); // no body found: a group of its own
  std::vector<std::vector<unsigned>> Groups;
  for (auto &[Text, Members] : ByText) {
    Groups.push_back(Members);
    if (Members.size() < 2)
      continue;
    const LoweredFunction &First = Functions[Members.front()];
    std::set<std::string> Identifiers;
    std::map<std::tuple<unsigned, unsigned, unsigned>, const Site *> Sites;
    std::string Why;
    for (unsigned I : Members) {
      const LoweredFunction &F = Functions[I];
      if (F.Identifier.empty() || F.NameText != First.NameText)
        Why = "one text is several functions, and their names do not tell "
              "them apart";
      Identifiers.insert(F.Identifier);
      for (const Site &S : F.Sites) {
        auto [It, New] = Sites.try_emplace(
            std::make_tuple(unsigned(S.Kind), S.Begin, S.End), &S);
        if (!New && (It->second->ValueType != S.ValueType ||
                     It->second->NeedsBraces != S.NeedsBraces ||
                     It->second->NeedsParens != S.NeedsParens ||
                     It->second->WholeStatement != S.WholeStatement))
          Why = "one text is several functions whose code differs where "
                "probes go";
      }
    }
    if (Why.empty() && Identifiers.size() != Members.size())
      Why = "one text is several functions with the same name";
    if (!Why.empty())
      for (unsigned I : Members)
        if (!Functions[I].Skip)
          SkipReasons[I] = Why;
  }
  return Groups;
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
  M.Excluded = Opts.Excluded;

  std::vector<std::string> SkipReasons(Functions.size());
  for (unsigned I = 0; I < Functions.size(); ++I)
    if (Functions[I].Skip)
      SkipReasons[I] = Functions[I].Skip->Message;
  std::vector<std::vector<unsigned>> Groups =
      groupSharedTexts(Functions, SkipReasons);

  // Anchor every function; those that cannot be are skipped with the reason.
  std::vector<AnchoredFunction> Anchored;
  std::vector<unsigned> InstrumentedIndex; // manifest index per anchored one
  for (unsigned I = 0; I < Functions.size(); ++I) {
    const LoweredFunction &F = Functions[I];
    ManifestFunction MF = describe(F, I);
    if (!SkipReasons[I].empty()) {
      MF.SkipReason = SkipReasons[I];
    } else if (Expected<AnchoredFunction> A =
                   planAnchors(F, UINT64_MAX, Opts.ExitGuards,
                               Opts.CutPaths)) {
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
  recordCalls(Functions, Anchored, InstrumentedIndex, M);
  TrainingMatch Frequencies = staticFrequencies(
      Graphs.size(), estimatedInvocations(M, Graphs, InstrumentedIndex));
  if (Opts.Strategy.Kind == StrategyKind::Auto && Opts.Training) {
    std::vector<TrainingTarget> Targets;
    for (unsigned A = 0; A < Anchored.size(); ++A) {
      const ManifestFunction &MF = M.Functions[InstrumentedIndex[A]];
      Targets.push_back({MF.Id, cfgHashString(MF.Graph, MF.Cuts), &Graphs[A]});
    }
    Frequencies = matchTrainingProfile(*Opts.Training, Targets);
    Plan.TrainingSummary = Frequencies.summary();
    M.TrainingProfile = Opts.TrainingPath;
  }
  Expected<ProgramPlan> Program =
      planProgram(Graphs, Opts.Strategy, Frequencies.Frequencies);
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
    S.Frequency = Frequencies.Source[A];
    S.FrequencyDetail = Frequencies.Detail[A];
    if (Program->Estimate)
      S.Choice = Program->Estimate->Functions[A];
    Plan.Summaries.push_back(std::move(S));
  }
  Plan.Estimate = Program->Estimate;
  M.Files.assign(Files.begin(), Files.end());
  M.Hash = M.computeHash();

  // The text of every file in every copy.
  std::vector<unsigned> AnchoredOf(Functions.size(), ~0u);
  for (unsigned A = 0; A < Anchored.size(); ++A)
    AnchoredOf[InstrumentedIndex[A]] = A;
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
      for (const std::vector<unsigned> &Group : Groups) {
        if (Functions[Group.front()].File != File)
          continue;
        FileInstrumentation::SharedText Shared;
        Shared.NameText = Functions[Group.front()].NameText;
        for (unsigned Index : Group) {
          unsigned A = AnchoredOf[Index];
          if (A == ~0u)
            continue; // left alone
          FileInstrumentation::Function Fn;
          Fn.Lowered = &Functions[Index];
          Fn.Guarded = Anchored[A].Guarded;
          const Instance &I = M.Functions[Index].Instances[Copy];
          if (I.isInstrumented()) {
            bool Hashed = I.NumIds > Opts.ArrayLimit;
            // A shared text has one loop statement for every instance: its
            // counts stay in the array (locals would need per-instance text).
            LoopCounters Loops;
            if (Opts.LoopCounters && !Hashed && Group.size() == 1)
              Loops = planLoopCounters(Anchored[A], Functions[Index], I);
            // Paths cut short counted eagerly: array mode, a text of its
            // own (FileRewriter renders the undo per site).
            Expected<FunctionCode> Code =
                generateProbeCode(Anchored[A], I, Loops,
                                  Opts.EagerCuts && !Hashed && Group.size() == 1
                                      ? &Functions[Index].Sites
                                      : nullptr);
            if (!Code)
              return Code.takeError();
            Codes.push_back(std::move(*Code));
            Fn.Code = &Codes.back();
            Fn.TableSlot = FI.Table.size();
            FI.Table.push_back({Index, I.NumIds, Hashed, Opts.HashCache});
          }
          if (Group.size() > 1)
            Shared.Instances.push_back({Functions[Index].Identifier, Fn});
          else if (Fn.Code)
            FI.Functions.push_back(Fn);
        }
        if (!Shared.Instances.empty() &&
            llvm::any_of(Shared.Instances,
                         [](const auto &In) { return In.second.Code; }))
          FI.SharedTexts.push_back(std::move(Shared));
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
