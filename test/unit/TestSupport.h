//===- TestSupport.h - Corpus, oracles and summaries for property tests ---===//
//
// Every property test draws its graphs from one corpus (sampleCFG) so that
// each sees all shapes at all sizes, and prints one summary line saying how
// many graphs it checked. The oracles here are brute force and deliberately
// share no code with lib/Graph beyond the data structures.
//
//===----------------------------------------------------------------------===//

#ifndef P3_TEST_TESTSUPPORT_H
#define P3_TEST_TESTSUPPORT_H

#include "RandomDAG.h"

#include "Graph/FunctionGraph.h"
#include "Graph/ReducedDAG.h"
#include "Graph/Strategy.h"

#include <map>
#include <string>

namespace p3::test {

/// Above this many paths, exhaustive checks are skipped (the graph still
/// counts for the checks that do not enumerate).
constexpr size_t ExhaustiveLimit = 5000;

struct Sample {
  CFG G;
  const char *ShapeName = "";
};

/// The Index-th graph of a corpus: shapes in turn, sizes spread so that path
/// counts range from one to many thousands, and some graphs with extra
/// starts (catch handlers) added.
Sample sampleCFG(std::mt19937_64 &Rng, unsigned Index);

/// A chain of N diamonds: 2^N paths.
CFG diamondChain(unsigned N);

/// A long function: the pieces run one after the other (each piece's exit
/// becomes the next piece's entry).
CFG concatenate(const std::vector<CFG> &Pieces);

/// Random pieces in sequence until the path count overflows 64 bits.
CFG longRandomCFG(std::mt19937_64 &Rng, unsigned &Index);

/// The CFG as a C++ literal, for failure messages and for freezing a graph
/// found by a random search into a regression test.
std::string cfgLiteral(const CFG &G);

/// Builds the DAG and the function graph; fails the test on error.
FunctionGraph functionOf(const CFG &G, unsigned CallSites = 0);

/// Paths of D, or nullopt above ExhaustiveLimit.
std::optional<std::vector<EdgePath>> smallPathSet(const PathDAG &D);

/// A uniformly random ENTRY->EXIT path (by path counts).
EdgePath randomPath(std::mt19937_64 &Rng, const PathDAG &D);

/// Number of paths by brute-force recursion, saturating at Limit + 1.
uint64_t bruteCountPaths(const PathDAG &D, uint64_t Limit);

/// Paths of the reduced DAG, ENTRY group to EXIT group (saturating at
/// UINT64_MAX / 2).
uint64_t reducedPaths(const ReducedDAG &R);

/// Counts graphs per shape and reports one line per property.
class Summary {
public:
  explicit Summary(std::string Property) : Property(std::move(Property)) {}
  ~Summary();
  void add(const char *Shape, uint64_t Paths, bool Exhaustive);
  void note(const std::string &Text) { Notes += " " + Text; }
  unsigned graphs() const { return Graphs; }
  unsigned exhaustive() const { return Exhaustive; }

private:
  std::string Property;
  std::map<std::string, unsigned> PerShape;
  unsigned Graphs = 0;
  unsigned Exhaustive = 0;
  uint64_t MaxPaths = 0;
  std::string Notes;
};

/// A random program: a few functions of random shapes with random call-site
/// counts (some split by P3, some not), and their paths when few enough.
struct Program {
  std::vector<FunctionGraph> Functions;
  std::vector<const char *> Shapes;
  std::vector<std::optional<std::vector<EdgePath>>> Paths;
};
Program randomProgram(std::mt19937_64 &Rng, unsigned &Index,
                      unsigned MaxFunctions);

/// The strategy configurations every plan-level property is checked under:
/// SBL, PBL, P3 as in the paper, P3 splitting every function, P3 with a
/// small and a large explicit Delta, p3-ends, and auto on static estimates.
struct NamedOptions {
  std::string Name;
  StrategyOptions Options;
};
std::vector<NamedOptions> strategyConfigs(unsigned K);

/// The K values the plan-level properties use.
constexpr unsigned AllK[] = {1, 2, 3, 4, 8};

/// Sum of Val along Path, modulo 2^64 (independent of pathSum).
uint64_t sumAlong(const std::vector<uint64_t> &Val, const EdgePath &Path);

/// True when Path is interesting under the flags (independent of
/// isInterestingPath).
bool allInteresting(const std::vector<bool> &Flags, const EdgePath &Path);

} // namespace p3::test

#endif
