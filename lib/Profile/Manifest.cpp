//===- Manifest.cpp - The contract between p3-rewrite and p3-report -------===//
//
// A manifest function's graph, rebuilt and checked against its tables. The
// JSON form is written by ManifestWriter.cpp and read by ManifestReader.cpp.
//
//===----------------------------------------------------------------------===//

#include "Profile/Manifest.h"
#include "Profile/Fail.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;

namespace p3 {

//===----------------------------------------------------------------------===//
// ManifestFunction
//===----------------------------------------------------------------------===//

bool ManifestFunction::isCutExit(unsigned B, unsigned I) const {
  return llvm::is_contained(CutExits, CFGEdge{B, I});
}

unsigned ManifestFunction::numWays(unsigned B) const {
  unsigned N = Graph.Succs[B].size();
  for (CFGEdge E : CutExits)
    if (E.Block == B)
      --N;
  return N;
}

Expected<FunctionGraph> ManifestFunction::graph() const {
  auto Fail = [&](const Twine &Msg) { return fail(Msg); };
  if (!Instrumented)
    return Fail("the function is not instrumented" +
                (SkipReason.empty() ? Twine() : Twine(": ") + SkipReason));
  if (Blocks.size() != Graph.numBlocks())
    return Fail("the CFG has " + Twine(Graph.numBlocks()) +
                " blocks but there are " + Twine(Blocks.size()) +
                " block spans");
  for (CFGEdge E : Cuts)
    if (E.Block >= Graph.numBlocks() || E.Index >= Graph.Succs[E.Block].size())
      return Fail("cut [" + Twine(E.Block) + ", " + Twine(E.Index) +
                  "] is not a CFG edge");
  Expected<PathDAG> D = PathDAG::build(Graph, Cuts);
  if (!D)
    return D.takeError();
  Expected<FunctionGraph> G = FunctionGraph::fromDAG(std::move(*D), CallSites);
  if (!G)
    return G.takeError();
  G->NeverSplit = NeverSplit;
  G->CountsOnFrameExit = NeverSplit; // both follow from the cleanup
  G->setCutExits(CutExits);
  unsigned NE = G->DAG.numEdges();
  auto Sized = [&](size_t Size, StringRef What) -> Error {
    if (Size == NE)
      return Error::success();
    return Fail(What + " has " + Twine(Size) + " entries, the DAG has " +
                Twine(NE) + " edges");
  };
  if (Error E = Sized(Weight.size(), "weights"))
    return E;
  if (Error E = Sized(NeverProbe.size(), "never_probe"))
    return E;
  for (unsigned T = 0; T < Tasks.size(); ++T)
    for (unsigned E : Tasks[T].Edges)
      if (E >= NE)
        return Fail("task " + Twine(T) + " has edge " + Twine(E) +
                    ", the DAG has " + Twine(NE) + " edges");
  for (unsigned C = 0; C < Instances.size(); ++C) {
    const Instance &I = Instances[C];
    if (!I.isInstrumented())
      continue;
    std::string What = formatv("instance {0} ", C).str();
    if (Error E = Sized(I.Interesting.size(), What + "interesting"))
      return E;
    if (Error E = Sized(I.DecodeVal.size(), What + "decode"))
      return E;
    if (Error E = Sized(I.Inc.size(), What + "inc"))
      return E;
    if (I.Kind == InstanceKind::BallLarus &&
        std::find(I.Interesting.begin(), I.Interesting.end(), false) !=
            I.Interesting.end())
      return Fail(What + "is ball-larus but not every edge is interesting");
  }
  G->Weight = Weight;
  G->NeverProbe = NeverProbe;
  return G;
}

} // namespace p3
