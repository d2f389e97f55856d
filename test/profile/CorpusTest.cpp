//===- CorpusTest.cpp - Every fuzz corpus file through the real parsers --===//
//
// test/fuzz/corpus holds the seeds and every input the fuzzers ever crashed
// on. Whatever the fuzzers are not run, these keep the fixes fixed.
//
//===----------------------------------------------------------------------===//

#include "Profile/Manifest.h"
#include "Profile/RawProfile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace p3;

namespace {

std::vector<std::string> corpus(StringRef Kind) {
  std::vector<std::string> Files;
  std::error_code EC;
  for (sys::fs::directory_iterator It(P3_FUZZ_CORPUS_DIR "/" + Kind.str(), EC),
       End;
       It != End && !EC; It.increment(EC))
    Files.push_back(It->path());
  std::sort(Files.begin(), Files.end());
  return Files;
}

} // namespace

TEST(FuzzCorpus, RawProfiles) {
  std::vector<std::string> Files = corpus("raw");
  ASSERT_FALSE(Files.empty()) << "no corpus in " P3_FUZZ_CORPUS_DIR "/raw";
  unsigned Parsed = 0;
  for (const std::string &F : Files) {
    auto B = MemoryBuffer::getFile(F);
    ASSERT_TRUE(bool(B)) << F;
    Expected<RawProfile> P = parseRawProfile((*B)->getBuffer(), F);
    if (P) {
      ++Parsed;
      // What parses must print back to something that parses the same.
      Expected<RawProfile> Again =
          parseRawProfile(printRawProfile(*P), "printed");
      ASSERT_TRUE(bool(Again)) << F << ": " << toString(Again.takeError());
      EXPECT_EQ(Again->Sections.size(), P->Sections.size()) << F;
    } else {
      EXPECT_FALSE(toString(P.takeError()).empty()) << F;
    }
  }
  std::printf("raw corpus: %zu files, %u parsed\n", Files.size(), Parsed);
}

TEST(FuzzCorpus, Manifests) {
  std::vector<std::string> Files = corpus("manifest");
  ASSERT_FALSE(Files.empty()) << "no corpus in " P3_FUZZ_CORPUS_DIR
                                 "/manifest";
  unsigned Parsed = 0;
  for (const std::string &F : Files) {
    auto B = MemoryBuffer::getFile(F);
    ASSERT_TRUE(bool(B)) << F;
    Expected<Manifest> M = Manifest::fromJSON((*B)->getBuffer());
    if (M) {
      ++Parsed;
      // A manifest that parses is safe to use: graphs rebuild, and it
      // round-trips.
      for (const ManifestFunction &MF : M->Functions)
        if (MF.Instrumented) {
          Expected<FunctionGraph> G = MF.graph();
          EXPECT_TRUE(bool(G)) << F << ": " << toString(G.takeError());
        }
      Expected<Manifest> Again = Manifest::fromJSON(M->toJSON());
      EXPECT_TRUE(bool(Again)) << F << ": " << toString(Again.takeError());
    } else {
      EXPECT_FALSE(toString(M.takeError()).empty()) << F;
    }
  }
  std::printf("manifest corpus: %zu files, %u parsed\n", Files.size(), Parsed);
}
