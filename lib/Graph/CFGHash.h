//===- CFGHash.h - A fingerprint of the graph a function's path ids index --===//
//
// SBL ids depend only on the CFG (its blocks' successor lists, entry, exit,
// extra starts) and the cut edges: PathDAG::build and numberPaths are
// deterministic. Two functions with the same fingerprint number their paths
// alike, so a profile of one is a profile of the other. profile.json carries
// it per function ("cfg_hash"), and a training profile is matched by it.
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_CFGHASH_H
#define P3_GRAPH_CFGHASH_H

#include "Graph/CFG.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <string>

namespace p3 {

/// FNV-1a 64 of the CFG and cuts, in a fixed little-endian serialisation.
uint64_t cfgHash(const CFG &G, llvm::ArrayRef<CFGEdge> Cuts);

/// The same as 16 lower-case hex digits.
std::string cfgHashString(const CFG &G, llvm::ArrayRef<CFGEdge> Cuts);

} // namespace p3

#endif
