//===- RandomDAG.cpp - Random control-flow graphs for property tests -----===//

#include "RandomDAG.h"

#include <algorithm>

namespace p3::test {

const char *shapeName(Shape S) {
  switch (S) {
  case Shape::Structured:
    return "structured";
  case Shape::DiamondChain:
    return "diamond-chain";
  case Shape::WideSwitch:
    return "wide-switch";
  case Shape::Gotos:
    return "gotos";
  case Shape::LayeredDAG:
    return "layered-dag";
  }
  return "?";
}

namespace {

/// Builds structured control flow the way a C front end lowers it. The
/// current block is always "open": it has no successors yet.
class StructuredGenerator {
public:
  StructuredGenerator(std::mt19937_64 &Rng, Shape S, unsigned Size)
      : Rng(Rng), S(S), Budget(Size) {}

  CFG run() {
    G.Exit = block();
    G.Entry = block();
    unsigned Cur = block();
    edge(G.Entry, Cur);
    Cur = statements(Cur, 0);
    edge(Cur, G.Exit);
    return std::move(G);
  }

private:
  struct Loop {
    unsigned Break, Continue;
  };

  unsigned block() {
    G.Succs.emplace_back();
    return G.Succs.size() - 1;
  }
  void edge(unsigned From, unsigned To) { G.Succs[From].push_back(To); }
  unsigned pick(unsigned N) {
    return std::uniform_int_distribution<unsigned>(0, N - 1)(Rng);
  }
  bool chance(unsigned Percent) { return pick(100) < Percent; }

  unsigned statements(unsigned Cur, unsigned Depth) {
    // The top level runs until the budget is spent, so that Size really
    // scales the graph (a long function is mostly a long sequence).
    unsigned N = Depth == 0 ? std::max(Budget, 1u) : 1 + pick(3);
    for (unsigned I = 0; I < N && Budget > 0; ++I)
      Cur = statement(Cur, Depth);
    return Cur;
  }

  unsigned deadBlock() { return block(); }

  unsigned statement(unsigned Cur, unsigned Depth) {
    --Budget;
    if (Depth > 5)
      return straight(Cur);
    switch (S) {
    case Shape::DiamondChain:
      if (chance(10))
        return ifElse(Cur, Depth);
      return chance(60) ? diamond(Cur) : triangle(Cur);
    case Shape::WideSwitch:
      if (chance(50))
        return switchStmt(Cur, Depth, 3 + pick(30));
      break;
    default:
      break;
    }
    unsigned R = pick(100);
    if (R < 15)
      return straight(Cur);
    if (R < 35)
      return ifElse(Cur, Depth);
    if (R < 45)
      return ifThen(Cur, Depth);
    if (R < 55)
      return whileLoop(Cur, Depth);
    if (R < 62)
      return doWhile(Cur, Depth);
    if (R < 70)
      return switchStmt(Cur, Depth, 2 + pick(5));
    if (R < 75) {
      edge(Cur, G.Exit); // return
      return deadBlock();
    }
    if (R < 82 && !Loops.empty()) {
      Loop L = Loops[pick(Loops.size())];
      edge(Cur, chance(50) ? L.Break : L.Continue);
      return deadBlock();
    }
    if (R < 90 && S == Shape::Gotos) {
      unsigned Target = pick(G.Succs.size());
      if (Target == G.Exit)
        Target = G.Entry;
      edge(Cur, Target);
      return deadBlock();
    }
    return diamond(Cur);
  }

  unsigned straight(unsigned Cur) {
    unsigned N = block();
    edge(Cur, N);
    return N;
  }
  unsigned diamond(unsigned Cur) {
    unsigned T = block(), F = block(), J = block();
    edge(Cur, T);
    edge(Cur, F);
    edge(T, J);
    edge(F, J);
    return J;
  }
  unsigned triangle(unsigned Cur) {
    unsigned T = block(), J = block();
    edge(Cur, T);
    edge(Cur, J);
    edge(T, J);
    return J;
  }
  unsigned ifElse(unsigned Cur, unsigned Depth) {
    unsigned T = block(), F = block(), J = block();
    edge(Cur, T);
    edge(Cur, F);
    edge(statements(T, Depth + 1), J);
    edge(statements(F, Depth + 1), J);
    return J;
  }
  unsigned ifThen(unsigned Cur, unsigned Depth) {
    unsigned T = block(), J = block();
    edge(Cur, T);
    edge(Cur, J);
    edge(statements(T, Depth + 1), J);
    return J;
  }
  unsigned whileLoop(unsigned Cur, unsigned Depth) {
    unsigned H = block(), B = block(), X = block();
    edge(Cur, H);
    edge(H, B);
    edge(H, X);
    Loops.push_back({X, H});
    unsigned End = statements(B, Depth + 1);
    Loops.pop_back();
    edge(End, H);
    return X;
  }
  unsigned doWhile(unsigned Cur, unsigned Depth) {
    unsigned B = block(), C = block(), X = block();
    edge(Cur, B);
    Loops.push_back({X, C});
    unsigned End = statements(B, Depth + 1);
    Loops.pop_back();
    edge(End, C);
    edge(C, B);
    edge(C, X);
    return X;
  }
  unsigned switchStmt(unsigned Cur, unsigned Depth, unsigned Cases) {
    std::vector<unsigned> Case;
    for (unsigned I = 0; I < Cases; ++I)
      Case.push_back(block());
    unsigned X = block();
    for (unsigned I = 0; I < Cases; ++I) {
      edge(Cur, Case[I]);
      if (chance(15))
        edge(Cur, Case[I]); // two case values on one label
    }
    if (chance(50))
      edge(Cur, X); // no default
    Loops.push_back({X, Loops.empty() ? X : Loops.back().Continue});
    for (unsigned I = 0; I < Cases; ++I) {
      unsigned End = chance(40) ? Case[I] : statements(Case[I], Depth + 1);
      bool FallThrough = I + 1 < Cases && chance(30);
      edge(End, FallThrough ? Case[I + 1] : X);
    }
    Loops.pop_back();
    return X;
  }

  std::mt19937_64 &Rng;
  Shape S;
  unsigned Budget;
  CFG G;
  std::vector<Loop> Loops;
};

/// A random acyclic graph over N vertices in index order, with multi-edges.
CFG layeredDAG(std::mt19937_64 &Rng, unsigned N) {
  auto Pick = [&](unsigned Lo, unsigned Hi) {
    return std::uniform_int_distribution<unsigned>(Lo, Hi)(Rng);
  };
  N = std::max(N, 3u);
  CFG G;
  G.Entry = 0;
  G.Exit = N - 1;
  G.Succs.resize(N);
  for (unsigned V = 0; V + 1 < N; ++V) {
    unsigned Out = 1 + (Pick(0, 99) < 40) + (Pick(0, 99) < 10);
    for (unsigned I = 0; I < Out; ++I)
      G.Succs[V].push_back(Pick(V + 1, std::min(N - 1, V + 4)));
  }
  return G;
}

} // namespace

CFG randomCFG(std::mt19937_64 &Rng, Shape S, unsigned Size) {
  if (S == Shape::LayeredDAG)
    return layeredDAG(Rng, 3 + Size);
  return StructuredGenerator(Rng, S, Size).run();
}

std::optional<std::vector<EdgePath>> enumeratePaths(const PathDAG &D,
                                                    size_t Limit) {
  std::vector<EdgePath> Paths;
  EdgePath Current;
  bool Overflow = false;
  auto Walk = [&](auto &Self, unsigned V) -> void {
    if (Overflow)
      return;
    if (V == D.exit()) {
      if (Paths.size() == Limit) {
        Overflow = true;
        return;
      }
      Paths.push_back(Current);
      return;
    }
    for (unsigned E : D.outEdges(V)) {
      Current.push_back(E);
      Self(Self, D.edge(E).Dst);
      Current.pop_back();
    }
  };
  Walk(Walk, D.entry());
  if (Overflow)
    return std::nullopt;
  return Paths;
}

} // namespace p3::test
