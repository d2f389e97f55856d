//===- ReportDriver.cpp - Load, check, merge and report ------------------===//

#include "Profile/ReportDriver.h"
#include "Profile/OspReport.h"
#include "Profile/AtomicWrite.h"
#include "Profile/MergedProfile.h"
#include "Profile/Overhead.h"
#include "Profile/TextReport.h"
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
  json::Array Missing;
  for (unsigned C = 0; C < Set.K; ++C)
    if (!Set.present(C))
      Missing.push_back(C);
  Top["missing_copies"] = std::move(Missing);
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
  for (const MergedFunction &F : P.Functions) {
    const ManifestFunction &MF = M.Functions[F.Index];
    uint64_t All = G.graphOf(F.Index)->SBL.numPaths();
    Functions.push_back(json::Object{{"index", F.Index},
                                     {"id", MF.Id},
                                     {"name", MF.Name},
                                     {"file", MF.File},
                                     {"line", MF.Line},
                                     {"executed_paths", u64ToJSON(F.Counts.size())},
                                     {"total_paths", u64ToJSON(All)},
                                     {"dropped", u64ToJSON(F.Dropped)},
                                     {"lost", u64ToJSON(F.Lost)}});
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
    Top["overhead"] = std::move(OvJ);
  }
  if (Sim) {
    json::Array Rows;
    for (const SimulationRow &R : *Sim) {
      json::Array Hits;
      for (uint64_t H : R.Hits)
        Hits.push_back(u64ToJSON(H));
      Rows.push_back(json::Object{{"strategy", strategyName(R.Strategy)},
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
  std::optional<ProfileFile> Other;
  if (!O.CheckFile.empty()) {
    Expected<ProfileFile> F = readProfileFile(O.CheckFile);
    if (!F)
      return Fail(toString(F.takeError()));
    Other = std::move(*F);
  }

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

  std::optional<CopyOverhead> Ov;
  if (O.Overhead) {
    Expected<CopyOverhead> C = computeOverhead(*M, *G, P, Set);
    if (!C)
      return Fail("overhead model: " + toString(C.takeError()));
    Ov = std::move(*C);
  }
  std::optional<std::vector<SimulationRow>> Sim;
  uint64_t SimSBL = 0;
  if (!O.SimulateK.empty()) {
    Expected<std::vector<SimulationRow>> Rows =
        simulateStrategies(*M, *G, P, O.SimulateK, O.Strategies, SimSBL);
    if (!Rows)
      return Fail("simulation: " + toString(Rows.takeError()));
    Sim = std::move(*Rows);
  }
  std::optional<std::vector<ProfileDifference>> Diffs;
  if (Other)
    Diffs = compareProfiles(toProfileFile(*M, P), *Other);

  TextReportOptions TO;
  TO.Top = O.Top;
  TO.TopPerFunction = O.TopPerFunction;
  TO.Dir = O.Dir;
  std::string Text;
  {
    raw_string_ostream OS(Text);
    writeTextReport(OS, *M, *G, Set, P, TO);
    if (Ov)
      writeOverheadReport(OS, *Ov);
    if (Sim)
      writeSimulationReport(OS, *Sim, SimSBL);
    if (Diffs) {
      OS << "\n";
      writeDifferences(OS, *Diffs, O.CheckFile);
    }
  }
  if (O.PrintReport) {
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
  unsigned Missing = Set.K - P.CopiesPresent.size();
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
      << " path executions -> " << Output;
  if (!O.ReportFile.empty())
    SOS << ", " << O.ReportFile;
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

} // namespace p3
