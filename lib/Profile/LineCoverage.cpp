//===- LineCoverage.cpp - Line and branch counts derived from paths ------===//

#include "Profile/LineCoverage.h"

#include <algorithm>
#include <map>
#include <set>

using namespace llvm;

namespace p3 {

const char *LineCount::inexactReason(bool Approximate) const {
  if (!Inexact)
    return nullptr;
  return Approximate ? "approximate"
         : Contracted ? "contracted"
         : Unprofiled ? "unprofiled"
                      : "ambiguous";
}

std::vector<std::vector<unsigned>> blockCodeParts(const ManifestFunction &MF,
                                                  unsigned B) {
  std::vector<std::vector<unsigned>> Parts(1);
  if (MF.CodeLines.empty()) {
    Parts[0] = blockCodeLines(MF, B);
    return Parts;
  }
  if (B >= MF.CodeLines.size())
    return Parts;
  for (unsigned L : MF.CodeLines[B]) {
    if (L)
      Parts.back().push_back(L);
    else if (!Parts.back().empty())
      Parts.emplace_back();
  }
  return Parts;
}

std::vector<unsigned> blockCodeLines(const ManifestFunction &MF, unsigned B) {
  if (!MF.CodeLines.empty()) {
    std::vector<unsigned> Lines;
    if (B < MF.CodeLines.size())
      for (unsigned L : MF.CodeLines[B])
        if (L)
          Lines.push_back(L);
    return Lines;
  }
  std::vector<unsigned> Lines;
  if (B < MF.Blocks.size() && MF.Blocks[B].Line)
    for (unsigned L = MF.Blocks[B].Line;
         L <= std::max(MF.Blocks[B].Line, MF.Blocks[B].EndLine); ++L)
      Lines.push_back(L);
  return Lines;
}

std::vector<unsigned> edgeCodeLines(const ManifestFunction &MF, unsigned B,
                                    unsigned I) {
  std::vector<unsigned> Lines;
  for (const ManifestFunction::EdgeLine &E : MF.EdgeLines)
    if (E.Block == B && E.Index == I)
      Lines.push_back(E.Line);
  return Lines;
}

namespace {

/// gcov's circuit search (gcov.cc: circuit, unblock, handle_cycle), on the
/// arcs between one line's blocks with their remaining counts.
class CycleCounter {
public:
  CycleCounter(ArrayRef<CodeArc> Arcs, ArrayRef<unsigned> Blocks,
               unsigned MaxCycles)
      : Blocks(Blocks), MaxCycles(MaxCycles) {
    for (unsigned I = 0; I < Arcs.size(); ++I)
      if (onLine(Arcs[I].Src) && onLine(Arcs[I].Dst)) {
        Succs[Arcs[I].Src].push_back(Remaining.size());
        Remaining.push_back(Arcs[I].Count);
        Target.push_back(Arcs[I].Dst);
      }
  }

  uint64_t run(bool &Complete) {
    for (unsigned Start : Blocks) {
      this->Start = Start;
      Blocked.clear();
      BlockLists.clear();
      circuit(Start);
      if (Cycles > MaxCycles)
        break;
    }
    Complete = Cycles <= MaxCycles;
    return Count;
  }

private:
  bool onLine(unsigned B) const {
    return std::binary_search(Blocks.begin(), Blocks.end(), B);
  }
  /// Arcs the search may follow: forward in block order, count left.
  bool usable(unsigned A) const {
    return Target[A] >= Start && Remaining[A] > 0;
  }
  size_t blockedIndex(unsigned B) const {
    return std::find(Blocked.begin(), Blocked.end(), B) - Blocked.begin();
  }
  ArrayRef<unsigned> succs(unsigned V) const {
    auto It = Succs.find(V);
    return It == Succs.end() ? ArrayRef<unsigned>() : ArrayRef(It->second);
  }

  bool circuit(unsigned V) {
    if (Cycles > MaxCycles)
      return false;
    bool Found = false;
    Blocked.push_back(V);
    BlockLists.emplace_back();
    for (unsigned A : succs(V)) {
      if (!usable(A))
        continue;
      unsigned W = Target[A];
      Path.push_back(A);
      if (W == Start) {
        handleCycle();
        Found = true;
      } else if (blockedIndex(W) == Blocked.size()) {
        Found |= circuit(W);
      }
      Path.pop_back();
    }
    if (Found) {
      unblock(V);
    } else {
      for (unsigned A : succs(V)) {
        if (!usable(A))
          continue;
        size_t Index = blockedIndex(Target[A]);
        if (Index == Blocked.size())
          continue;
        std::vector<unsigned> &List = BlockLists[Index];
        if (std::find(List.begin(), List.end(), V) == List.end())
          List.push_back(V);
      }
    }
    return Found;
  }

  void unblock(unsigned U) {
    size_t Index = blockedIndex(U);
    if (Index == Blocked.size())
      return;
    Blocked.erase(Blocked.begin() + Index);
    std::vector<unsigned> ToUnblock = std::move(BlockLists[Index]);
    BlockLists.erase(BlockLists.begin() + Index);
    for (unsigned W : ToUnblock)
      unblock(W);
  }

  void handleCycle() {
    ++Cycles;
    uint64_t Min = UINT64_MAX;
    for (unsigned A : Path)
      Min = std::min(Min, Remaining[A]);
    for (unsigned A : Path)
      Remaining[A] -= Min;
    Count = addSaturating(Count, Min);
  }

  ArrayRef<unsigned> Blocks;
  unsigned MaxCycles;
  std::map<unsigned, std::vector<unsigned>> Succs; // block -> arc indices
  std::vector<uint64_t> Remaining;
  std::vector<unsigned> Target;
  unsigned Start = 0;
  std::vector<unsigned> Blocked;
  std::vector<std::vector<unsigned>> BlockLists;
  std::vector<unsigned> Path;
  uint64_t Count = 0;
  unsigned Cycles = 0;
};

/// Where a way out of a branch leads: blocks without code of their own and a
/// single successor (a join, a case label followed by another) are looked
/// through.
unsigned lookThrough(const ManifestFunction &MF, unsigned B,
                     const std::set<unsigned> &Contracted) {
  std::set<unsigned> Seen;
  while (B != MF.Graph.Exit && MF.Graph.Succs[B].size() == 1 &&
         blockCodeLines(MF, B).empty() && !Contracted.count(B) &&
         Seen.insert(B).second)
    B = MF.Graph.Succs[B][0];
  return B;
}

} // namespace

uint64_t countLineCycles(ArrayRef<CodeArc> Arcs, ArrayRef<unsigned> Blocks,
                         bool &Complete, unsigned MaxCycles) {
  return CycleCounter(Arcs, Blocks, MaxCycles).run(Complete);
}

namespace {

/// The nodes the line counts work on, gcc's blocks as far as they can be
/// told: the parts of the CFG's blocks (a block's first part keeps its id,
/// later parts and then edges with lines of their own follow).
struct CodeGraph {
  std::vector<CodeArc> Arcs;
  std::vector<std::vector<unsigned>> NodeLines;
  std::vector<unsigned> NodeBlock; ///< The block (an edge's source block).
  /// Per node: the edge it stands for, or Block == NoVertex for a part.
  std::vector<CFGEdge> NodeEdge;
};

CodeGraph codeGraph(const ManifestFunction &MF, const FunctionGraph &G,
                    const EdgeFlow &Flow, const std::set<unsigned> &Contracted) {
  const CFG &Graph = MF.Graph;
  unsigned NB = Graph.numBlocks();
  auto Reachable = [&](unsigned B) {
    return G.DAG.vertexOfBlock(B) != NoVertex;
  };
  auto Transparent = [&](unsigned B) {
    return Reachable(B) && B != Graph.Entry && B != Graph.Exit &&
           Graph.Succs[B].size() == 1 && blockCodeLines(MF, B).empty() &&
           !Contracted.count(B) && !Flow.Unwound[B];
  };
  CodeGraph Out;
  Out.NodeLines.resize(NB);
  Out.NodeBlock.resize(NB);
  Out.NodeEdge.assign(NB, {NoVertex, 0});
  std::vector<unsigned> LastPart(NB);
  for (unsigned B = 0; B < NB; ++B) {
    std::vector<std::vector<unsigned>> Parts = blockCodeParts(MF, B);
    Out.NodeLines[B] = Parts[0];
    Out.NodeBlock[B] = B;
    LastPart[B] = B;
    for (unsigned P = 1; P < Parts.size(); ++P) {
      unsigned Node = Out.NodeLines.size();
      Out.NodeLines.push_back(Parts[P]);
      Out.NodeBlock.push_back(B);
      Out.NodeEdge.push_back({NoVertex, 0});
      if (Reachable(B)) {
        CodeArc A;
        A.Src = LastPart[B];
        A.Dst = Node;
        A.Count = B == Graph.Entry ? Flow.Calls : Flow.Block[B];
        Out.Arcs.push_back(A);
      }
      LastPart[B] = Node;
    }
  }
  std::map<std::pair<unsigned, unsigned>, unsigned> EdgeNode;
  for (const ManifestFunction::EdgeLine &E : MF.EdgeLines) {
    auto [It, New] = EdgeNode.try_emplace({E.Block, E.Index},
                                          Out.NodeLines.size());
    if (New) {
      Out.NodeLines.emplace_back();
      Out.NodeBlock.push_back(E.Block);
      Out.NodeEdge.push_back({E.Block, E.Index});
    }
    Out.NodeLines[It->second].push_back(E.Line);
  }
  for (unsigned B = 0; B < NB; ++B) {
    if (!Reachable(B) || Transparent(B))
      continue;
    for (unsigned I = 0; I < Graph.Succs[B].size(); ++I) {
      CodeArc A;
      A.Src = LastPart[B];
      A.Count = Flow.CFGEdge[B][I];
      A.Ambiguous = Flow.Ambiguous[B][I];
      auto Node = EdgeNode.find({B, I});
      if (Node != EdgeNode.end()) {
        CodeArc ToNode = A;
        ToNode.Dst = Node->second;
        Out.Arcs.push_back(ToNode);
        A.Src = Node->second;
      }
      unsigned T = Graph.Succs[B][I];
      std::set<unsigned> Seen;
      while (Transparent(T) && Seen.insert(T).second) {
        A.Ambiguous |= Flow.Ambiguous[T][0];
        T = Graph.Succs[T][0];
      }
      A.Dst = T;
      Out.Arcs.push_back(A);
    }
  }
  return Out;
}

} // namespace

FunctionLines deriveLines(const ManifestFunction &MF, const FunctionGraph &G,
                          const EdgeFlow &Flow) {
  const CFG &Graph = MF.Graph;
  unsigned NB = Graph.numBlocks();
  FunctionLines Out;
  Out.Approximate = MF.CodeLines.empty();
  Out.Calls = Flow.Calls;
  std::vector<unsigned> EntryLines = blockCodeLines(MF, Graph.Entry);
  Out.EntryLine = EntryLines.empty() ? MF.Line : EntryLines.front();
  std::set<unsigned> Contracted(MF.Contracted.begin(), MF.Contracted.end());

  std::vector<bool> Reachable(NB, false);
  for (unsigned B = 0; B < NB; ++B)
    Reachable[B] = G.DAG.vertexOfBlock(B) != NoVertex;
  CodeGraph CG = codeGraph(MF, G, Flow, Contracted);
  const std::vector<CodeArc> &Arcs = CG.Arcs;
  unsigned NumNodes = CG.NodeLines.size();
  std::vector<std::vector<unsigned>> ArcsInto(NumNodes);
  for (unsigned A = 0; A < Arcs.size(); ++A) {
    ArcsInto[Arcs[A].Dst].push_back(A);
    if (Arcs[A].Dst == Graph.Exit)
      Out.Returns = addSaturating(Out.Returns, Arcs[A].Count);
  }

  // gcov's rule: a line that ends some node's list counts the entries into
  // those nodes (and their cycles); a line only inside lists counts the
  // executions of the nodes that hold it.
  std::map<unsigned, std::vector<unsigned>> EndsNodes, InNodes; // node ids
  std::set<unsigned> Unprofiled;
  auto NodeLines = [&](unsigned N) { return CG.NodeLines[N]; };
  auto NodeCount = [&](unsigned N) -> uint64_t {
    CFGEdge E = CG.NodeEdge[N];
    if (E.Block != NoVertex)
      return Flow.CFGEdge[E.Block][E.Index];
    unsigned B = CG.NodeBlock[N];
    return B == Graph.Entry ? Flow.Calls : Flow.Block[B];
  };
  auto NodeAmbiguous = [&](unsigned N) {
    CFGEdge E = CG.NodeEdge[N];
    return E.Block != NoVertex && bool(Flow.Ambiguous[E.Block][E.Index]);
  };
  auto Push = [](std::vector<unsigned> &V, unsigned N) {
    if (V.empty() || V.back() != N)
      V.push_back(N);
  };
  for (unsigned N = 0; N < NumNodes; ++N) {
    bool Reached = Reachable[CG.NodeBlock[N]];
    std::vector<unsigned> Lines = NodeLines(N);
    for (unsigned L : Lines) {
      if (Reached)
        Push(InNodes[L], N);
      else
        Unprofiled.insert(L);
    }
    if (Reached && !Lines.empty())
      Push(EndsNodes[Lines.back()], N);
  }

  for (auto &[Line, All] : InNodes) {
    LineCount LC;
    LC.Line = Line;
    LC.Inexact = Out.Approximate;
    for (unsigned N : All)
      if (Contracted.count(CG.NodeBlock[N]))
        LC.Inexact = LC.Contracted = true;
    auto Ends = EndsNodes.find(Line);
    if (Ends == EndsNodes.end()) {
      for (unsigned N : All) {
        LC.Count = addSaturating(LC.Count, NodeCount(N));
        LC.Inexact |= NodeAmbiguous(N);
      }
    } else {
      const std::vector<unsigned> &Blocks = Ends->second;
      auto OnLine = [&](unsigned B) {
        return std::binary_search(Blocks.begin(), Blocks.end(), B);
      };
      for (unsigned B : Blocks) {
        if (B == Graph.Entry)
          LC.Count = addSaturating(LC.Count, Flow.Calls);
        if (B < NB)
          LC.Count = addSaturating(LC.Count, Flow.Unwound[B]);
        for (unsigned A : ArcsInto[B]) {
          LC.Inexact |= Arcs[A].Ambiguous;
          if (!OnLine(Arcs[A].Src))
            LC.Count = addSaturating(LC.Count, Arcs[A].Count);
        }
      }
      bool Complete = true;
      LC.Count =
          addSaturating(LC.Count, countLineCycles(Arcs, Blocks, Complete));
      LC.Inexact |= !Complete;
    }
    if (Unprofiled.count(Line))
      LC.Inexact = LC.Unprofiled = true;
    Out.Lines.push_back(LC);
  }
  for (unsigned Line : Unprofiled)
    if (!InNodes.count(Line)) {
      LineCount LC;
      LC.Line = Line;
      LC.Inexact = LC.Unprofiled = true;
      Out.Lines.push_back(LC);
    }
  llvm::sort(Out.Lines, [](const LineCount &A, const LineCount &B) {
    return A.Line < B.Line;
  });

  for (unsigned B = 0; B < NB; ++B) {
    if (!Reachable[B] || MF.numWays(B) < 2)
      continue;
    std::vector<unsigned> Lines = blockCodeLines(MF, B);
    if (Lines.empty())
      continue;
    // Ways in order of first successor; each sums its edges.
    std::vector<BranchWay> Ways;
    for (unsigned I = 0; I < Graph.Succs[B].size(); ++I) {
      if (MF.isCutExit(B, I))
        continue; // not a way the branch goes: a call did not return
      unsigned T = lookThrough(MF, Graph.Succs[B][I], Contracted);
      auto It = std::find_if(Ways.begin(), Ways.end(),
                             [&](const BranchWay &W) { return W.Target == T; });
      if (It == Ways.end()) {
        BranchWay W;
        W.Line = Lines.back();
        W.Block = B;
        W.Way = Ways.size();
        W.Target = T;
        W.Inexact = Out.Approximate || Contracted.count(B);
        Ways.push_back(W);
        It = Ways.end() - 1;
      }
      It->Count = addSaturating(It->Count, Flow.CFGEdge[B][I]);
      It->Inexact |= Flow.Ambiguous[B][I];
    }
    if (Ways.size() < 2)
      continue;
    bool Condition = std::find(MF.Conditions.begin(), MF.Conditions.end(),
                               B) != MF.Conditions.end();
    if (Condition && Ways.size() == 2) {
      Ways[0].Outcome = "true";
      Ways[1].Outcome = "false";
    }
    Out.Branches.insert(Out.Branches.end(), Ways.begin(), Ways.end());
  }
  std::stable_sort(Out.Branches.begin(), Out.Branches.end(),
                   [](const BranchWay &A, const BranchWay &B) {
                     return std::tie(A.Line, A.Block, A.Way) <
                            std::tie(B.Line, B.Block, B.Way);
                   });
  return Out;
}

} // namespace p3
