//===- ReportDriver.cpp - Load, check, merge and report ------------------===//

#include "Profile/ReportDriver.h"
#include "Profile/OspReport.h"
#include "Profile/AtomicWrite.h"
#include "Profile/CoverageJSON.h"
#include "Profile/EdgeFlow.h"
#include "Profile/MergedProfile.h"
#include "Profile/Overhead.h"
#include "Profile/TextReport.h"
#include "Profile/RunRecords.h"
#include "Profile/U64JSON.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace p3 {

namespace {

/// The report as JSON (--json): the same tables as the text report.
json::Value reportJSON(const Manifest &M, const ProgramGraphs &G,
                       const ProfileSet &Set, const MergedProfile &P,
                       const ReportOptions &O, const CopyOverhead *Ov,
                       const std::vector<SimulationRow> *Sim, uint64_t SimSBL,
                       const std::vector<ProfileDifference> *Diffs) {
  long double Total = P.totalExecutions();
  json::Object Top;
  Top["manifest"] = M.Hash;
  Top["strategy"] = strategyName(M.Strategy.Kind);
  Top["k"] = M.Strategy.K;
  Top["raw_profiles"] = json::Array(Set.Files);
  Top["processes_per_copy"] =
      json::Array(Set.Processes);
  json::Array Missing, Failed;
  for (unsigned C = 0; C < Set.K; ++C) {
    if (!Set.present(C))
      Missing.push_back(C);
    if (Set.failed(C))
      Failed.push_back(
          json::Object{{"copy", C}, {"reason", Set.FailedReason[C]}});
  }
  Top["missing_copies"] = std::move(Missing);
  Top["failed_copies"] = std::move(Failed);
  Top["total_executions"] = u64ToJSON(
      Total >= 18446744073709551615.0L ? UINT64_MAX : uint64_t(Total));

  auto PathObject = [&](unsigned F, uint64_t Id, uint64_t Count) {
    const ManifestFunction &MF = M.Functions[F];
    return json::Object{{"function", MF.Id},
                        {"name", MF.Name},
                        {"sbl_id", u64ToJSON(Id)},
                        {"count", u64ToJSON(Count)},
                        {"share", share(Count, Total)},
                        {"path", formatPath(MF, *G.graphOf(F), Id)}};
  };
  json::Array Hottest;
  std::vector<RankedPath> Ranked = rankPaths(P);
  for (unsigned I = 0; I < Ranked.size() && I < O.Top; ++I)
    Hottest.push_back(
        PathObject(Ranked[I].Function, Ranked[I].SBLId, Ranked[I].Count));
  Top["hottest"] = std::move(Hottest);

  json::Array Functions, Nondet;
  SourceFiles Sources(M.Root, O.Exports.Markers);
  for (const MergedFunction &F : P.Functions) {
    const ManifestFunction &MF = M.Functions[F.Index];
    const FunctionGraph &FG = *G.graphOf(F.Index);
    uint64_t All = FG.SBL.numPaths();
    Functions.push_back(json::Object{
        {"index", F.Index},
        {"id", MF.Id},
        {"name", MF.Name},
        {"file", MF.File},
        {"line", MF.Line},
        {"executed_paths", u64ToJSON(F.Counts.size())},
        {"total_paths", u64ToJSON(All)},
        {"dropped", u64ToJSON(F.Dropped)},
        {"lost", u64ToJSON(F.Lost)},
        {"coverage",
         coverageJSON(MF, FG, F.Counts, Sources.get(MF.File))}});
    for (const CopyDisagreement &D : F.Disagreements) {
      json::Array Counts;
      for (auto [C, N] : D.CountByCopy)
        Counts.push_back(json::Object{{"copy", C}, {"count", u64ToJSON(N)}});
      Nondet.push_back(json::Object{{"function", MF.Id},
                                    {"sbl_id", u64ToJSON(D.SBLId)},
                                    {"counts", std::move(Counts)}});
    }
  }
  Top["functions"] = std::move(Functions);
  if (!Sources.warnings().empty())
    Top["source_warnings"] = json::Array(Sources.warnings());
  Top["nondeterminism"] = std::move(Nondet);
  json::Array Skipped;
  for (const ManifestFunction &MF : M.Functions)
    if (!MF.Instrumented)
      Skipped.push_back(json::Object{{"id", MF.Id},
                                     {"name", MF.Name},
                                     {"file", MF.File},
                                     {"line", MF.Line},
                                     {"reason", MF.SkipReason}});
  Top["skipped"] = std::move(Skipped);

  if (Ov) {
    json::Array Copies;
    for (unsigned C = 0; C < Ov->ModelHits.size(); ++C) {
      json::Object Row{{"copy", C}, {"model", u64ToJSON(Ov->ModelHits[C])}};
      if (!Ov->MeasuredHits.empty() && Ov->Present[C])
        Row["measured"] = u64ToJSON(Ov->MeasuredHits[C]);
      if (C < Ov->ForkedProcesses.size() && Ov->ForkedProcesses[C])
        Row["forked_processes"] = Ov->ForkedProcesses[C];
      if (C < Ov->Records.size() && Ov->Records[C]) {
        Row["wall_seconds"] = Ov->Records[C]->WallSeconds;
        Row["cpu_seconds"] = Ov->Records[C]->cpuSeconds();
      }
      Copies.push_back(std::move(Row));
    }
    json::Object OvJ{{"copies", std::move(Copies)},
                     {"max", u64ToJSON(Ov->maxModelHits())},
                     {"sbl", u64ToJSON(Ov->SBLHits)},
                     {"ratio", Ov->SBLHits ? double(Ov->maxModelHits()) /
                                                 Ov->SBLHits
                                           : 0.0}};
    if (!Ov->MeasuredHits.empty())
      OvJ["measured_agrees"] = Ov->measuredAgrees();
    json::Array Disagreements;
    for (const FunctionProbeDisagreement &D : Ov->Disagreements)
      Disagreements.push_back(
          json::Object{{"function", D.Function},
                       {"id", M.Functions[D.Function].Id},
                       {"name", M.Functions[D.Function].Name},
                       {"copy", D.Copy},
                       {"model", u64ToJSON(D.Model)},
                       {"measured", u64ToJSON(D.Measured)}});
    if (!Disagreements.empty())
      OvJ["function_disagreements"] = std::move(Disagreements);
    Top["overhead"] = std::move(OvJ);
  }
  if (Sim) {
    json::Array Rows;
    for (const SimulationRow &R : *Sim) {
      json::Array Hits;
      for (uint64_t H : R.Hits)
        Hits.push_back(u64ToJSON(H));
      Rows.push_back(json::Object{{"strategy", simulationLabel(R)},
                                  {"k", R.K},
                                  {"max_hits", u64ToJSON(R.MaxHits)},
                                  {"ratio", R.Ratio},
                                  {"hits", std::move(Hits)}});
    }
    Top["simulate"] =
        json::Object{{"sbl", u64ToJSON(SimSBL)}, {"rows", std::move(Rows)}};
  }
  if (Diffs) {
    json::Array List;
    for (const ProfileDifference &D : *Diffs)
      List.push_back(json::Object{{"function", D.Function},
                                  {"sbl_id", u64ToJSON(D.SBLId)},
                                  {"merged", u64ToJSON(D.Ours)},
                                  {"other", u64ToJSON(D.Theirs)}});
    Top["check"] = json::Object{{"other", O.CheckFile},
                                {"equal", Diffs->empty()},
                                {"differences", std::move(List)}};
  }
  return json::Value(std::move(Top));
}

/// The report, exports and summary, once the merged profile is known.
ReportResult finishReport(const ReportOptions &O, const Manifest &M,
                          const ProgramGraphs &G, const ProfileSet &Set,
                          const MergedProfile &P, std::vector<ProfileRun> Runs,
                          const std::string &Output, raw_ostream &Out,
                          raw_ostream &Err);

/// --profile FILE: the merged profile is read back, not decoded.
ReportResult reportOnProfileFile(const ReportOptions &O, const Manifest &M,
                                 const ProgramGraphs &G, raw_ostream &Out,
                                 raw_ostream &Err);

/// Functions the exports name must exist: checked before anything is
/// written.
Error checkExportFunctions(const ExportOptions &E, const Manifest &M) {
  std::vector<std::string> Names = E.Functions;
  if (!E.Dot.empty())
    Names.push_back(E.Dot);
  for (const std::string &N : Names)
    if (Expected<std::vector<unsigned>> F = findFunctions(M, N); !F)
      return F.takeError();
  return Error::success();
}

} // namespace

ReportResult runReport(const ReportOptions &O, raw_ostream &Out,
                       raw_ostream &Err) {
  ReportResult Result;
  auto Fail = [&](const Twine &Msg) {
    Err << O.ToolName << ": error: " << Msg << "\n";
    Result.ExitCode = 2;
    Result.Summary = O.ToolName + ": merge failed (see above)";
    return Result;
  };

  SmallString<256> ManifestPath(O.Dir);
  sys::path::append(ManifestPath, "manifest.json");
  if (!sys::fs::exists(ManifestPath))
    return Fail(ManifestPath + ": no such file (is " + O.Dir +
                " a directory written by p3-rewrite?)");
  if (isOspOutput(O.Dir)) // p3-rewrite --mode=osp: hot subpaths, not paths
    return runOspReport(ospReportOptions(O), Out, Err);
  Expected<Manifest> M = Manifest::readFile(ManifestPath);
  if (!M)
    return Fail(toString(M.takeError()));
  Expected<ProgramGraphs> G = buildProgramGraphs(*M);
  if (!G)
    return Fail(ManifestPath + ": " + toString(G.takeError()));

  // Read before anything is written: bad input writes nothing.
  if (!O.TrainFile.empty() && !sys::fs::is_regular_file(O.TrainFile))
    return Fail("--train " + O.TrainFile + ": no such file");
  if (!O.CheckFile.empty())
    if (Expected<ProfileFile> F = readProfileFile(O.CheckFile); !F)
      return Fail(toString(F.takeError()));

  if (Error E = checkExportFunctions(O.Exports, *M))
    return Fail(toString(std::move(E)));

  if (!O.ProfileInput.empty())
    return reportOnProfileFile(O, *M, *G, Out, Err);

  std::vector<std::string> Files = O.RawFiles;
  if (Files.empty()) {
    SmallString<256> ProfileDir(O.Dir);
    sys::path::append(ProfileDir, "profiles");
    if (!sys::fs::is_directory(ProfileDir))
      return Fail(ProfileDir + " does not exist: run the copies first (p3-run " +
                  O.Dir + " -- CMD) or name raw profiles");
    Files = findRawProfiles(ProfileDir);
    if (Files.empty())
      return Fail("no raw profiles (*.raw) in " + ProfileDir +
                  ": did the copies run to exit? (profiles are written at "
                  "exit; a crash or _exit() loses them)");
  }

  Diagnostics Diags;
  LoadOptions LO;
  LO.IgnoreForeign = O.IgnoreForeign;
  ProfileSet Set = loadProfiles(*M, *G, Files, LO, Diags);
  if (O.RawFiles.empty()) {
    SmallString<256> ProfileDir(O.Dir);
    sys::path::append(ProfileDir, "profiles");
    Expected<std::vector<FailedCopy>> Failed =
        readFailedCopies(failedCopiesPath(ProfileDir));
    if (!Failed)
      return Fail(toString(Failed.takeError()));
    Set.FailedReason.assign(Set.K, "");
    for (const FailedCopy &F : *Failed)
      if (F.Copy < Set.K && Set.FailedReason[F.Copy].empty())
        Set.FailedReason[F.Copy] = F.Reason.empty() ? "?" : F.Reason;
  }
  MergedProfile P;
  if (!Diags.hasErrors())
    P = mergeProfiles(*M, *G, Set, Diags);
  for (const std::string &W : Diags.Warnings)
    Err << O.ToolName << ": warning: " << W << "\n";
  if (Diags.hasErrors()) {
    for (const std::string &E : Diags.Errors)
      Err << O.ToolName << ": error: " << E << "\n";
    Err << O.ToolName << ": nothing written: " << Diags.Errors.size()
        << " problem" << (Diags.Errors.size() == 1 ? "" : "s")
        << " in the raw profiles\n";
    Result.ExitCode = 2;
    Result.Summary = formatv("{0}: merge failed: {1} problem(s) in the raw "
                             "profiles (see above)",
                             O.ToolName, Diags.Errors.size());
    return Result;
  }
  if (P.CopiesPresent.empty())
    return Fail("no raw profile belongs to " + ManifestPath);

  std::string Output = O.Output;
  if (Output.empty()) {
    SmallString<256> Path(O.Dir);
    sys::path::append(Path, "profile.json");
    Output = Path.str().str();
  }
  if (Error E = writeFileAtomically(Output, profileToJSON(*M, *G, P)))
    return Fail(toString(std::move(E)));

  std::vector<ProfileRun> Runs{singleRun(*M, P)};
  return finishReport(O, *M, *G, Set, P, std::move(Runs), Output, Out, Err);
}

namespace {

ReportResult reportOnProfileFile(const ReportOptions &O, const Manifest &M,
                                 const ProgramGraphs &G, raw_ostream &Out,
                                 raw_ostream &Err) {
  ReportResult Result;
  auto Fail = [&](const Twine &Msg) {
    Err << O.ToolName << ": error: " << Msg << "\n";
    Result.ExitCode = 2;
    Result.Summary = O.ToolName + ": report failed (see above)";
    return Result;
  };
  Expected<ProfileFile> PF = readProfileFile(O.ProfileInput);
  if (!PF)
    return Fail(toString(PF.takeError()));
  Expected<std::vector<ProfileRun>> Runs = runsOf(M, *PF, O.ProfileInput);
  if (!Runs)
    return Fail(toString(Runs.takeError()));

  MergedProfile P;
  P.ManifestHash = M.Hash;
  P.CopiesPresent = PF->CopiesPresent;
  for (unsigned GI = 0; GI < G.Graphs.size(); ++GI) {
    MergedFunction F;
    F.Index = G.FunctionOf[GI];
    const ManifestFunction &MF = M.Functions[F.Index];
    uint64_t Paths = G.Graphs[GI].SBL.numPaths();
    for (const ProfileRun &R : *Runs)
      for (auto [Id, Count] : R.Counts[F.Index]) {
        if (Id >= Paths)
          return Fail(formatv("{0}: function {1} has no path {2} (it has {3} "
                              "paths): the profile does not belong to this "
                              "manifest or is damaged",
                              O.ProfileInput, MF.Id, Id, Paths));
        F.Counts[Id] = addSaturating(F.Counts[Id], Count);
      }
    auto It = PF->Functions.find(MF.Id);
    if (It != PF->Functions.end())
      F.Lost = It->second.Lost;
    P.Functions.push_back(std::move(F));
  }
  // A stand-in for the raw profiles: which copies contributed.
  ProfileSet Set;
  Set.K = M.Strategy.K;
  Set.Processes.assign(Set.K, 0);
  Set.Idle.assign(Set.K, false);
  Set.ProbeHits.assign(Set.K, 0);
  Set.ProbeSections.assign(Set.K, 0);
  Set.FunctionProbeSections.assign(Set.K, 0);
  Set.ForkedProcesses.assign(Set.K, 0);
  for (unsigned C : P.CopiesPresent)
    if (C < Set.K)
      Set.Processes[C] = 1;
  return finishReport(O, M, G, Set, P, std::move(*Runs), "", Out, Err);
}

ReportResult finishReport(const ReportOptions &O, const Manifest &M0,
                          const ProgramGraphs &G0, const ProfileSet &Set,
                          const MergedProfile &P, std::vector<ProfileRun> Runs,
                          const std::string &Output, raw_ostream &Out,
                          raw_ostream &Err) {
  ReportResult Result;
  auto Fail = [&](const Twine &Msg) {
    Err << O.ToolName << ": error: " << Msg << "\n";
    Result.ExitCode = 2;
    Result.Summary = O.ToolName + ": report failed (see above)";
    return Result;
  };
  const Manifest *M = &M0;
  const ProgramGraphs *G = &G0;
  std::optional<ProfileFile> Training;
  if (!O.TrainFile.empty()) {
    // A training profile that cannot be used only changes auto's plan.
    if (Expected<ProfileFile> F = readProfileFile(O.TrainFile))
      Training = std::move(*F);
    else
      Err << O.ToolName << ": warning: cannot use the training profile: "
          << toString(F.takeError()) << "; auto+train rows are left out\n";
  }
  std::optional<ProfileFile> Other;
  if (!O.CheckFile.empty()) {
    Expected<ProfileFile> F = readProfileFile(O.CheckFile);
    if (!F)
      return Fail(toString(F.takeError()));
    Other = std::move(*F);
  }
  std::optional<CopyOverhead> Ov;
  if (O.Overhead || !O.Exports.Html.empty()) {
    Expected<CopyOverhead> C = computeOverhead(*M, *G, P, Set);
    if (C)
      Ov = std::move(*C);
    else if (O.Overhead)
      return Fail("overhead model: " + toString(C.takeError()));
    else
      consumeError(C.takeError());
    if (Ov) {
      SmallString<256> RunDir(O.Dir);
      sys::path::append(RunDir, "run");
      Ov->Records = readCopyRecords(RunDir, M->Strategy.K);
      if (llvm::none_of(Ov->Records,
                        [](const auto &R) { return R.has_value(); }))
        Ov->Records.clear();
    }
  }
  std::optional<std::vector<SimulationRow>> Sim;
  uint64_t SimSBL = 0;
  if (!O.SimulateK.empty()) {
    std::string TrainingSummary;
    Expected<std::vector<SimulationRow>> Rows = simulateStrategies(
        *M, *G, P, O.SimulateK, O.Strategies, SimSBL,
        Training ? &*Training : nullptr, &TrainingSummary, O.StaticInvokedOnce);
    if (!Rows)
      return Fail("simulation: " + toString(Rows.takeError()));
    Sim = std::move(*Rows);
    if (!TrainingSummary.empty())
      Err << O.ToolName << ": note: training profile " << O.TrainFile << ": "
          << TrainingSummary << "\n";
  }
  std::optional<std::vector<ProfileDifference>> Diffs;
  if (Other)
    Diffs = compareProfiles(toProfileFile(*M, P), *Other);

  TextReportOptions TO;
  TO.Top = O.Top;
  TO.TopPerFunction = O.TopPerFunction;
  TO.Dir = O.Dir;
  TO.ProfileSource = O.ProfileInput;
  TO.Runs = Runs.size();
  std::string Text;
  {
    raw_string_ostream OS(Text);
    writeTextReport(OS, *M, *G, Set, P, TO);
    if (Ov)
      writeOverheadReport(OS, *M, *Ov);
    if (Sim)
      writeSimulationReport(OS, *Sim, SimSBL);
    if (Diffs) {
      OS << "\n";
      writeDifferences(OS, *Diffs, O.CheckFile);
    }
  }
  {
    ReportData Data{*M, *G, Set, P, std::move(Runs), Ov ? &*Ov : nullptr,
                    O.Dir, O.ProfileInput};
    std::vector<std::string> Warnings;
    Error E = writeExports(O.Exports, Data, Out, Warnings);
    for (const std::string &W : Warnings)
      Err << O.ToolName << ": warning: " << W << "\n";
    if (E)
      return Fail(toString(std::move(E)));
  }
  if (O.PrintReport && !O.Exports.takesStdout()) {
    if (O.JSON)
      Out << formatv("{0:2}",
                     reportJSON(*M, *G, Set, P, O, Ov ? &*Ov : nullptr,
                                Sim ? &*Sim : nullptr, SimSBL,
                                Diffs ? &*Diffs : nullptr))
          << "\n";
    else
      Out << Text;
  }
  if (!O.ReportFile.empty())
    if (Error E = writeFileAtomically(O.ReportFile, Text))
      return Fail(toString(std::move(E)));

  // The one-line summary p3-run prints.
  unsigned Missing = 0;
  for (unsigned C = 0; C < Set.K; ++C)
    Missing += !Set.present(C);
  unsigned Nondet = 0, Lossy = 0;
  size_t Paths = 0;
  for (const MergedFunction &F : P.Functions) {
    Nondet += F.Disagreements.size();
    Paths += F.Counts.size();
    Lossy += F.Lost != 0;
  }
  std::string S;
  raw_string_ostream SOS(S);
  SOS << O.ToolName << ": merged " << Set.Files.size() << " raw profile"
      << (Set.Files.size() == 1 ? "" : "s") << " from "
      << P.CopiesPresent.size() << "/" << Set.K << " copies: " << Paths
      << " distinct paths, " << format("%.0Lf", P.totalExecutions())
      << " path executions";
  if (!Output.empty())
    SOS << " -> " << Output;
  if (!O.ReportFile.empty())
    SOS << (Output.empty() ? " -> " : ", ") << O.ReportFile;
  if (Missing)
    SOS << "; WARNING: " << Missing << " cop" << (Missing == 1 ? "y" : "ies")
        << " missing, profile incomplete";
  if (Nondet)
    SOS << "; WARNING: " << Nondet << " nondeterministic path"
        << (Nondet == 1 ? "" : "s");
  if (Lossy)
    SOS << "; WARNING: executions lost in " << Lossy << " function"
        << (Lossy == 1 ? "" : "s");
  Result.Summary = SOS.str();
  if (Diffs && !Diffs->empty()) {
    if (!O.PrintReport || O.JSON)
      writeDifferences(Err, *Diffs, O.CheckFile);
    Result.ExitCode = 1;
  }
  return Result;
}

} // namespace

int runMergeProfiles(ArrayRef<std::string> Files, const std::string &Output,
                     raw_ostream &Err) {
  if (Output.empty()) {
    Err << "p3-report: error: --merge needs -o ALL.json (where to write the "
           "merged profile)\n";
    return 2;
  }
  Expected<std::string> Text = mergeProfileFiles(Files);
  if (!Text) {
    Err << "p3-report: error: " << toString(Text.takeError())
        << "\np3-report: nothing written\n";
    return 2;
  }
  if (Error E = writeFileAtomically(Output, *Text)) {
    Err << "p3-report: error: " << toString(std::move(E)) << "\n";
    return 2;
  }
  Err << "p3-report: merged " << Files.size() << " profile"
      << (Files.size() == 1 ? "" : "s") << " -> " << Output << "\n";
  return 0;
}

} // namespace p3
