//===- RandomDAG.h - Random control-flow graphs for property tests -------===//

#ifndef P3_TEST_RANDOMDAG_H
#define P3_TEST_RANDOMDAG_H

#include "Graph/CFG.h"
#include "Graph/Regeneration.h"

#include <random>

namespace p3::test {

enum class Shape {
  Structured,   ///< if/else, loops, switch, break/continue, early return
  DiamondChain, ///< long runs of diamonds and triangles
  WideSwitch,   ///< switch fan-outs with multi-edges and fall-through
  Gotos,        ///< structured code plus random jumps (irreducible loops)
  LayeredDAG,   ///< random acyclic graph
};

constexpr Shape AllShapes[] = {Shape::Structured, Shape::DiamondChain,
                               Shape::WideSwitch, Shape::Gotos,
                               Shape::LayeredDAG};

const char *shapeName(Shape S);

/// A random CFG of the given shape; Size scales the number of statements.
CFG randomCFG(std::mt19937_64 &Rng, Shape S, unsigned Size);

/// All ENTRY->EXIT paths of D, or nullopt if there are more than Limit.
std::optional<std::vector<EdgePath>> enumeratePaths(const PathDAG &D,
                                                    size_t Limit);

} // namespace p3::test

#endif
