//===- TextReport.cpp - The human-readable path profile report -----------===//

#include "Profile/TextReport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;

namespace p3 {

std::vector<RankedPath> rankPaths(const MergedProfile &P) {
  std::vector<RankedPath> Paths;
  for (const MergedFunction &F : P.Functions)
    for (auto [Id, Count] : F.Counts)
      Paths.push_back({F.Index, Id, Count});
  std::stable_sort(Paths.begin(), Paths.end(),
                   [](const RankedPath &A, const RankedPath &B) {
                     return A.Count > B.Count;
                   });
  return Paths;
}

double share(uint64_t Count, long double Total) {
  return Total > 0 ? double(Count * 100.0L / Total) : 0.0;
}

namespace {

std::string percent(uint64_t Count, long double Total) {
  return formatv("{0:F2}%", share(Count, Total)).str();
}

std::string location(const ManifestFunction &MF) {
  if (MF.Line)
    return formatv("{0}:{1}", MF.File, MF.Line).str();
  return MF.File;
}

/// Manifest indices sorted by source position, then name.
std::vector<unsigned> sourceOrder(const Manifest &M,
                                  ArrayRef<unsigned> Functions) {
  std::vector<unsigned> Order(Functions.begin(), Functions.end());
  std::stable_sort(Order.begin(), Order.end(), [&](unsigned A, unsigned B) {
    const ManifestFunction &FA = M.Functions[A], &FB = M.Functions[B];
    return std::tie(FA.File, FA.Line, FA.Name) <
           std::tie(FB.File, FB.Line, FB.Name);
  });
  return Order;
}

/// Rows of cells, the last column left unpadded (paths can be long).
class Table {
public:
  explicit Table(std::vector<bool> RightAligned)
      : Right(std::move(RightAligned)) {}
  /// Short rows are padded with empty cells.
  void row(std::vector<std::string> Cells) {
    Cells.resize(std::max(Cells.size(), Right.size()));
    Rows.push_back(std::move(Cells));
  }
  void print(raw_ostream &OS, StringRef Indent = "  ") const {
    std::vector<size_t> Width(Right.size(), 0);
    for (const auto &R : Rows)
      for (unsigned I = 0; I < R.size(); ++I)
        Width[I] = std::max(Width[I], R[I].size());
    for (const auto &R : Rows) {
      std::string Line = Indent.str();
      for (unsigned I = 0; I < R.size(); ++I) {
        bool Last = I + 1 == R.size();
        // A left-aligned last column (paths) is not padded: no trailing
        // blanks.
        size_t Pad = Last && !Right[I] ? 0 : Width[I] - R[I].size();
        if (Right[I])
          Line += std::string(Pad, ' ') + R[I];
        else
          Line += R[I] + std::string(Pad, ' ');
        if (!Last)
          Line += "  ";
      }
      OS << StringRef(Line).rtrim(' ') << "\n";
    }
  }

private:
  std::vector<bool> Right;
  std::vector<std::vector<std::string>> Rows;
};

} // namespace

void writeTextReport(raw_ostream &OS, const Manifest &M,
                     const ProgramGraphs &G, const ProfileSet &Set,
                     const MergedProfile &P, const TextReportOptions &O) {
  unsigned K = M.Strategy.K;
  long double Total = P.totalExecutions();
  std::vector<RankedPath> Ranked = rankPaths(P);
  unsigned Skipped = 0;
  for (const ManifestFunction &MF : M.Functions)
    Skipped += !MF.Instrumented;

  OS << "p3 path profile" << (O.Dir.empty() ? "" : " of " + O.Dir)
     << " (manifest " << M.Hash << ", strategy " << strategyName(M.Strategy.Kind)
     << ", k = " << K << ")\n";
  if (!O.ProfileSource.empty()) {
    OS << "  merged profile " << O.ProfileSource;
    if (O.Runs > 1)
      OS << " (" << O.Runs << " runs)";
    OS << "; copies present:";
    for (unsigned C = 0; C < K; ++C)
      if (Set.present(C))
        OS << " " << C;
  } else {
    OS << "  " << Set.Files.size() << " raw profile"
       << (Set.Files.size() == 1 ? "" : "s") << "; processes per copy:";
    for (unsigned C = 0; C < K; ++C)
      OS << " " << C << ":" << Set.Processes[C];
  }
  OS << "\n  " << G.Graphs.size() << " function"
     << (G.Graphs.size() == 1 ? "" : "s") << " instrumented, " << Skipped
     << " skipped; " << Ranked.size() << " distinct path"
     << (Ranked.size() == 1 ? "" : "s") << " executed, "
     << format("%.0Lf", Total) << " path executions\n";

  // Everything that makes the profile inexact comes first: it qualifies all
  // the numbers below.
  std::vector<unsigned> Missing, Failed;
  for (unsigned C = 0; C < K; ++C) {
    if (Set.failed(C) && !Set.Idle[C])
      Failed.push_back(C);
    else if (!Set.present(C))
      Missing.push_back(C);
  }
  if (!Failed.empty()) {
    OS << "\nWARNING: cop" << (Failed.size() == 1 ? "y" : "ies");
    for (unsigned I = 0; I < Failed.size(); ++I)
      OS << (I ? ", " : " ") << Failed[I];
    OS << " failed in a run whose profiles are merged here: paths that only "
       << (Failed.size() == 1 ? "it profiles" : "they profile")
       << " are missing or undercounted and the profile is incomplete.\n";
    for (unsigned C : Failed)
      OS << "  copy " << C << ": " << Set.FailedReason[C] << "\n";
    OS << "  Run the copies again (p3-run --fresh, with --retry N) and report "
          "again.\n";
  }
  if (!Missing.empty()) {
    OS << "\nWARNING: no raw profile from cop" << (Missing.size() == 1 ? "y" : "ies");
    for (unsigned I = 0; I < Missing.size(); ++I)
      OS << (I ? ", " : " ") << Missing[I];
    OS << ": paths that only " << (Missing.size() == 1 ? "it profiles" : "they profile")
       << " are missing and the profile is incomplete.\n"
       << "  Run every copy on the same input (p3-run does) and report again.\n";
  }
  std::vector<const MergedFunction *> Lossy;
  for (const MergedFunction &F : P.Functions)
    if (F.Lost)
      Lossy.push_back(&F);
  if (!Lossy.empty()) {
    OS << "\nWARNING: the runtime lost path executions (no memory for its "
          "hash table);\n  the counts of these functions are too low:\n";
    for (const MergedFunction *F : Lossy) {
      const ManifestFunction &MF = M.Functions[F->Index];
      OS << "  " << MF.Name << " (" << location(MF) << "): " << F->Lost
         << " executions lost\n";
    }
  }
  unsigned NumDisagreements = 0;
  for (const MergedFunction &F : P.Functions)
    NumDisagreements += F.Disagreements.size();
  if (NumDisagreements) {
    OS << "\nWARNING: nondeterminism: " << NumDisagreements << " path"
       << (NumDisagreements == 1 ? " was" : "s were")
       << " counted differently by copies that all profile "
       << (NumDisagreements == 1 ? "it" : "them")
       << ";\n  the program did not run the same way in every copy, so the "
          "merged profile may be inexact (it keeps the largest count).\n";
    unsigned Shown = 0;
    for (const MergedFunction &F : P.Functions) {
      const ManifestFunction &MF = M.Functions[F.Index];
      for (const CopyDisagreement &D : F.Disagreements) {
        if (Shown == O.MaxDisagreements)
          break;
        ++Shown;
        OS << "  " << MF.Name << " path " << D.SBLId << " ("
           << formatPath(MF, *G.graphOf(F.Index), D.SBLId) << "):";
        for (unsigned I = 0; I < D.CountByCopy.size(); ++I)
          OS << (I ? ", " : " ") << "copy " << D.CountByCopy[I].first << " "
             << D.CountByCopy[I].second;
        OS << "\n";
      }
    }
    if (NumDisagreements > O.MaxDisagreements)
      OS << "  ... and " << NumDisagreements - O.MaxDisagreements
         << " more\n";
  }

  OS << "\nHottest paths";
  if (Ranked.empty()) {
    OS << ": none (no instrumented function ran)\n";
  } else {
    unsigned N = std::min<size_t>(O.Top, Ranked.size());
    OS << " (" << N << " of " << Ranked.size() << ")\n";
    Table T({true, true, false, true, false});
    T.row({"count", "share", "function", "sbl_id", "path"});
    for (unsigned I = 0; I < N; ++I) {
      const RankedPath &R = Ranked[I];
      const ManifestFunction &MF = M.Functions[R.Function];
      T.row({utostr(R.Count), percent(R.Count, Total), MF.Name,
             utostr(R.SBLId), formatPath(MF, *G.graphOf(R.Function), R.SBLId)});
    }
    if (N)
      T.print(OS);
  }

  // Per function, hottest functions first.
  std::vector<std::pair<long double, const MergedFunction *>> ByHeat;
  for (const MergedFunction &F : P.Functions) {
    long double Sum = 0;
    for (auto [Id, Count] : F.Counts)
      Sum += Count;
    if (Sum > 0)
      ByHeat.push_back({Sum, &F});
  }
  std::stable_sort(ByHeat.begin(), ByHeat.end(),
                   [](auto &A, auto &B) { return A.first > B.first; });
  if (!ByHeat.empty() && O.TopPerFunction) {
    OS << "\nHottest paths per function (hottest functions first)\n";
    for (auto &[Sum, F] : ByHeat) {
      const ManifestFunction &MF = M.Functions[F->Index];
      const FunctionGraph &FG = *G.graphOf(F->Index);
      OS << "  " << MF.Name << " (" << location(MF) << "): "
         << format("%.0Lf", Sum) << " executions, "
         << format("%.2f", double(Total > 0 ? Sum * 100 / Total : 0))
         << "% of all\n";
      std::vector<std::pair<uint64_t, uint64_t>> Paths(F->Counts.begin(),
                                                       F->Counts.end());
      std::stable_sort(Paths.begin(), Paths.end(),
                       [](auto &A, auto &B) { return A.second > B.second; });
      Table T({true, true, true, false});
      unsigned N = std::min<size_t>(O.TopPerFunction, Paths.size());
      for (unsigned I = 0; I < N; ++I)
        T.row({utostr(Paths[I].second), percent(Paths[I].second, Total),
               "#" + utostr(Paths[I].first),
               formatPath(MF, FG, Paths[I].first)});
      T.print(OS, "    ");
      if (Paths.size() > N)
        OS << "    ... " << Paths.size() - N << " more path"
           << (Paths.size() - N == 1 ? "" : "s") << "\n";
    }
  }

  OS << "\nPath coverage (executed / total paths)\n";
  std::vector<unsigned> Instrumented(G.FunctionOf.begin(), G.FunctionOf.end());
  if (Instrumented.empty()) {
    OS << "  no instrumented function\n";
  } else {
    Table T({false, false, true, true, true});
    T.row({"location", "function", "executed", "total", "coverage"});
    for (unsigned F : sourceOrder(M, Instrumented)) {
      const ManifestFunction &MF = M.Functions[F];
      uint64_t Executed = P.Functions[G.GraphOf[F]].Counts.size();
      uint64_t All = G.graphOf(F)->SBL.numPaths();
      T.row({location(MF), MF.Name, utostr(Executed), utostr(All),
             formatv("{0:F1}%", All ? Executed * 100.0 / All : 0.0).str()});
    }
    T.print(OS);
  }

  if (Skipped) {
    OS << "\nSkipped functions (not instrumented; no paths for them)\n";
    std::vector<unsigned> List;
    for (unsigned F = 0; F < M.Functions.size(); ++F)
      if (!M.Functions[F].Instrumented)
        List.push_back(F);
    Table T({false, false, false});
    for (unsigned F : sourceOrder(M, List)) {
      const ManifestFunction &MF = M.Functions[F];
      T.row({location(MF), MF.Name,
             MF.SkipReason.empty() ? "(no reason recorded)" : MF.SkipReason});
    }
    T.print(OS);
  }

  std::vector<unsigned> Noted;
  for (unsigned F = 0; F < M.Functions.size(); ++F)
    if (!M.Functions[F].Notes.empty())
      Noted.push_back(F);
  if (!Noted.empty()) {
    OS << "\nNotes from p3-rewrite (what it could not profile exactly)\n";
    for (unsigned F : sourceOrder(M, Noted)) {
      const ManifestFunction &MF = M.Functions[F];
      for (const std::string &N : MF.Notes)
        OS << "  " << location(MF) << "  " << MF.Name << ": " << N << "\n";
    }
  }

  uint64_t Dropped = P.totalDropped();
  if (Dropped) {
    OS << "\nDropped ids (executions recorded by a copy for paths that "
          "another copy profiles;\nexpected with PSPP, not lost)\n";
    Table T({false, true});
    for (const MergedFunction &F : P.Functions)
      if (F.Dropped)
        T.row({M.Functions[F.Index].Name, utostr(F.Dropped)});
    T.row({"total", utostr(Dropped)});
    T.print(OS);
  }
}

namespace {

/// Whether the measured probes agree with the model, and if not, what can
/// explain it in each direction.
void writeMeasuredVerdict(raw_ostream &OS, const CopyOverhead &O) {
  if (O.measuredAgrees()) {
    OS << "  measured probe counts agree with the model\n";
    return;
  }
  bool Above = false, Below = false;
  unsigned Forked = 0;
  for (unsigned C = 0; C < O.ModelHits.size(); ++C) {
    if (!O.Present[C])
      continue;
    Above |= O.MeasuredHits[C] > O.ModelHits[C];
    Below |= O.MeasuredHits[C] < O.ModelHits[C];
    if (O.MeasuredHits[C] < O.ModelHits[C] && C < O.ForkedProcesses.size())
      Forked += O.ForkedProcesses[C];
  }
  OS << "  WARNING: measured probe counts differ from the model:";
  if (Above)
    OS << " more probes ran than the counted paths carry where paths were "
          "cut short (exit() or longjmp from a callee, an exception leaving "
          "a function: their probes ran but no path was counted);";
  if (Below && Forked)
    OS << " fewer where forked children (" << Forked
       << (Forked == 1 ? " process" : " processes")
       << ") finished paths that were in progress at their fork "
          "(the probes those paths ran before the fork were counted in the "
          "parent);";
  OS << " anything else means the runtime and the manifest disagree about "
        "probes (a bug worth reporting)\n";
}

/// The functions where measured probes and model differ, largest first: where
/// to look for a cut path or a probe the manifest does not describe.
void writeProbeDisagreements(raw_ostream &OS, const Manifest &M,
                             const CopyOverhead &O) {
  if (O.Disagreements.empty())
    return;
  const unsigned Shown = 20;
  OS << "\nFunctions whose measured probes differ from the model\n";
  Table T({false, true, true, true, true});
  T.row({"function", "copy", "model", "measured", "difference"});
  for (unsigned I = 0; I < O.Disagreements.size() && I < Shown; ++I) {
    const FunctionProbeDisagreement &D = O.Disagreements[I];
    const ManifestFunction &F = M.Functions[D.Function];
    std::string Diff = D.Measured >= D.Model
                           ? "+" + utostr(D.Measured - D.Model)
                           : "-" + utostr(D.Model - D.Measured);
    T.row({formatv("{0} ({1}:{2})", F.Name, F.File, F.Line).str(),
           utostr(D.Copy), utostr(D.Model), utostr(D.Measured), Diff});
  }
  T.print(OS);
  if (O.Disagreements.size() > Shown)
    OS << "  ... and " << O.Disagreements.size() - Shown
       << " more (all of them in --json)\n";
}

} // namespace

void writeOverheadReport(raw_ostream &OS, const Manifest &M,
                         const CopyOverhead &O) {
  OS << "\nOverhead: probe hits per copy (overhead model on the merged "
        "profile)\n";
  bool Measured = !O.MeasuredHits.empty();
  bool Timed = !O.Records.empty();
  std::vector<bool> Right{false, true, true};
  std::vector<std::string> Head{"copy", "model", "vs SBL"};
  if (Measured) {
    Right.insert(Right.end(), {true, false});
    Head.insert(Head.end(), {"measured", "agrees"});
  }
  if (Timed) {
    Right.insert(Right.end(), {true, true});
    Head.insert(Head.end(), {"wall s", "cpu s"});
  }
  Table T(Right);
  T.row(Head);
  auto Ratio = [&](uint64_t Hits) {
    return O.SBLHits ? formatv("{0:F3}", double(Hits) / O.SBLHits).str()
                     : std::string("-");
  };
  for (unsigned C = 0; C < O.ModelHits.size(); ++C) {
    std::vector<std::string> Row{utostr(C), utostr(O.ModelHits[C]),
                                 Ratio(O.ModelHits[C])};
    if (Measured) {
      if (O.Present[C]) {
        Row.push_back(utostr(O.MeasuredHits[C]));
        Row.push_back(O.MeasuredHits[C] == O.ModelHits[C] ? "yes" : "NO");
      } else {
        Row.push_back("-");
        Row.push_back("(no profile)");
      }
    }
    if (Timed) {
      const std::optional<CopyRecord> &R = O.Records[C];
      Row.push_back(R ? formatv("{0:F2}", R->WallSeconds).str() : "-");
      Row.push_back(R ? formatv("{0:F2}", R->cpuSeconds()).str() : "-");
    }
    T.row(Row);
  }
  T.row({"max", utostr(O.maxModelHits()), Ratio(O.maxModelHits())});
  T.row({"SBL", utostr(O.SBLHits), Ratio(O.SBLHits)});
  T.print(OS);
  if (Measured)
    writeMeasuredVerdict(OS, O);
  else
    OS << "  (no measured counts: build the copies with -DP3_COUNT_PROBES "
          "to compare)\n";
  if (Timed)
    OS << "  wall s, cpu s: each copy's wall-clock and CPU time in the last "
          "p3-run (DIR/run/copy-<i>.time)\n";
  writeProbeDisagreements(OS, M, O);
}

void writeSimulationReport(raw_ostream &OS, ArrayRef<SimulationRow> Rows,
                           uint64_t SBLHits) {
  OS << "\nSimulated overhead (max probe hits over copies; SBL = "
     << SBLHits << ")\n";
  Table T({false, true, true, true});
  T.row({"strategy", "k", "max hits", "vs SBL"});
  for (const SimulationRow &R : Rows)
    T.row({simulationLabel(R), utostr(R.K), utostr(R.MaxHits),
           SBLHits ? formatv("{0:F3}", R.Ratio).str() : std::string("-")});
  T.print(OS);
}

void writeDifferences(raw_ostream &OS, ArrayRef<ProfileDifference> Diffs,
                      StringRef Other, unsigned Max) {
  if (Diffs.empty()) {
    OS << "check: the merged profile equals " << Other << "\n";
    return;
  }
  OS << "check: the merged profile differs from " << Other << " on "
     << Diffs.size() << " path" << (Diffs.size() == 1 ? "" : "s") << "\n";
  Table T({false, true, true, true});
  T.row({"function", "sbl_id", "merged", "other"});
  for (unsigned I = 0; I < Diffs.size() && I < Max; ++I)
    T.row({Diffs[I].Function, utostr(Diffs[I].SBLId), utostr(Diffs[I].Ours),
           utostr(Diffs[I].Theirs)});
  T.print(OS);
  if (Diffs.size() > Max)
    OS << "  ... and " << Diffs.size() - Max << " more\n";
}

} // namespace p3
