//===- ProfileSet.cpp - Raw profiles loaded and checked ------------------===//

#include "Profile/ProfileSet.h"
#include "Profile/RawProfile.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace llvm;

namespace p3 {

std::vector<bool> ProfileSet::presentCopies() const {
  std::vector<bool> P(K);
  for (unsigned C = 0; C < K; ++C)
    P[C] = present(C);
  return P;
}

bool ProfileSet::hasMeasuredFunctionProbes() const {
  if (!hasMeasuredProbes())
    return false;
  for (unsigned C = 0; C < K; ++C)
    if (FunctionProbeSections[C] != ProbeSections[C])
      return false;
  return true;
}

bool ProfileSet::hasMeasuredProbes() const {
  bool Any = false;
  for (unsigned C = 0; C < K; ++C) {
    if (!present(C))
      continue;
    if (ProbeSections[C] != Processes[C])
      return false;
    Any = true;
  }
  return Any;
}

std::vector<std::string> findRawProfiles(StringRef Dir) {
  std::vector<std::string> Files;
  std::error_code EC;
  for (sys::fs::recursive_directory_iterator It(Dir, EC), End;
       It != End && !EC; It.increment(EC)) {
    if (sys::path::extension(It->path()) != ".raw")
      continue;
    ErrorOr<sys::fs::basic_file_status> St = It->status();
    if (St && St->type() == sys::fs::file_type::regular_file)
      Files.push_back(It->path());
  }
  llvm::sort(Files);
  return Files;
}

namespace {

std::string functionName(const Manifest &M, unsigned F) {
  return formatv("function {0} ({1})", F, M.Functions[F].Id).str();
}

/// Adds \p N to \p Sum, staying at UINT64_MAX instead of wrapping.
void addSaturating(uint64_t &Sum, uint64_t N) {
  Sum = Sum > UINT64_MAX - N ? UINT64_MAX : Sum + N;
}

/// Checks one section and adds its records. \p Problems counts the file's
/// problems so far; only the first MaxProblems are reported.
void addSection(const Manifest &M, const ProgramGraphs &G, StringRef File,
                unsigned SectionNo, const RawSection &S, unsigned MaxProblems,
                unsigned &Problems, ProfileSet &Set, Diagnostics &Diags) {
  std::string Where =
      formatv("{0}: section {1} (copy {2}, pid {3})", File, SectionNo + 1,
              S.Copy, S.Pid)
          .str();
  auto Problem = [&](const Twine &Msg) {
    if (++Problems <= MaxProblems)
      Diags.error(Where + ": " + Msg);
  };
  // Whether the function of a summary line (dropped, lost, function-probes)
  // is instrumented in the section's copy; a problem, "<What> function <F>,
  // which is not instrumented...", if not.
  auto InstrumentedHere = [&](const RawFunctionCount &L, StringRef What) {
    if (L.Function < M.Functions.size() && G.graphOf(L.Function) &&
        M.Functions[L.Function].Instances[S.Copy].isInstrumented())
      return true;
    Problem(formatv("{0} function {1}, which is not instrumented in copy {2}",
                    What, L.Function, S.Copy));
    return false;
  };
  for (const RawRecord &R : S.Records) {
    if (R.Function >= M.Functions.size()) {
      Problem(formatv("function index {0} does not exist (the manifest has "
                      "{1} functions)",
                      R.Function, M.Functions.size()));
      continue;
    }
    const ManifestFunction &MF = M.Functions[R.Function];
    const FunctionGraph *FG = G.graphOf(R.Function);
    if (!MF.Instrumented || !FG) {
      Problem(functionName(M, R.Function) +
              ": has counts but is not instrumented (" + MF.SkipReason + ")");
      continue;
    }
    const Instance &I = MF.Instances[S.Copy];
    if (!I.isInstrumented()) {
      Problem(functionName(M, R.Function) +
              formatv(": has counts but is not instrumented in copy {0}",
                      S.Copy));
      continue;
    }
    if (I.Kind == InstanceKind::BallLarus &&
        !decodeRecordedId(FG->DAG, I, R.Id)) {
      Problem(functionName(M, R.Function) +
              formatv(": path id {0} does not decode (Ball-Larus ids of this "
                      "function are 0..{1})",
                      R.Id, FG->SBL.numPaths() - 1));
      continue;
    }
    // No process counts a path 2^63 times; such a count went below zero
    // (an eager count of a path cut short, made before a fork and undone in
    // the child, by a copy built with a runtime header older than the fork
    // generation guard) or the file is corrupt.
    if (R.Count > uint64_t(INT64_MAX)) {
      Problem(functionName(M, R.Function) +
              formatv(": the count of path id {0} is {1}, above 2^63 - 1: a "
                      "count that went below zero or a corrupt profile",
                      R.Id, R.Count));
      continue;
    }
    uint64_t &Count = Set.Counts[R.Function][S.Copy][R.Id];
    if (__builtin_add_overflow(Count, R.Count, &Count)) {
      Problem(functionName(M, R.Function) +
              formatv(": the count of path id {0} overflows 64 bits when "
                      "adding {1}",
                      R.Id, R.Count));
      Count = UINT64_MAX;
    }
  }
  for (const RawFunctionCount &D : S.Dropped) {
    if (!InstrumentedHere(D, "dropped counts for"))
      continue;
    const Instance &I = M.Functions[D.Function].Instances[S.Copy];
    if (I.Kind != InstanceKind::PSPP) {
      // Every id of a Ball-Larus instance is below its number of paths.
      Problem(functionName(M, D.Function) +
              formatv(": {0} executions with path ids at or above its {1} "
                      "ids, which its instance cannot produce",
                      D.Count, I.NumIds));
      continue;
    }
    addSaturating(Set.Dropped[D.Function][S.Copy], D.Count);
  }
  for (const RawFunctionCount &L : S.Lost) {
    if (!InstrumentedHere(L, "lost counts for"))
      continue;
    addSaturating(Set.Lost[L.Function][S.Copy], L.Count);
    Diags.warning(Where + ": " + functionName(M, L.Function) +
                  formatv(": the runtime lost {0} path executions (no memory "
                          "for its hash table); the function's profile is "
                          "incomplete",
                          L.Count));
  }
  for (const RawFunctionCount &P : S.FunctionProbes)
    if (InstrumentedHere(P, "probes counted in"))
      addSaturating(Set.FunctionProbeHits[P.Function][S.Copy], P.Count);
}

} // namespace

ProfileSet loadProfiles(const Manifest &M, const ProgramGraphs &G,
                        ArrayRef<std::string> Files,
                        const LoadOptions &Options, Diagnostics &Diags) {
  ProfileSet Set;
  Set.K = M.Strategy.K;
  Set.Processes.assign(Set.K, 0);
  Set.Idle.assign(Set.K, true);
  for (const ManifestFunction &F : M.Functions)
    for (unsigned C = 0; C < F.Instances.size() && C < Set.K; ++C)
      if (F.Instances[C].isInstrumented())
        Set.Idle[C] = false;
  Set.ProbeHits.assign(Set.K, 0);
  Set.ProbeSections.assign(Set.K, 0);
  Set.Counts.resize(M.Functions.size());
  Set.Lost.resize(M.Functions.size());
  Set.Dropped.resize(M.Functions.size());
  Set.FunctionProbeHits.resize(M.Functions.size());
  Set.FunctionProbeSections.assign(Set.K, 0);
  Set.ForkedProcesses.assign(Set.K, 0);
  for (unsigned F = 0; F < M.Functions.size(); ++F)
    if (G.graphOf(F)) {
      Set.Counts[F].resize(Set.K);
      Set.Lost[F].assign(Set.K, 0);
      Set.Dropped[F].assign(Set.K, 0);
      Set.FunctionProbeHits[F].assign(Set.K, 0);
    }

  StringSet<> Seen;
  for (const std::string &File : Files) {
    SmallString<256> Real;
    if (!sys::fs::real_path(File, Real) && !Seen.insert(Real).second) {
      Diags.warning(File + ": given twice; read once");
      continue;
    }
    Expected<RawProfile> P = readRawProfile(File);
    if (!P) {
      std::string Msg = toString(P.takeError());
      Diags.error(StringRef(Msg).contains(File) ? Twine(Msg)
                                                : File + ": " + Msg);
      continue;
    }
    if (P->Sections.empty()) {
      Diags.warning(File + ": empty raw profile (no section); ignored");
      continue;
    }
    unsigned Problems = 0;
    bool Used = false;
    for (unsigned SNo = 0; SNo < P->Sections.size(); ++SNo) {
      const RawSection &S = P->Sections[SNo];
      if (S.ManifestHash != M.Hash) {
        std::string Msg = formatv("{0}: written for manifest {1}, not for "
                                  "this one ({2})",
                                  File, S.ManifestHash, M.Hash)
                              .str();
        if (Options.IgnoreForeign)
          Diags.warning(Msg + "; skipped (--ignore-foreign)");
        else
          Diags.error(Msg + ": a profile of another rewrite of the sources; "
                            "remove it or pass --ignore-foreign");
        continue;
      }
      if (S.Copy >= Set.K) {
        Diags.error(formatv("{0}: copy {1} does not exist (the manifest has "
                            "k = {2})",
                            File, S.Copy, Set.K));
        ++Problems;
        continue;
      }
      addSection(M, G, File, SNo, S, Options.MaxProblemsPerFile, Problems,
                 Set, Diags);
      ++Set.Processes[S.Copy];
      if (S.Forked)
        ++Set.ForkedProcesses[S.Copy];
      if (S.ProbeHits) {
        ++Set.ProbeSections[S.Copy];
        Set.ProbeHits[S.Copy] += *S.ProbeHits;
        if (!S.FunctionProbes.empty() || *S.ProbeHits == 0)
          ++Set.FunctionProbeSections[S.Copy];
      }
      Used = true;
    }
    if (Problems > Options.MaxProblemsPerFile)
      Diags.error(formatv("{0}: {1} more problems not shown (the file is "
                          "corrupt or belongs to another build)",
                          File, Problems - Options.MaxProblemsPerFile));
    if (Used)
      Set.Files.push_back(File);
  }
  return Set;
}

} // namespace p3
