//===- CodeLines.cpp - The source lines a CFG block's code runs on -------===//
//
// The lines of each block's statements, of the edges (a loop's back edge, a
// return) and of whole constructs, for reports. One translation unit with its
// statement finders (ReturnFinder, GotoFinder, LoopFinder): each file that
// includes Clang costs about 20 s and 1 GB to compile.
//
//===----------------------------------------------------------------------===//

#include "Frontend/CodeLines.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"

#include <set>

using namespace clang;

namespace p3 {

namespace {

/// Nodes that emit no code of their own between an operand and its user.
bool isTransparent(const Stmt *S) {
  return isa<ParenExpr>(S) || isa<CastExpr>(S) || isa<FullExpr>(S) ||
         isa<MaterializeTemporaryExpr>(S) || isa<CXXBindTemporaryExpr>(S);
}

const Expr *stripped(const Expr *E) {
  while (true) {
    if (const auto *P = dyn_cast<ParenExpr>(E))
      E = P->getSubExpr();
    else if (const auto *C = dyn_cast<CastExpr>(E))
      E = C->getSubExpr();
    else if (const auto *F = dyn_cast<FullExpr>(E))
      E = F->getSubExpr();
    else
      return E;
  }
}

/// A call whose value is used as it is: gcc then emits one statement for the
/// call and what takes its value. A conversion of the result is a statement
/// of its own.
bool isCall(const Expr *E) {
  const Expr *Inner = E->IgnoreParens();
  while (const auto *C = dyn_cast<ImplicitCastExpr>(Inner)) {
    if (C->getCastKind() != CK_NoOp && C->getCastKind() != CK_LValueToRValue)
      return false;
    Inner = C->getSubExpr()->IgnoreParens();
  }
  if (const auto *F = dyn_cast<FullExpr>(Inner))
    Inner = F->getSubExpr()->IgnoreParens();
  return isa<CallExpr>(Inner);
}

/// Whether E's value is tested by a branch, directly or as an operand of
/// && or || (through parentheses and "!"): gcc folds a comparison there into
/// the jump, which has its own line (conditionLine).
bool isTestedLeaf(const ParentMap &PM, const Expr *E) {
  const Stmt *Cur = E;
  for (const Stmt *P = PM.getParent(Cur); P; Cur = P, P = PM.getParent(P)) {
    const auto *U = dyn_cast<UnaryOperator>(P);
    if (isa<ParenExpr>(P) || isa<ImplicitCastExpr>(P) || isa<FullExpr>(P) ||
        (U && U->getOpcode() == UO_LNot))
      continue;
    if (const auto *B = dyn_cast<BinaryOperator>(P))
      return B->isLogicalOp();
    if (const auto *If = dyn_cast<IfStmt>(P))
      return Cur == If->getCond();
    if (const auto *W = dyn_cast<WhileStmt>(P))
      return Cur == W->getCond();
    if (const auto *F = dyn_cast<ForStmt>(P))
      return Cur == F->getCond();
    if (const auto *D = dyn_cast<DoStmt>(P))
      return Cur == D->getCond();
    if (const auto *C = dyn_cast<AbstractConditionalOperator>(P))
      return Cur == C->getCond();
    return false;
  }
  return false;
}

/// An lvalue in memory rather than in a local variable: gcc loads it into a
/// temporary with a statement of its own.
bool readsMemory(const Expr *E) {
  E = E->IgnoreParens();
  if (isa<ArraySubscriptExpr>(E))
    return true;
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return M->isArrow() || readsMemory(M->getBase());
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return U->getOpcode() == UO_Deref;
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      return !V->hasLocalStorage();
  return false;
}

/// Whether E calls a function of the program (not a library builtin):
/// gcc's block ends at such a call, and the jump after it is on the line of
/// the && or || whatever the operands.
bool callsOwnFunction(const Stmt *S) {
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (!Call->getBuiltinCallee())
      return true;
  for (const Stmt *Child : S->children())
    if (Child && !isa<LambdaExpr>(Child) && callsOwnFunction(Child))
      return true;
  return false;
}

/// A local variable or a constant: gcc compares it without a statement.
bool isPlainOperand(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *C = dyn_cast<ImplicitCastExpr>(E);
      C && C->getCastKind() == CK_LValueToRValue)
    E = C->getSubExpr()->IgnoreParens();
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      return V->hasLocalStorage();
    return isa<EnumConstantDecl>(D->getDecl());
  }
  return isa<IntegerLiteral>(E) || isa<CharacterLiteral>(E) ||
         isa<FloatingLiteral>(E);
}

/// Whether gcc needs statements to evaluate a tested condition before its
/// jump (a load from memory, arithmetic, a call to a library builtin, but
/// not a call of the program's own, which ends gcc's block): it then jumps
/// on the condition's own line, not on that of the && or || it is the right
/// operand of.
bool needsTemporaries(const Expr *E, ASTContext &Ctx) {
  E = stripped(E);
  if (callsOwnFunction(E))
    return false;
  auto Plain = [&](const Expr *Op) {
    return isPlainOperand(Op) ||
           (!Op->isValueDependent() && Op->isEvaluatable(Ctx));
  };
  if (Plain(E))
    return false;
  const auto *B = dyn_cast<BinaryOperator>(E);
  const auto *U = dyn_cast<UnaryOperator>(E);
  if (B && B->isComparisonOp())
    return !Plain(B->getLHS()) || !Plain(B->getRHS());
  if (U && U->getOpcode() == UO_LNot)
    return needsTemporaries(U->getSubExpr(), Ctx);
  return true;
}

bool isComparison(const Expr *E) {
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return B->isComparisonOp();
  const auto *U = dyn_cast<UnaryOperator>(E);
  return U && U->getOpcode() == UO_LNot;
}

bool isPlainAssignment(const Stmt *S) {
  const auto *B = dyn_cast<BinaryOperator>(S);
  return B && B->getOpcode() == BO_Assign;
}

} // namespace

std::pair<const Stmt *, const Stmt *>
CodeLines::operandParent(const Stmt *E) const {
  const Stmt *Child = E;
  const Stmt *P = PM.getParent(E);
  while (P && isTransparent(P)) {
    Child = P;
    P = PM.getParent(P);
  }
  return {P, Child};
}

unsigned CodeLines::declLine(const VarDecl *VD) const {
  if (!VD || !VD->hasInit() || VD->isStaticLocal() || VD->hasExternalStorage())
    return 0;
  // "int w = f(x);" is one call statement, on the call's line.
  return isCall(VD->getInit()) ? 0 : line(VD->getLocation());
}

unsigned CodeLines::ownLine(const Expr *E) const {
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isLogicalOp() || B->isCommaOp())
      return 0;
    if (B->getOpcode() == BO_Assign && isCall(B->getRHS()))
      return 0; // the call assigns its result
    return line(B->getOperatorLoc());
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    switch (U->getOpcode()) {
    case UO_PostInc:
    case UO_PostDec:
    case UO_PreInc:
    case UO_PreDec:
    case UO_Minus:
    case UO_Not:
    case UO_LNot:
      return line(U->getOperatorLoc());
    default:
      return 0;
    }
  }
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E))
    return line(Op->getOperatorLoc());
  if (const auto *C = dyn_cast<CallExpr>(E))
    return line(C->getCallee() ? C->getCallee()->getBeginLoc()
                               : C->getBeginLoc());
  if (const auto *C = dyn_cast<AbstractConditionalOperator>(E))
    return line(C->getColonLoc());
  if (const auto *Load = dyn_cast<ImplicitCastExpr>(E);
      Load && Load->getCastKind() == CK_LValueToRValue &&
      !isa<DeclRefExpr>(Load->getSubExpr()->IgnoreParens()) &&
      readsMemory(Load->getSubExpr()))
    return line(Load->getSubExpr()->getExprLoc()); // a load into a temporary
  if (isa<CXXConstructExpr>(E) || isa<CXXNewExpr>(E) ||
      isa<CXXDeleteExpr>(E) || isa<CXXThrowExpr>(E))
    return line(E->getBeginLoc());
  return 0;
}

/// gcc emits one statement for an operation and the construct that takes its
/// value: an argument is evaluated on its call's line, the value of "=", an
/// initialiser, a returned value or an arm of "?:" on that construct's.
unsigned CodeLines::absorbedLine(const Expr *E) const {
  // An argument's top node (an explicit cast included, but not what it
  // converts) is evaluated on its call's line.
  const Stmt *Arg = E;
  const Stmt *Up = PM.getParent(Arg);
  while (Up && (isa<ParenExpr>(Up) || isa<ImplicitCastExpr>(Up) ||
                isa<FullExpr>(Up) || isa<MaterializeTemporaryExpr>(Up))) {
    Arg = Up;
    Up = PM.getParent(Up);
  }
  if (const auto *Call = dyn_cast_or_null<CallExpr>(Up))
    return Arg == Call->getCallee() ? 0 : elementLine(Call);
  auto [P, Child] = operandParent(E);
  if (!P || isa<CallExpr>(P))
    return 0;
  if (isCall(E))
    return 0; // only arguments move a call to another line
  if (isPlainAssignment(P) && Child == cast<BinaryOperator>(P)->getRHS())
    return line(cast<BinaryOperator>(P)->getOperatorLoc());
  if (const auto *D = dyn_cast<DeclStmt>(P)) {
    for (const Decl *Dl : D->decls())
      if (const auto *VD = dyn_cast<VarDecl>(Dl))
        if (VD->getInit() == Child)
          return line(VD->getLocation());
    return 0;
  }
  if (const auto *R = dyn_cast<ReturnStmt>(P))
    return Child == R->getRetValue() ? line(R->getReturnLoc()) : 0;
  if (const auto *C = dyn_cast<AbstractConditionalOperator>(P))
    if (Child == C->getTrueExpr() || Child == C->getFalseExpr())
      return elementLine(C);
  return 0;
}

unsigned CodeLines::elementLine(const Stmt *S) const {
  if (const auto *D = dyn_cast<DeclStmt>(S)) {
    for (const Decl *Dl : D->decls())
      if (unsigned L = declLine(dyn_cast<VarDecl>(Dl)))
        return L;
    return 0;
  }
  if (const auto *R = dyn_cast<ReturnStmt>(S))
    return line(R->getReturnLoc());
  const auto *E = dyn_cast<Expr>(S);
  if (!E)
    return 0;
  if (unsigned L = absorbedLine(E))
    return L;
  if (!E->HasSideEffects(Ctx) && !E->isValueDependent() &&
      E->isEvaluatable(Ctx))
    return 0; // a constant: folded
  if (isComparison(E) && isTestedLeaf(PM, E))
    return 0; // folded into the jump
  if (unsigned L = valueJumpLine(E))
    return L;
  return ownLine(E);
}

/// The right operand of && or || whose value is computed (not tested by a
/// branch: "return a || b"): clang's CFG evaluates it in a block that does
/// not branch, gcc still jumps on it, on the operator's line.
unsigned CodeLines::valueJumpLine(const Expr *E) const {
  const Stmt *Cur = E;
  const BinaryOperator *Logical = nullptr;
  for (const Stmt *P = PM.getParent(Cur); P; Cur = P, P = PM.getParent(P)) {
    const auto *U = dyn_cast<UnaryOperator>(P);
    if (isa<ParenExpr>(P) || isa<ImplicitCastExpr>(P) || isa<FullExpr>(P) ||
        (U && U->getOpcode() == UO_LNot))
      continue;
    const auto *B = dyn_cast<BinaryOperator>(P);
    if (!B || !B->isLogicalOp())
      break;
    if (!Logical) {
      if (Cur != B->getRHS())
        return 0;
      Logical = B;
    }
  }
  if (!Logical || isTestedLeaf(PM, cast<Expr>(Cur)))
    return 0;
  return needsTemporaries(E, Ctx) ? line(stripped(E)->getExprLoc())
                             : line(Logical->getOperatorLoc());
}

unsigned CodeLines::conditionLine(const Stmt *Term, const Expr *Tested) const {
  // Up from the tested leaf: in the right operand of && or ||, the jump is on
  // the operator's line.
  const Stmt *Cur = Tested;
  const Stmt *P = PM.getParent(Cur);
  for (; P; Cur = P, P = PM.getParent(P)) {
    if (const auto *B = dyn_cast<BinaryOperator>(P); B && B->isLogicalOp()) {
      if (Cur == B->getRHS())
        return needsTemporaries(Tested, Ctx)
                   ? line(stripped(Tested)->getExprLoc())
                   : line(B->getOperatorLoc());
      continue;
    }
    const auto *U = dyn_cast<UnaryOperator>(P);
    if (isTransparent(P) || (U && U->getOpcode() == UO_LNot))
      continue;
    break;
  }
  if (const auto *If = dyn_cast_or_null<IfStmt>(P))
    return line(If->getIfLoc());
  if (const auto *Sw = dyn_cast_or_null<SwitchStmt>(P))
    return line(Sw->getSwitchLoc());
  if (const auto *C = dyn_cast_or_null<AbstractConditionalOperator>(P))
    if (Cur == C->getCond())
      return elementLine(C); // its ':', or the call it is an argument of
  (void)Term;
  const Expr *Leaf = stripped(Tested);
  if (unsigned L = ownLine(Leaf))
    return L;
  return line(Leaf->getBeginLoc());
}

unsigned CodeLines::labelLine(const Stmt *Label) const {
  if (const auto *Case = dyn_cast<SwitchCase>(Label)) {
    // "case 1: case 2:": the last case's block has the first's line;
    // "case 1: name:": the named label's.
    if (isa<SwitchCase>(Case->getSubStmt()) || isa<LabelStmt>(Case->getSubStmt()))
      return 0;
    const Stmt *First = Case;
    for (const Stmt *P = PM.getParent(First); P && isa<SwitchCase>(P);
         P = PM.getParent(P))
      First = P;
    // A switch on a constant is folded away, labels and all.
    for (const Stmt *P = PM.getParent(First); P; P = PM.getParent(P))
      if (const auto *Sw = dyn_cast<SwitchStmt>(P)) {
        const Expr *Cond = Sw->getCond();
        if (Cond && !Cond->isValueDependent() && Cond->isEvaluatable(Ctx))
          return 0;
        break;
      }
    return line(First->getBeginLoc());
  }
  if (isa<LabelStmt>(Label))
    return line(Label->getBeginLoc());
  return 0;
}

unsigned CodeLines::statementLine(const Stmt *S) const {
  if (!S)
    return 0;
  if (const auto *C = dyn_cast<CompoundStmt>(S))
    return C->body_empty() ? 0 : statementLine(C->body_front());
  if (isa<WhileStmt>(S) || isa<ForStmt>(S) || isa<DoStmt>(S) ||
      isa<NullStmt>(S))
    return 0;
  if (isa<LabelStmt>(S) || isa<SwitchCase>(S))
    return line(S->getBeginLoc());
  if (const auto *If = dyn_cast<IfStmt>(S))
    return line(If->getIfLoc());
  if (const auto *Sw = dyn_cast<SwitchStmt>(S))
    return line(Sw->getSwitchLoc());
  if (isa<DeclStmt>(S))
    return 0; // a declaration statement has no location in gcc
  if (isa<ReturnStmt>(S) || isa<BreakStmt>(S) || isa<ContinueStmt>(S) ||
      isa<GotoStmt>(S))
    return line(S->getBeginLoc());
  if (const auto *E = dyn_cast<Expr>(S)) {
    const Expr *Top = stripped(E);
    if (const auto *B = dyn_cast<BinaryOperator>(Top);
        B && !B->isLogicalOp() && !B->isCommaOp())
      return line(B->getOperatorLoc());
    if (unsigned L = ownLine(Top))
      return L;
    return line(Top->getBeginLoc());
  }
  return line(S->getBeginLoc());
}

unsigned CodeLines::latchLine(const Stmt *Loop) const {
  const Expr *Cond = nullptr;
  const Stmt *Body = nullptr;
  SourceLocation Keyword;
  if (const auto *W = dyn_cast<WhileStmt>(Loop)) {
    Cond = W->getCond();
    Body = W->getBody();
    Keyword = W->getWhileLoc();
  } else if (const auto *F = dyn_cast<ForStmt>(Loop)) {
    Cond = F->getCond();
    Body = F->getBody();
    Keyword = F->getForLoc();
  } else {
    return 0;
  }
  if (Cond) {
    if (Cond->isValueDependent())
      return 0;
    std::optional<llvm::APSInt> V = Cond->getIntegerConstantExpr(Ctx);
    if (!V || V->isZero())
      return 0;
  }
  if (unsigned L = statementLine(Body))
    return L;
  return line(Keyword);
}

namespace {

/// Finds a return statement (outside nested lambdas and blocks).
class ReturnFinder : public RecursiveASTVisitor<ReturnFinder> {
public:
  bool Found = false;
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseBlockExpr(BlockExpr *) { return true; }
  bool VisitReturnStmt(ReturnStmt *) { return !(Found = true); }
};

} // namespace

unsigned CodeLines::fallOffLine(const CompoundStmt *Body) const {
  ReturnFinder Finder;
  Finder.TraverseStmt(const_cast<CompoundStmt *>(Body));
  return Finder.Found ? 0 : line(Body->getRBracLoc());
}

namespace {

/// Gotos and the labels they target.
class GotoFinder : public RecursiveASTVisitor<GotoFinder> {
public:
  std::set<const LabelDecl *> Targets;
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseBlockExpr(BlockExpr *) { return true; }
  bool VisitGotoStmt(GotoStmt *G) {
    Targets.insert(G->getLabel());
    return true;
  }
};

class LoopFinder : public RecursiveASTVisitor<LoopFinder> {
public:
  std::vector<const Stmt *> Found;
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseBlockExpr(BlockExpr *) { return true; }
  bool VisitWhileStmt(WhileStmt *S) {
    Found.push_back(S);
    return true;
  }
  bool VisitForStmt(ForStmt *S) {
    Found.push_back(S);
    return true;
  }
};

/// The statements of a block: its code and its terminator.
std::vector<const Stmt *> anchors(const CFGBlock *B,
                                  ArrayRef<const Stmt *> Code,
                                  const ParentMap &PM, const Stmt *Body) {
  std::vector<const Stmt *> Out(Code.begin(), Code.end());
  if (B)
    if (const Stmt *T = B->getTerminatorStmt(); T && isWithin(PM, T, Body))
      Out.push_back(T);
  return Out;
}

bool anyWithin(const ParentMap &PM, ArrayRef<const Stmt *> Stmts,
               const Stmt *Outer) {
  return llvm::any_of(Stmts, [&](const Stmt *S) {
    return isWithin(PM, S, Outer);
  });
}


} // namespace

bool isGotoTarget(const Stmt *Body, const LabelStmt *Label) {
  GotoFinder F;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.Targets.count(Label->getDecl());
}

void addJumpLines(const CodeLines &Lines, const ParentMap &PM,
                  const Stmt *Body, ArrayRef<const CFGBlock *> Blocks,
                  ArrayRef<std::vector<const Stmt *>> Code,
                  const std::vector<std::vector<unsigned>> &Succs,
                  std::vector<std::vector<unsigned>> &BlockLines,
                  std::vector<EdgeLine> &Edges) {
  unsigned N = Succs.size();
  std::vector<std::vector<const Stmt *>> Anchor(N);
  std::vector<std::vector<std::pair<unsigned, unsigned>>> Preds(N);
  for (unsigned B = 0; B < N; ++B) {
    const CFGBlock *CB = B < Blocks.size() ? Blocks[B] : nullptr;
    Anchor[B] = anchors(CB, B < Code.size() ? ArrayRef<const Stmt *>(Code[B]) : ArrayRef<const Stmt *>(),
                        PM, Body);
    for (unsigned I = 0; I < Succs[B].size(); ++I)
      Preds[Succs[B][I]].push_back({B, I});
  }
  auto AddToBlock = [&](unsigned B, unsigned L) {
    std::vector<unsigned> &V = BlockLines[B];
    if (L && (V.empty() || V.back() != L))
      V.push_back(L);
  };
  // A statement on an edge: part of the block before it when that block has
  // no other way out, else a block of its own.
  auto Add = [&](unsigned B, unsigned I, unsigned L) {
    if (!L)
      return;
    if (Succs[B].size() == 1)
      AddToBlock(B, L);
    else
      Edges.push_back({B, I, L});
  };
  // A jump on an edge: gcc folds it into the edge, and gcov sees its line
  // only in a block with no other way out.
  auto AddJump = [&](unsigned B, unsigned I, unsigned L) {
    if (Succs[B].size() == 1)
      AddToBlock(B, L);
  };

  LoopFinder Finder;
  Finder.TraverseStmt(const_cast<Stmt *>(Body));
  for (const Stmt *S : Finder.Found) {
    // A loop with a condition is entered by a jump to it.
    const Expr *Cond = nullptr;
    SourceLocation Keyword;
    if (const auto *W = dyn_cast<WhileStmt>(S)) {
      Cond = W->getCond();
      Keyword = W->getWhileLoc();
    } else {
      const auto *F = cast<ForStmt>(S);
      Cond = F->getCond();
      Keyword = F->getForLoc();
    }
    if (!Cond || Lines.latchLine(S))
      continue;
    for (unsigned C = 0; C < N; ++C) {
      if (C >= Blocks.size() || !Blocks[C] ||
          Blocks[C]->getTerminatorStmt() != S)
        continue;
      for (auto [P, I] : Preds[C]) {
        const CFGBlock *PB = P < Blocks.size() ? Blocks[P] : nullptr;
        if ((PB && PB->getLoopTarget() == S) || anyWithin(PM, Anchor[P], S))
          continue;
        AddJump(P, I, Lines.line(Keyword));
      }
    }
  }

  // The jump back to the top of a loop without a condition: merged into the
  // block before it when that is its only way in.
  for (unsigned B = 0; B < N; ++B) {
    const CFGBlock *CB = B < Blocks.size() ? Blocks[B] : nullptr;
    const Stmt *Loop = CB ? CB->getLoopTarget() : nullptr;
    unsigned L = Loop && isWithin(PM, Loop, Body) ? Lines.latchLine(Loop) : 0;
    if (!L)
      continue;
    if (!Anchor[B].empty()) {
      AddToBlock(B, L); // the increment of a for loop, then the jump
      continue;
    }
    for (auto [P, I] : Preds[B])
      AddJump(P, I, L);
  }

  // A label that gotos target: the code before it jumps to it on its line.
  for (unsigned B = 0; B < N; ++B) {
    const CFGBlock *CB = B < Blocks.size() ? Blocks[B] : nullptr;
    const auto *Label = CB ? dyn_cast_or_null<LabelStmt>(CB->getLabel()) : nullptr;
    if (!Label || !isWithin(PM, Label, Body) || !isGotoTarget(Body, Label))
      continue;
    for (auto [P, I] : Preds[B]) {
      const CFGBlock *PB = P < Blocks.size() ? Blocks[P] : nullptr;
      const auto *G = PB ? dyn_cast_or_null<GotoStmt>(PB->getTerminatorStmt())
                         : nullptr;
      if (!G)
        Add(P, I, Lines.labelLine(Label));
    }
  }
}

bool CodeLines::endsGccBlock(const Stmt *Element) const {
  const auto *Call = dyn_cast<CallExpr>(Element);
  return Call && !Call->getBuiltinCallee();
}

unsigned CodeLines::jumpLine(const Stmt *Term) const {
  if (isa<BreakStmt>(Term) || isa<ContinueStmt>(Term) || isa<GotoStmt>(Term))
    return line(Term->getBeginLoc());
  return 0;
}

} // namespace p3
