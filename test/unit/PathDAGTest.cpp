//===- PathDAGTest.cpp - DAG construction --------------------------------===//

#include "Graph/PathDAG.h"
#include "RandomDAG.h"

#include "gtest/gtest.h"

using namespace p3;

TEST(PathDAG, Smoke) {
  std::mt19937_64 Rng(1);
  for (test::Shape S : test::AllShapes) {
    CFG G = test::randomCFG(Rng, S, 10);
    auto D = PathDAG::build(G);
    ASSERT_TRUE(bool(D)) << llvm::toString(D.takeError());
  }
}
