//===- ManifestTest.cpp - Manifest JSON round trip and validation --------===//

#include "SimulatedProgram.h"

#include "Profile/U64JSON.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace p3;
using namespace p3::test;

namespace {

/// Field by field, so that a field toJSON forgets cannot hide behind a
/// comparison of two JSON texts.
void expectSameManifest(const Manifest &A, const Manifest &B) {
  EXPECT_EQ(A.Tool, B.Tool);
  EXPECT_EQ(A.Hash, B.Hash);
  EXPECT_EQ(A.Strategy.Kind, B.Strategy.Kind);
  EXPECT_EQ(A.Strategy.K, B.Strategy.K);
  EXPECT_EQ(A.Strategy.MaxCallSitesToSplit, B.Strategy.MaxCallSitesToSplit);
  EXPECT_EQ(A.Strategy.Delta, B.Strategy.Delta);
  EXPECT_EQ(A.ThreadSafe, B.ThreadSafe);
  EXPECT_EQ(A.ArrayLimit, B.ArrayLimit);
  EXPECT_EQ(A.Root, B.Root);
  EXPECT_EQ(A.Files, B.Files);
  ASSERT_EQ(A.Functions.size(), B.Functions.size());
  for (unsigned I = 0; I < A.Functions.size(); ++I) {
    const ManifestFunction &F = A.Functions[I], &G = B.Functions[I];
    SCOPED_TRACE(F.Id);
    EXPECT_EQ(F.Index, G.Index);
    EXPECT_EQ(F.Id, G.Id);
    EXPECT_EQ(F.Name, G.Name);
    EXPECT_EQ(F.File, G.File);
    EXPECT_EQ(F.Line, G.Line);
    EXPECT_EQ(F.EndLine, G.EndLine);
    EXPECT_EQ(F.Instrumented, G.Instrumented);
    EXPECT_EQ(F.SkipReason, G.SkipReason);
    EXPECT_EQ(F.Notes, G.Notes);
    EXPECT_EQ(F.Graph.Entry, G.Graph.Entry);
    EXPECT_EQ(F.Graph.Exit, G.Graph.Exit);
    EXPECT_EQ(F.Graph.Succs, G.Graph.Succs);
    EXPECT_EQ(F.Graph.ExtraStarts, G.Graph.ExtraStarts);
    EXPECT_EQ(F.Cuts, G.Cuts);
    ASSERT_EQ(F.Blocks.size(), G.Blocks.size());
    for (unsigned B = 0; B < F.Blocks.size(); ++B) {
      EXPECT_EQ(F.Blocks[B].Line, G.Blocks[B].Line);
      EXPECT_EQ(F.Blocks[B].EndLine, G.Blocks[B].EndLine);
    }
    EXPECT_EQ(F.Weight, G.Weight);
    EXPECT_EQ(F.NeverProbe, G.NeverProbe);
    EXPECT_EQ(F.CallSites, G.CallSites);
    ASSERT_EQ(F.Tasks.size(), G.Tasks.size());
    for (unsigned T = 0; T < F.Tasks.size(); ++T) {
      EXPECT_EQ(F.Tasks[T].Edges, G.Tasks[T].Edges);
      EXPECT_EQ(F.Tasks[T].Cost, G.Tasks[T].Cost);
      EXPECT_EQ(F.Tasks[T].Copy, G.Tasks[T].Copy);
    }
    ASSERT_EQ(F.Instances.size(), G.Instances.size());
    for (unsigned C = 0; C < F.Instances.size(); ++C) {
      const Instance &X = F.Instances[C], &Y = G.Instances[C];
      EXPECT_EQ(X.Kind, Y.Kind);
      EXPECT_EQ(X.Interesting, Y.Interesting);
      EXPECT_EQ(X.DecodeVal, Y.DecodeVal);
      EXPECT_EQ(X.Inc, Y.Inc);
      EXPECT_EQ(X.NumIds, Y.NumIds);
      EXPECT_EQ(X.Placed, Y.Placed);
      EXPECT_EQ(X.StaticProbes, Y.StaticProbes);
    }
  }
}

const StrategyKind AllStrategies[] = {StrategyKind::SBL, StrategyKind::PBL,
                                      StrategyKind::P3};

} // namespace

TEST(Manifest, RoundTripOnRandomPrograms) {
  std::mt19937_64 Rng(42);
  unsigned Programs = 0, Functions = 0, WithCuts = 0, Negative = 0;
  for (StrategyKind S : AllStrategies)
    for (unsigned K : {1u, 2u, 4u, 8u})
      for (unsigned Rep = 0; Rep < 3; ++Rep) {
        StrategyOptions O;
        O.Kind = S;
        O.K = K;
        O.Delta = Rep == 2 ? 3 : 0;
        SimulatedProgram P = makeProgram(Rng, 6, O);
        std::string Text = P.M.toJSON();
        Expected<Manifest> Back = Manifest::fromJSON(Text);
        ASSERT_TRUE(bool(Back)) << toString(Back.takeError());
        expectSameManifest(P.M, *Back);
        EXPECT_EQ(Back->computeHash(), P.M.Hash);
        EXPECT_EQ(Back->toJSON(), Text);
        ++Programs;
        for (const ManifestFunction &F : P.M.Functions) {
          Functions += F.Instrumented;
          WithCuts += !F.Cuts.empty();
          for (const Instance &I : F.Instances)
            for (uint64_t V : I.Inc)
              Negative += V > MaxExactDouble;
        }
      }
  // The corpus must exercise what the format has special cases for.
  EXPECT_GT(WithCuts, 0u);
  EXPECT_GT(Negative, 0u) << "no increment above 2^53 (written as a string)";
  std::printf("round trip: %u programs, %u functions, %u with cuts, %u "
              "increments above 2^53\n",
              Programs, Functions, WithCuts, Negative);
}

TEST(Manifest, HashIsFNV1aOfTheTextWithoutHash) {
  std::mt19937_64 Rng(7);
  StrategyOptions O;
  SimulatedProgram P = makeProgram(Rng, 2, O);
  Manifest Copy = P.M;
  Copy.Hash = "";
  std::string Text = Copy.toJSON();
  // FNV-1a 64, written out independently of the implementation.
  uint64_t H = 14695981039346656037ULL;
  for (unsigned char C : Text)
    H = (H ^ C) * 1099511628211ULL;
  char Want[17];
  std::snprintf(Want, sizeof Want, "%016llx", (unsigned long long)H);
  EXPECT_EQ(P.M.Hash, Want);
  EXPECT_EQ(P.M.Hash.size(), 16u);
}

TEST(Manifest, ReadFileChecksTheHash) {
  std::mt19937_64 Rng(3);
  SimulatedProgram P = makeProgram(Rng, 3, StrategyOptions());
  SmallString<128> Dir;
  ASSERT_FALSE(sys::fs::createUniqueDirectory("p3-manifest-test", Dir));
  SmallString<128> Path(Dir);
  sys::path::append(Path, "manifest.json");
  ASSERT_FALSE(bool(P.M.writeFile(Path)));
  Expected<Manifest> Good = Manifest::readFile(Path);
  ASSERT_TRUE(bool(Good)) << toString(Good.takeError());
  expectSameManifest(P.M, *Good);

  Manifest Edited = P.M;
  Edited.Functions[0].Name = "renamed";
  ASSERT_FALSE(bool(Edited.writeFile(Path))); // keeps the old hash
  Expected<Manifest> Bad = Manifest::readFile(Path);
  ASSERT_FALSE(bool(Bad));
  std::string Msg = toString(Bad.takeError());
  EXPECT_NE(Msg.find(Path.str().str()), std::string::npos) << Msg;
  EXPECT_NE(Msg.find("hash mismatch"), std::string::npos) << Msg;

  Expected<Manifest> Missing = Manifest::readFile((Path + ".nope").str());
  ASSERT_FALSE(bool(Missing));
  EXPECT_NE(toString(Missing.takeError()).find(".nope"), std::string::npos);
  sys::fs::remove_directories(Dir);
}

TEST(U64JSON, NumbersAndStrings) {
  EXPECT_EQ(u64ToJSON(MaxExactDouble).kind(), json::Value::Number);
  EXPECT_EQ(u64ToJSON(MaxExactDouble + 1).kind(), json::Value::String);
  EXPECT_EQ(*u64ToJSON(UINT64_MAX).getAsString(), "18446744073709551615");
  for (uint64_t V : {uint64_t(0), uint64_t(1), MaxExactDouble,
                     MaxExactDouble + 1, UINT64_MAX - 1, UINT64_MAX})
    EXPECT_EQ(u64FromJSON(u64ToJSON(V)), V);
  EXPECT_EQ(u64FromJSON(json::Value("18446744073709551616")), std::nullopt);
  EXPECT_EQ(u64FromJSON(json::Value("-1")), std::nullopt);
  EXPECT_EQ(u64FromJSON(json::Value("+1")), std::nullopt);
  EXPECT_EQ(u64FromJSON(json::Value(" 1")), std::nullopt);
  EXPECT_EQ(u64FromJSON(json::Value("")), std::nullopt);
  EXPECT_EQ(u64FromJSON(json::Value(-1)), std::nullopt);
  EXPECT_EQ(u64FromJSON(json::Value(1.5)), std::nullopt);
  EXPECT_EQ(u64FromJSON(json::Value("0x10")), std::nullopt);
  EXPECT_EQ(u64FromJSON(json::Value("007")), 7u);
}

//===----------------------------------------------------------------------===//
// Corrupt manifests: each mutation must give an error that says where.
//===----------------------------------------------------------------------===//

namespace {

class ManifestErrors : public ::testing::Test {
protected:
  void SetUp() override {
    std::mt19937_64 Rng(11);
    StrategyOptions O;
    O.Kind = StrategyKind::P3;
    O.K = 2;
    // Find a program whose first instrumented function has a PSPP instance.
    for (unsigned Try = 0; Try < 200 && Target == ~0u; ++Try) {
      P = makeProgram(Rng, 3, O);
      for (unsigned F = 0; F < P.M.Functions.size() && Target == ~0u; ++F)
        for (const Instance &I : P.M.Functions[F].Instances)
          if (I.Kind == InstanceKind::PSPP)
            Target = F;
    }
    ASSERT_NE(Target, ~0u);
    Expected<json::Value> V = json::parse(P.M.toJSON());
    ASSERT_TRUE(bool(V));
    Doc = std::move(*V);
  }

  json::Object &function() {
    return *(*Doc.getAsObject()->getArray("functions"))[Target].getAsObject();
  }
  json::Object &instance(unsigned C) {
    return *(*function().getArray("instances"))[C].getAsObject();
  }
  unsigned psppCopy() {
    const auto &Is = P.M.Functions[Target].Instances;
    for (unsigned C = 0; C < Is.size(); ++C)
      if (Is[C].Kind == InstanceKind::PSPP)
        return C;
    return 0;
  }
  unsigned numEdges() { return P.M.Functions[Target].Weight.size(); }

  /// fromJSON must fail with a message containing every one of \p Parts.
  void expectError(std::initializer_list<const char *> Parts) {
    std::string Text;
    raw_string_ostream OS(Text);
    OS << Doc;
    Expected<Manifest> M = Manifest::fromJSON(OS.str());
    ASSERT_FALSE(bool(M)) << "accepted a corrupt manifest";
    std::string Msg = toString(M.takeError());
    for (const char *Part : Parts)
      EXPECT_NE(Msg.find(Part), std::string::npos)
          << "'" << Part << "' not in: " << Msg;
    // One line, for the user's terminal.
    EXPECT_EQ(Msg.find('\n'), std::string::npos) << Msg;
  }
  std::string id() { return P.M.Functions[Target].Id; }

  SimulatedProgram P;
  unsigned Target = ~0u;
  json::Value Doc = nullptr;
};

} // namespace

TEST_F(ManifestErrors, Baseline) {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << Doc;
  Expected<Manifest> M = Manifest::fromJSON(OS.str());
  EXPECT_TRUE(bool(M)) << toString(M.takeError());
}

TEST_F(ManifestErrors, NotJSON) {
  Expected<Manifest> M = Manifest::fromJSON("{\"format\": ");
  ASSERT_FALSE(bool(M));
  EXPECT_NE(toString(M.takeError()).find("not valid JSON"), std::string::npos);
}

TEST_F(ManifestErrors, DeepNestingIsRejectedNotACrash) {
  // Found by hand: llvm::json::parse recurses per level and overflowed the
  // stack on a few megabytes of '['.
  std::string Deep(1 << 21, '[');
  Deep += std::string(1 << 21, ']');
  Expected<Manifest> M = Manifest::fromJSON(Deep);
  ASSERT_FALSE(bool(M));
  EXPECT_NE(toString(M.takeError()).find("nest more than"), std::string::npos);
  // Brackets inside strings do not count.
  Expected<Manifest> S = Manifest::fromJSON(
      "{\"format\": \"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
      "[[[[[[[[[[[[[[\\\"\"}");
  ASSERT_FALSE(bool(S));
  EXPECT_NE(toString(S.takeError()).find("not a p3 manifest"),
            std::string::npos);
}

TEST_F(ManifestErrors, WrongFormat) {
  (*Doc.getAsObject())["format"] = "p3-profile";
  expectError({"not a p3 manifest"});
}

TEST_F(ManifestErrors, Version) {
  (*Doc.getAsObject())["version"] = 2;
  expectError({"version 2", "version 1"});
}

TEST_F(ManifestErrors, StrategyK) {
  (*Doc.getAsObject()->getObject("strategy"))["k"] = 0;
  expectError({"\"k\""});
}

TEST_F(ManifestErrors, InstanceCount) {
  function().getArray("instances")->pop_back();
  expectError({id().c_str(), "instances", "k is 2"});
}

TEST_F(ManifestErrors, InterestingEdgeOutOfRange) {
  instance(psppCopy())["interesting"] = json::Array{numEdges()};
  expectError({id().c_str(), "interesting", "edge id"});
}

TEST_F(ManifestErrors, TaskEdgeOutOfRange) {
  (*function().getArray("tasks"))[0].getAsObject()->operator[]("edges") =
      json::Array{0, numEdges() + 5};
  expectError({id().c_str(), "tasks[0]", "edge id"});
}

TEST_F(ManifestErrors, TaskCopyOutOfRange) {
  (*function().getArray("tasks"))[0].getAsObject()->operator[]("copy") = 2;
  expectError({id().c_str(), "tasks[0]", "copy"});
}

TEST_F(ManifestErrors, NeverProbeOutOfRange) {
  function()["never_probe"] = json::Array{numEdges()};
  expectError({id().c_str(), "never_probe"});
}

TEST_F(ManifestErrors, DecodeTooShort) {
  instance(psppCopy()).getArray("decode")->pop_back();
  expectError({id().c_str(), "decode", "edges"});
}

TEST_F(ManifestErrors, IncTooLong) {
  instance(psppCopy()).getArray("inc")->push_back(0);
  expectError({id().c_str(), "inc", "edges"});
}

TEST_F(ManifestErrors, WeightsWrongSize) {
  function().getArray("weights")->push_back(1);
  expectError({id().c_str(), "weights"});
}

TEST_F(ManifestErrors, SuccessorOutOfRange) {
  auto &Succs = *function().getObject("cfg")->getArray("succs");
  Succs[0].getAsArray()->push_back(int64_t(Succs.size()));
  expectError({id().c_str(), "succs"});
}

TEST_F(ManifestErrors, CutNotAnEdge) {
  function().getObject("cfg")->operator[]("cuts") =
      json::Array{json::Array{0, 99}};
  expectError({id().c_str(), "cuts[0]"});
}

TEST_F(ManifestErrors, BlocksWrongSize) {
  function().getArray("blocks")->pop_back();
  expectError({id().c_str(), "blocks"});
}

TEST_F(ManifestErrors, DagSummaryDisagrees) {
  function().getObject("dag")->operator[]("paths") = 123456789;
  expectError({id().c_str(), "rebuilt DAG"});
}

TEST_F(ManifestErrors, UnknownInstanceKind) {
  instance(0)["kind"] = "sampling";
  expectError({id().c_str(), "sampling"});
}

TEST_F(ManifestErrors, IndexOutOfOrder) {
  function()["index"] = 77;
  expectError({id().c_str(), "index"});
}

TEST_F(ManifestErrors, NegativeNumber) {
  function()["line"] = -3;
  expectError({id().c_str(), "line"});
}

TEST_F(ManifestErrors, BigNumbersAsStringsAreAccepted) {
  // Every number may be written as a decimal string.
  function()["line"] = "12";
  std::string Text;
  raw_string_ostream OS(Text);
  OS << Doc;
  Expected<Manifest> M = Manifest::fromJSON(OS.str());
  ASSERT_TRUE(bool(M)) << toString(M.takeError());
  EXPECT_EQ(M->Functions[Target].Line, 12u);
}
