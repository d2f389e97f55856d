//===- MergeTest.cpp - Simulated runs merged back into the SBL profile ----===//
//
// Raw profiles are written the way the runtime writes them (SimulatedProgram)
// for random path frequencies; loading, decoding and merging them must give
// back exactly the SBL profile the frequencies define, for every strategy and
// K. Then the ways inputs go wrong: nondeterminism, a missing copy, a foreign
// manifest, corrupt files.
//
//===----------------------------------------------------------------------===//

#include "SimulatedProgram.h"

#include "Profile/MergedProfile.h"
#include "Profile/Overhead.h"
#include "Profile/ReportDriver.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace p3;
using namespace p3::test;

namespace {

/// A DIR as p3-rewrite and the copies leave it: manifest.json and
/// profiles/*.raw.
class ScratchDir {
public:
  ScratchDir() {
    if (sys::fs::createUniqueDirectory("p3-profile-test", Path))
      report_fatal_error("cannot create a temporary directory");
    sys::fs::create_directories(Path + "/profiles");
  }
  ~ScratchDir() { sys::fs::remove_directories(Path); }
  std::string path(const Twine &Rel = "") const {
    return Rel.isTriviallyEmpty() ? Path.str().str() : (Path + "/" + Rel).str();
  }
  void write(const Twine &Rel, StringRef Text) const {
    std::error_code EC;
    raw_fd_ostream OS(path(Rel), EC);
    ASSERT_FALSE(EC) << EC.message();
    OS << Text;
  }
  std::string read(const Twine &Rel) const {
    auto B = MemoryBuffer::getFile(path(Rel));
    return B ? (*B)->getBuffer().str() : std::string();
  }

private:
  SmallString<128> Path;
};

std::string rawName(const SimulatedProgram &P, unsigned Copy) {
  return "profiles/p3-" + P.M.Hash + "-c" + std::to_string(Copy) + "-1.raw";
}

/// Writes the raw profile of every copy of \p P into \p Dir, copy by copy,
/// each of \p Processes processes; returns their paths.
std::vector<std::string> writeRawProfiles(const ScratchDir &Dir,
                                          const SimulatedProgram &P,
                                          unsigned Processes, bool WithProbes,
                                          std::mt19937_64 &Rng) {
  std::vector<std::string> Files;
  for (unsigned C = 0; C < P.M.Strategy.K; ++C) {
    Dir.write(rawName(P, C), rawProfileOf(P, C, Processes, WithProbes, Rng));
    Files.push_back(Dir.path(rawName(P, C)));
  }
  return Files;
}

/// p3-report run in-process: its result and what it printed.
struct ReportRun {
  ReportResult R;
  std::string Text, Errs;
};

ReportRun report(const ReportOptions &RO) {
  ReportRun Run;
  raw_string_ostream TS(Run.Text), ES(Run.Errs);
  Run.R = runReport(RO, TS, ES);
  return Run;
}

ReportRun reportOn(const std::string &Dir) {
  ReportOptions RO;
  RO.Dir = Dir;
  return report(RO);
}

struct Loaded {
  ProgramGraphs G;
  ProfileSet Set;
  MergedProfile Merged;
  Diagnostics Diags;
};

Loaded loadAndMerge(const SimulatedProgram &P, ArrayRef<std::string> Files,
                    LoadOptions LO = LoadOptions()) {
  Loaded L;
  Expected<ProgramGraphs> G = buildProgramGraphs(P.M);
  if (!G)
    report_fatal_error(G.takeError());
  L.G = std::move(*G);
  L.Set = loadProfiles(P.M, L.G, Files, LO, L.Diags);
  if (!L.Diags.hasErrors())
    L.Merged = mergeProfiles(P.M, L.G, L.Set, L.Diags);
  return L;
}

std::string joined(const std::vector<std::string> &Lines) {
  std::string S;
  for (const std::string &L : Lines)
    S += L + "\n";
  return S;
}

bool contains(const std::vector<std::string> &Lines, StringRef A,
              StringRef B = "") {
  for (const std::string &L : Lines)
    if (StringRef(L).contains(A) && StringRef(L).contains(B))
      return true;
  return false;
}

const StrategyKind AllStrategies[] = {StrategyKind::SBL, StrategyKind::PBL,
                                      StrategyKind::P3};

} // namespace

TEST(Merge, SimulatedRunsGiveTheSBLProfile) {
  std::mt19937_64 Rng(2015);
  unsigned Runs = 0, SplitFunctions = 0;
  uint64_t Dropped = 0;
  for (StrategyKind S : AllStrategies)
    for (unsigned K : {1u, 2u, 4u, 8u})
      for (unsigned Rep = 0; Rep < 4; ++Rep) {
        StrategyOptions O;
        O.Kind = S;
        O.K = K;
        SimulatedProgram P = makeProgram(Rng, 8, O);
        runProgram(Rng, P);
        ScratchDir Dir;
        Loaded L = loadAndMerge(P, writeRawProfiles(Dir, P, 1 + Rep % 3,
                                                    /*WithProbes=*/true, Rng));
        ASSERT_FALSE(L.Diags.hasErrors()) << joined(L.Diags.Errors);
        EXPECT_TRUE(L.Diags.Warnings.empty()) << joined(L.Diags.Warnings);
        SCOPED_TRACE(std::string(strategyName(S)) + " k=" + std::to_string(K));
        ASSERT_EQ(L.Merged.Functions.size(), P.Graphs.size());
        for (unsigned GI = 0; GI < P.Graphs.size(); ++GI) {
          const MergedFunction &F = L.Merged.Functions[GI];
          EXPECT_EQ(F.Counts, P.Truth[GI]) << "function " << F.Index;
          EXPECT_TRUE(F.Disagreements.empty());
          Dropped += F.Dropped;
        }
        for (unsigned C = 0; C < K; ++C)
          EXPECT_EQ(L.Set.Processes[C], 1 + Rep % 3);

        // The overhead model on the merged profile equals counting probes
        // path by path, and so does the simulated probe-counting runtime.
        Expected<CopyOverhead> Ov = computeOverhead(P.M, L.G, L.Merged, L.Set);
        ASSERT_TRUE(bool(Ov)) << toString(Ov.takeError());
        for (unsigned C = 0; C < K; ++C)
          EXPECT_EQ(Ov->ModelHits[C], directProbeCount(P, C)) << "copy " << C;
        EXPECT_TRUE(Ov->measuredAgrees());
        if (S == StrategyKind::SBL && K == 1) {
          EXPECT_EQ(Ov->SBLHits, Ov->ModelHits[0]);
        }
        for (const ManifestFunction &MF : P.M.Functions)
          SplitFunctions += MF.Tasks.size() > 1;
        ++Runs;
      }
  EXPECT_GT(SplitFunctions, 0u) << "no function was split: P3 untested";
  EXPECT_GT(Dropped, 0u) << "no PSPP id was dropped: rejection untested";
  std::printf("merge: %u simulated runs, %u split functions, %llu dropped "
              "executions\n",
              Runs, SplitFunctions, (unsigned long long)Dropped);
}

TEST(Merge, ModelChangesWhenTheProfileDoes) {
  // Guards the test above: a profile with one more execution of a path that
  // carries probes must cost more.
  std::mt19937_64 Rng(5);
  StrategyOptions O;
  O.Kind = StrategyKind::SBL;
  O.K = 1;
  SimulatedProgram P = makeProgram(Rng, 3, O);
  runProgram(Rng, P);
  uint64_t Before = directProbeCount(P, 0);
  P.Truth[0][0] += 1;
  EXPECT_GT(directProbeCount(P, 0), Before);
}

TEST(Merge, SimulationTable) {
  std::mt19937_64 Rng(9);
  StrategyOptions O;
  O.Kind = StrategyKind::P3;
  O.K = 4;
  SimulatedProgram P = makeProgram(Rng, 10, O);
  runProgram(Rng, P);
  ScratchDir Dir;
  Loaded L = loadAndMerge(P, writeRawProfiles(Dir, P, 1, false, Rng));
  ASSERT_FALSE(L.Diags.hasErrors()) << joined(L.Diags.Errors);
  uint64_t SBL = 0;
  Expected<std::vector<SimulationRow>> Rows = simulateStrategies(
      P.M, L.G, L.Merged, {4, 1, 2}, AllStrategies, SBL);
  ASSERT_TRUE(bool(Rows)) << toString(Rows.takeError());
  ASSERT_EQ(Rows->size(), 9u);
  EXPECT_EQ((*Rows)[0].K, 1u); // K sorted
  EXPECT_EQ((*Rows)[2].K, 4u);
  for (const SimulationRow &R : *Rows) {
    EXPECT_EQ(R.Hits.size(), R.K);
    // Every SBL copy is the one-copy SBL profile.
    if (R.Strategy == StrategyKind::SBL) {
      EXPECT_EQ(R.MaxHits, SBL);
    }
  }
  // The rows for the manifest's own strategy and K are its copies' model.
  Expected<CopyOverhead> Ov = computeOverhead(P.M, L.G, L.Merged, L.Set);
  ASSERT_TRUE(bool(Ov));
  EXPECT_EQ((*Rows)[8].Strategy, StrategyKind::P3);
  EXPECT_EQ((*Rows)[8].Hits, Ov->ModelHits);
}

TEST(Merge, NondeterminismIsReported) {
  std::mt19937_64 Rng(77);
  StrategyOptions O;
  O.Kind = StrategyKind::SBL; // every path is profiled by both copies
  O.K = 2;
  SimulatedProgram P = makeProgram(Rng, 4, O);
  runProgram(Rng, P);
  P.Truth[0][0] = 10; // make sure one path ran
  ScratchDir Dir;
  Dir.write(rawName(P, 0), rawProfileOf(P, 0, 1, false, Rng));
  // Copy 1 saw path 0 of the first function one more time.
  SimulatedProgram Other = P;
  Other.Truth[0][0] = 11;
  Dir.write(rawName(P, 1), rawProfileOf(Other, 1, 1, false, Rng));
  Loaded L = loadAndMerge(P, {Dir.path(rawName(P, 0)), Dir.path(rawName(P, 1))});
  ASSERT_FALSE(L.Diags.hasErrors()) << joined(L.Diags.Errors);
  const MergedFunction &F = L.Merged.Functions[0];
  ASSERT_EQ(F.Disagreements.size(), 1u);
  EXPECT_EQ(F.Disagreements[0].SBLId, 0u);
  using CC = std::pair<unsigned, uint64_t>;
  EXPECT_EQ(F.Disagreements[0].CountByCopy,
            (std::vector<CC>{CC(0, 10), CC(1, 11)}));
  for (unsigned GI = 1; GI < P.Graphs.size(); ++GI)
    EXPECT_TRUE(L.Merged.Functions[GI].Disagreements.empty());

  // And the text report says so, naming the function and both counts.
  ScratchDir Out;
  Out.write("manifest.json", P.M.toJSON());
  Out.write(rawName(P, 0), Dir.read(rawName(P, 0)));
  Out.write(rawName(P, 1), Dir.read(rawName(P, 1)));
  ReportRun Run = reportOn(Out.path());
  EXPECT_EQ(Run.R.ExitCode, 0) << Run.Errs;
  EXPECT_NE(Run.Text.find("nondeterminism"), std::string::npos) << Run.Text;
  EXPECT_NE(Run.Text.find("f0 path 0"), std::string::npos) << Run.Text;
  EXPECT_NE(Run.Text.find("copy 0 10, copy 1 11"), std::string::npos)
      << Run.Text;
  EXPECT_NE(Run.R.Summary.find("1 nondeterministic path"), std::string::npos);
}

TEST(Merge, MissingCopy) {
  std::mt19937_64 Rng(31);
  StrategyOptions O;
  O.Kind = StrategyKind::P3;
  O.K = 4;
  SimulatedProgram P = makeProgram(Rng, 8, O);
  runProgram(Rng, P);
  ScratchDir Dir;
  std::vector<std::string> Files = writeRawProfiles(Dir, P, 1, false, Rng);
  Files.erase(Files.begin() + 2); // copy 2's profile is not given
  Loaded L = loadAndMerge(P, Files);
  ASSERT_FALSE(L.Diags.hasErrors()) << joined(L.Diags.Errors);
  EXPECT_EQ(L.Merged.CopiesPresent, (std::vector<unsigned>{0, 1, 3}));
  // Exactly the paths that some present copy profiles survive, with their
  // true counts.
  for (unsigned GI = 0; GI < P.Graphs.size(); ++GI) {
    const FunctionGraph &G = P.Graphs[GI];
    const auto &Instances = P.M.Functions[P.FunctionOf[GI]].Instances;
    PathCounts Want;
    for (auto [Id, Count] : P.Truth[GI]) {
      EdgePath Path = *regeneratePath(G.DAG, G.SBL.Val, Id);
      for (unsigned C : {0u, 1u, 3u}) {
        bool All = Instances[C].isInstrumented();
        for (unsigned E : Path)
          All = All && Instances[C].Interesting[E];
        if (All) {
          Want[Id] = Count;
          break;
        }
      }
    }
    EXPECT_EQ(L.Merged.Functions[GI].Counts, Want);
  }

  ScratchDir Out;
  Out.write("manifest.json", P.M.toJSON());
  for (unsigned C : {0u, 1u, 3u})
    Out.write(rawName(P, C), Dir.read(rawName(P, C)));
  ReportRun Run = reportOn(Out.path());
  EXPECT_EQ(Run.R.ExitCode, 0) << Run.Errs;
  EXPECT_NE(Run.Text.find("no raw profile from copy 2"), std::string::npos)
      << Run.Text;
  EXPECT_NE(Run.R.Summary.find("1 copy missing"), std::string::npos)
      << Run.R.Summary;
}

TEST(Merge, ForeignManifest) {
  std::mt19937_64 Rng(8);
  StrategyOptions O;
  O.K = 2;
  SimulatedProgram P = makeProgram(Rng, 3, O);
  runProgram(Rng, P);
  SimulatedProgram Foreign = P;
  Foreign.M.Hash = "0123456789abcdef";
  ScratchDir Dir;
  Dir.write(rawName(P, 0), rawProfileOf(P, 0, 1, false, Rng));
  Dir.write(rawName(P, 1), rawProfileOf(P, 1, 1, false, Rng));
  Dir.write("profiles/foreign.raw", rawProfileOf(Foreign, 0, 1, false, Rng));
  std::vector<std::string> Files = {Dir.path(rawName(P, 0)),
                                    Dir.path(rawName(P, 1)),
                                    Dir.path("profiles/foreign.raw")};
  Loaded Strict = loadAndMerge(P, Files);
  ASSERT_TRUE(Strict.Diags.hasErrors());
  EXPECT_TRUE(contains(Strict.Diags.Errors, "foreign.raw", "0123456789abcdef"))
      << joined(Strict.Diags.Errors);
  EXPECT_EQ(Strict.Diags.Errors.size(), 1u) << joined(Strict.Diags.Errors);

  LoadOptions LO;
  LO.IgnoreForeign = true;
  Loaded Lax = loadAndMerge(P, Files, LO);
  EXPECT_FALSE(Lax.Diags.hasErrors()) << joined(Lax.Diags.Errors);
  EXPECT_TRUE(contains(Lax.Diags.Warnings, "foreign.raw", "skipped"));
  for (unsigned GI = 0; GI < P.Graphs.size(); ++GI)
    EXPECT_EQ(Lax.Merged.Functions[GI].Counts, P.Truth[GI]);
}

TEST(Merge, CorruptRawProfiles) {
  std::mt19937_64 Rng(12);
  StrategyOptions O;
  O.Kind = StrategyKind::PBL;
  O.K = 2;
  SimulatedProgram P;
  // A PBL program where function 0's graph is instrumented in exactly one
  // copy and has Ball-Larus ids to get wrong.
  unsigned Target = ~0u, In = 0;
  for (unsigned Try = 0; Try < 100 && Target == ~0u; ++Try) {
    P = makeProgram(Rng, 4, O);
    for (unsigned GI = 0; GI < P.Graphs.size() && Target == ~0u; ++GI) {
      const auto &Is = P.M.Functions[P.FunctionOf[GI]].Instances;
      if (Is[0].isInstrumented() != Is[1].isInstrumented()) {
        Target = P.FunctionOf[GI];
        In = Is[0].isInstrumented() ? 0 : 1;
      }
    }
  }
  ASSERT_NE(Target, ~0u);
  unsigned Out = 1 - In;
  const ManifestFunction &MF = P.M.Functions[Target];
  uint64_t NumPaths = P.Graphs[0].SBL.numPaths();
  for (unsigned GI = 0; GI < P.Graphs.size(); ++GI)
    if (P.FunctionOf[GI] == Target)
      NumPaths = P.Graphs[GI].SBL.numPaths();
  std::string H = P.M.Hash;
  unsigned Skipped = 0;
  while (P.M.Functions[Skipped].Instrumented)
    ++Skipped;

  struct Case {
    const char *Name;
    std::string Text;
    std::vector<std::string> Expect; // each must be in one error line
  } Cases[] = {
      {"truncated",
       "P3RAW 1 " + H + " 0 5\n" + std::to_string(Target) + " 0 1\n",
       {"truncated.raw"}},
      {"garbage", "hello world\n", {"garbage.raw"}},
      {"bad-copy",
       "P3RAW 1 " + H + " 7 5\nend 0\n",
       {"bad-copy.raw", "copy 7", "k = 2"}},
      {"bad-function",
       "P3RAW 1 " + H + " 0 5\n999 0 1\nend 1\n",
       {"bad-function.raw", "function index 999"}},
      {"skipped-function",
       "P3RAW 1 " + H + " 0 5\n" + std::to_string(Skipped) + " 0 1\nend 1\n",
       {"skipped-function.raw", MF.Id.empty() ? "" : "not instrumented",
        "computed goto"}},
      {"other-copy",
       "P3RAW 1 " + H + " " + std::to_string(Out) + " 5\n" +
           std::to_string(Target) + " 0 1\nend 1\n",
       {"other-copy.raw", MF.Id, "not instrumented in copy"}},
      {"bad-id",
       "P3RAW 1 " + H + " " + std::to_string(In) + " 5\n" +
           std::to_string(Target) + " " + std::to_string(NumPaths) +
           " 1\nend 1\n",
       {"bad-id.raw", MF.Id, "does not decode"}},
      // Summary lines of functions the section's copy does not instrument
      // (one of each kind, each way of not being instrumented), and dropped
      // ids of a Ball-Larus instance, which has none.
      {"dropped-other-copy",
       "P3RAW 1 " + H + " " + std::to_string(Out) + " 5\ndropped " +
           std::to_string(Target) + " 1\nend 0\n",
       {"dropped-other-copy.raw",
        "dropped counts for function " + std::to_string(Target) +
            ", which is not instrumented in copy " + std::to_string(Out)}},
      {"lost-bad-function",
       "P3RAW 1 " + H + " 0 5\nlost 999 1\nend 0\n",
       {"lost-bad-function.raw",
        "lost counts for function 999, which is not instrumented in copy 0"}},
      {"probes-skipped-function",
       "P3RAW 1 " + H + " 0 5\nfunction-probes " + std::to_string(Skipped) +
           " 2\nprobes 2\nend 0\n",
       {"probes-skipped-function.raw",
        "probes counted in function " + std::to_string(Skipped) +
            ", which is not instrumented in copy 0"}},
      {"dropped-ball-larus",
       "P3RAW 1 " + H + " " + std::to_string(In) + " 5\ndropped " +
           std::to_string(Target) + " 3\nend 0\n",
       {"dropped-ball-larus.raw", MF.Id,
        "3 executions with path ids at or above its",
        "which its instance cannot produce"}},
      // Three processes whose counts of one path add up beyond 64 bits.
      {"overflow",
       "P3RAW 1 " + H + " " + std::to_string(In) + " 5\n" +
           std::to_string(Target) + " 0 9223372036854775807\nend 1\n" +
           "P3RAW 1 " + H + " " + std::to_string(In) + " 6\n" +
           std::to_string(Target) + " 0 9223372036854775807\nend 1\n" +
           "P3RAW 1 " + H + " " + std::to_string(In) + " 7\n" +
           std::to_string(Target) + " 0 2\nend 1\n",
       {"overflow.raw", MF.Id, "overflows"}},
      // A count that went below zero in one process (2^64 - 1).
      {"negative",
       "P3RAW 1 " + H + " " + std::to_string(In) + " 5\n" +
           std::to_string(Target) + " 0 18446744073709551615\nend 1\n",
       {"negative.raw", MF.Id, "above 2^63 - 1"}},
  };
  for (const Case &C : Cases) {
    SCOPED_TRACE(C.Name);
    ScratchDir Dir;
    Dir.write("manifest.json", P.M.toJSON());
    std::string File = std::string("profiles/") + C.Name + ".raw";
    Dir.write(File, C.Text);
    Loaded L = loadAndMerge(P, {Dir.path(File)});
    ASSERT_TRUE(L.Diags.hasErrors());
    for (const std::string &E : C.Expect)
      EXPECT_TRUE(contains(L.Diags.Errors, E)) << E << " not in:\n"
                                               << joined(L.Diags.Errors);

    // Through the driver: exit 2, every problem on stderr, nothing written.
    ReportRun Run = reportOn(Dir.path());
    EXPECT_EQ(Run.R.ExitCode, 2);
    EXPECT_NE(Run.Errs.find(File), std::string::npos) << Run.Errs;
    EXPECT_FALSE(sys::fs::exists(Dir.path("profile.json")));
    EXPECT_TRUE(Run.Text.empty());
  }
}

TEST(Report, ProfileJSONRoundTripAndCheck) {
  std::mt19937_64 Rng(1996);
  StrategyOptions O;
  O.Kind = StrategyKind::P3;
  O.K = 4;
  SimulatedProgram P = makeProgram(Rng, 8, O);
  runProgram(Rng, P);
  // A count above 2^53 must survive the JSON text.
  P.Truth[0][0] = (uint64_t(1) << 60) + 1;
  ScratchDir Dir;
  Dir.write("manifest.json", P.M.toJSON());
  writeRawProfiles(Dir, P, 2, false, Rng);
  ReportOptions RO;
  RO.Dir = Dir.path();
  ReportRun Run = report(RO);
  ASSERT_EQ(Run.R.ExitCode, 0) << Run.Errs;
  EXPECT_TRUE(Run.Errs.empty()) << Run.Errs;

  Expected<ProfileFile> Back = readProfileFile(Dir.path("profile.json"));
  ASSERT_TRUE(bool(Back)) << toString(Back.takeError());
  EXPECT_EQ(Back->ManifestHash, P.M.Hash);
  for (unsigned GI = 0; GI < P.Graphs.size(); ++GI) {
    const ManifestFunction &MF = P.M.Functions[P.FunctionOf[GI]];
    ASSERT_TRUE(Back->Functions.count(MF.Id)) << MF.Id;
    EXPECT_EQ(Back->Functions[MF.Id].Paths, P.Truth[GI]) << MF.Id;
  }
  EXPECT_NE(Dir.read("profile.json").find("\"1152921504606846977\""),
            std::string::npos);

  // --check against an identical profile passes, against a changed one not.
  std::string Same = Dir.path("same.json");
  Dir.write("same.json", Dir.read("profile.json"));
  RO.CheckFile = Same;
  Run = report(RO);
  EXPECT_EQ(Run.R.ExitCode, 0) << Run.Errs;
  EXPECT_NE(Run.Text.find("equals"), std::string::npos);

  ProfileFile Changed = *Back;
  auto &F0 = Changed.Functions[P.M.Functions[P.FunctionOf[0]].Id];
  F0.Paths[0] += 1;
  std::vector<ProfileDifference> D = compareProfiles(*Back, Changed);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].SBLId, 0u);
  EXPECT_EQ(D[0].Theirs, D[0].Ours + 1);

  // The changed profile as a file: exit 1 and the difference listed.
  std::string JSONText = Dir.read("profile.json");
  std::string Needle = "{\"sbl_id\": 0, \"count\": \"1152921504606846977\"";
  size_t At = JSONText.find(Needle);
  ASSERT_NE(At, std::string::npos);
  JSONText.replace(At, Needle.size(),
                   "{\"sbl_id\": 0, \"count\": \"1152921504606846978\"");
  Dir.write("changed.json", JSONText);
  RO.CheckFile = Dir.path("changed.json");
  Run = report(RO);
  EXPECT_EQ(Run.R.ExitCode, 1);
  EXPECT_NE(Run.Text.find("differs from"), std::string::npos) << Run.Text;
  EXPECT_NE(Run.Text.find("1152921504606846978"), std::string::npos)
      << Run.Text;
}

TEST(Report, NondeterminismListIsCapped) {
  // 30 functions, each with one path whose count differs between the two
  // SBL copies: the report lists the first 20 and counts the rest.
  std::mt19937_64 Rng(4242);
  StrategyOptions O;
  O.Kind = StrategyKind::SBL;
  O.K = 2;
  SimulatedProgram P = makeProgram(Rng, 30, O);
  runProgram(Rng, P);
  SimulatedProgram Other = P;
  for (unsigned GI = 0; GI < P.Graphs.size(); ++GI) {
    P.Truth[GI][0] = 5;
    Other.Truth[GI] = P.Truth[GI];
    Other.Truth[GI][0] = 6;
  }
  ScratchDir Dir;
  Dir.write("manifest.json", P.M.toJSON());
  Dir.write(rawName(P, 0), rawProfileOf(P, 0, 1, false, Rng));
  Dir.write(rawName(P, 1), rawProfileOf(Other, 1, 1, false, Rng));
  ReportRun Run = reportOn(Dir.path());
  ASSERT_EQ(Run.R.ExitCode, 0) << Run.Errs;
  size_t Begin = Run.Text.find("WARNING: nondeterminism: 30 paths");
  size_t End = Run.Text.find("Hottest paths");
  ASSERT_NE(Begin, std::string::npos) << Run.Text;
  StringRef Section = StringRef(Run.Text).slice(Begin, End);
  EXPECT_EQ(Section.count(": copy 0 5, copy 1 6"), 20u) << Section.str();
  EXPECT_TRUE(Section.contains("... and 10 more")) << Section.str();
}
