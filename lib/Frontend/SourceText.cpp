//===- SourceText.cpp - From AST nodes to editable file ranges -----------===//

#include "Frontend/SourceText.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace p3 {

std::optional<FileRange> SourceText::charRange(CharSourceRange R) const {
  // An end inside a macro expansion is editable only when it is the end of the
  // outermost invocation: the edit then wraps whole invocations. Otherwise
  // makeFileCharRange may hand back the spelling of a macro argument, which
  // the macro may expand several times, or not at all: never edit there.
  // (An argument that starts or ends the whole expansion, as in
  // "#define STEP(p) p += 1", is such an end.)
  const LangOptions &LO = Ctx.getLangOpts();
  SourceLocation Begin = R.getBegin(), End = R.getEnd();
  if (Begin.isInvalid() || End.isInvalid())
    return std::nullopt;
  if (Begin.isMacroID() && !Lexer::isAtStartOfMacroExpansion(Begin, SM, LO))
    return std::nullopt;
  if (End.isMacroID() &&
      !(R.isTokenRange() ? Lexer::isAtEndOfMacroExpansion(End, SM, LO)
                         : Lexer::isAtStartOfMacroExpansion(End, SM, LO)))
    return std::nullopt;
  CharSourceRange F = Lexer::makeFileCharRange(R, SM, LO);
  if (F.isInvalid())
    return std::nullopt;
  auto [BeginFile, BeginOffset] = SM.getDecomposedLoc(F.getBegin());
  auto [EndFile, EndOffset] = SM.getDecomposedLoc(F.getEnd());
  if (BeginFile != EndFile || EndOffset < BeginOffset)
    return std::nullopt;
  return FileRange{BeginFile, BeginOffset, EndOffset};
}

std::optional<FileRange> SourceText::exprRange(const Expr *E) const {
  return charRange(CharSourceRange::getTokenRange(E->getSourceRange()));
}

namespace {

/// Statements whose source range stops before their terminating ';'.
bool endsBeforeSemicolon(const Stmt *S) {
  return isa<Expr>(S) || isa<ReturnStmt>(S) || isa<BreakStmt>(S) ||
         isa<ContinueStmt>(S) || isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) ||
         isa<DoStmt>(S) || isa<AsmStmt>(S);
}

/// The statement whose end is the end of S.
const Stmt *lastSubStatement(const Stmt *S) {
  if (const auto *If = dyn_cast<IfStmt>(S))
    return If->getElse() ? If->getElse() : If->getThen();
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return W->getBody();
  if (const auto *F = dyn_cast<ForStmt>(S))
    return F->getBody();
  if (const auto *F = dyn_cast<CXXForRangeStmt>(S))
    return F->getBody();
  if (const auto *Sw = dyn_cast<SwitchStmt>(S))
    return Sw->getBody();
  if (const auto *L = dyn_cast<LabelStmt>(S))
    return L->getSubStmt();
  if (const auto *C = dyn_cast<SwitchCase>(S))
    return C->getSubStmt();
  if (const auto *A = dyn_cast<AttributedStmt>(S))
    return A->getSubStmt();
  return nullptr;
}

} // namespace

std::optional<FileRange> SourceText::stmtRange(const Stmt *S) const {
  const Stmt *Last = S;
  while (const Stmt *Sub = lastSubStatement(Last))
    Last = Sub;
  std::optional<FileRange> R = charRange(
      CharSourceRange::getTokenRange(S->getBeginLoc(), Last->getEndLoc()));
  if (!R || !endsBeforeSemicolon(Last))
    return R;
  // Take the ';' that follows in the file, if the statement's own ';' is not
  // already inside a macro expansion.
  SourceLocation After = SM.getComposedLoc(R->File, R->End);
  Token Tok;
  if (!Lexer::getRawToken(After, Tok, SM, Ctx.getLangOpts(),
                          /*IgnoreWhiteSpace=*/true) &&
      Tok.is(tok::semi)) {
    R->End = SM.getFileOffset(Tok.getLocation()) + 1;
  }
  return R;
}

std::optional<FileRange>
SourceText::compoundInterior(const CompoundStmt *C) const {
  SourceLocation L = C->getLBracLoc(), R = C->getRBracLoc();
  if (L.isInvalid() || R.isInvalid() || L.isMacroID() || R.isMacroID())
    return std::nullopt;
  auto [LFile, LOff] = SM.getDecomposedLoc(L);
  auto [RFile, ROff] = SM.getDecomposedLoc(R);
  if (LFile != RFile || ROff <= LOff)
    return std::nullopt;
  return FileRange{LFile, LOff + 1, ROff};
}

bool SourceText::hasTopLevelComma(const FileRange &R) const {
  llvm::StringRef Text = SM.getBufferData(R.File).substr(R.Begin, R.End - R.Begin);
  int Depth = 0;
  for (char C : Text) {
    if (C == '(' || C == '[' || C == '{')
      ++Depth;
    else if (C == ')' || C == ']' || C == '}')
      --Depth;
    else if (C == ',' && Depth == 0)
      return true;
  }
  return false;
}

unsigned SourceText::line(SourceLocation Loc) const {
  return Loc.isValid() ? SM.getExpansionLineNumber(Loc) : 0;
}

namespace {

bool isSubStatement(const Stmt *Parent, const Stmt *Child) {
  if (const auto *If = dyn_cast<IfStmt>(Parent))
    return Child == If->getThen() || Child == If->getElse();
  if (const auto *W = dyn_cast<WhileStmt>(Parent))
    return Child == W->getBody();
  if (const auto *F = dyn_cast<ForStmt>(Parent))
    return Child == F->getBody();
  if (const auto *F = dyn_cast<CXXForRangeStmt>(Parent))
    return Child == F->getBody();
  if (const auto *D = dyn_cast<DoStmt>(Parent))
    return Child == D->getBody();
  if (const auto *Sw = dyn_cast<SwitchStmt>(Parent))
    return Child == Sw->getBody();
  if (const auto *L = dyn_cast<LabelStmt>(Parent))
    return Child == L->getSubStmt();
  if (const auto *C = dyn_cast<SwitchCase>(Parent))
    return Child == C->getSubStmt();
  if (const auto *A = dyn_cast<AttributedStmt>(Parent))
    return Child == A->getSubStmt();
  if (const auto *C = dyn_cast<CXXCatchStmt>(Parent))
    return Child == C->getHandlerBlock();
  return false;
}

bool isLabel(const Stmt *S) {
  return isa<LabelStmt>(S) || isa<SwitchCase>(S);
}

} // namespace

const Stmt *enclosingStatement(const ParentMap &PM, const Stmt *S) {
  const Stmt *Cur = S;
  while (const Stmt *P = PM.getParent(Cur)) {
    if (isa<CompoundStmt>(P) || isSubStatement(P, Cur))
      return Cur;
    Cur = P;
  }
  return Cur;
}

StmtPosition statementPosition(const ParentMap &PM, const Stmt *S) {
  const Stmt *P = PM.getParent(S);
  if (!P)
    return StmtPosition::NotInsertable;
  if (isa<CompoundStmt>(P))
    return StmtPosition::InCompound;
  if (isLabel(P)) {
    // "L: A; S" keeps S after the label only inside a compound statement.
    const Stmt *Top = P;
    while (const Stmt *Up = PM.getParent(Top)) {
      if (!isLabel(Up))
        break;
      Top = Up;
    }
    const Stmt *Outer = PM.getParent(Top);
    if (Outer && isa<CompoundStmt>(Outer))
      return StmtPosition::InCompound;
    return isa<DeclStmt>(S) ? StmtPosition::NotInsertable
                            : StmtPosition::NeedsBraces;
  }
  if (isa<SwitchStmt>(P) || isa<AttributedStmt>(P) || isa<CXXCatchStmt>(P))
    return StmtPosition::NotInsertable;
  if (isSubStatement(P, S))
    return StmtPosition::NeedsBraces;
  return StmtPosition::NotInsertable;
}

namespace {

/// Whether evaluating S may run probes of its own function: it branches (&&,
/// ||, ?:) or holds statements (a GNU statement expression). Calls do not
/// count: the callee's probes use the callee's register. With LeavingToo, a
/// way out of the function (a noreturn call, a throw) counts too.
class BranchFinder : public RecursiveASTVisitor<BranchFinder> {
public:
  explicit BranchFinder(bool LeavingToo) : LeavingToo(LeavingToo) {}
  bool Found = false;
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseBlockExpr(BlockExpr *) { return true; }
  bool VisitAbstractConditionalOperator(AbstractConditionalOperator *) {
    return !(Found = true);
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    return !(Found |= B->isLogicalOp());
  }
  bool VisitStmtExpr(StmtExpr *) { return !(Found = true); }
  bool VisitCXXThrowExpr(CXXThrowExpr *) { return !(Found |= LeavingToo); }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *Callee = C->getDirectCallee();
    return !(Found |= LeavingToo && Callee && Callee->isNoReturn());
  }

private:
  bool LeavingToo;
};

bool findBranches(const Stmt *S, bool LeavingToo) {
  BranchFinder Finder(LeavingToo);
  Finder.TraverseStmt(const_cast<Stmt *>(S));
  return Finder.Found;
}

} // namespace

bool mayRunProbes(const Stmt *S) { return findBranches(S, false); }

std::optional<const Stmt *> lastLeadingDeclaration(const ParentMap &PM,
                                                   const Stmt *S) {
  const auto *C = dyn_cast_or_null<CompoundStmt>(PM.getParent(S));
  if (!isa<DeclStmt>(S) || !C)
    return std::nullopt;
  auto It = llvm::find(C->body(), S);
  if (!std::all_of(C->body_begin(), It,
                   [](const Stmt *X) { return isa<DeclStmt>(X); }))
    return std::nullopt; // code before S: no new warning
  const Stmt *Last = nullptr;
  for (; It != C->body_end() && isa<DeclStmt>(*It); ++It) {
    if (findBranches(*It, /*LeavingToo=*/true))
      return nullptr;
    Last = *It;
  }
  return Last;
}

bool isFollowedByCaseLabel(const ParentMap &PM, const Stmt *S) {
  const Stmt *P = PM.getParent(S);
  while (P && isLabel(P)) {
    S = P;
    P = PM.getParent(S);
  }
  const auto *C = dyn_cast_or_null<CompoundStmt>(P);
  if (!C)
    return false;
  auto It = llvm::find(C->body(), S);
  return It != C->body_end() && std::next(It) != C->body_end() &&
         isa<SwitchCase>(*std::next(It));
}

bool isWithin(const ParentMap &PM, const Stmt *Inner, const Stmt *Outer) {
  for (const Stmt *Cur = Inner; Cur; Cur = PM.getParent(Cur))
    if (Cur == Outer)
      return true;
  return false;
}

bool isInLoopIterationPart(const ParentMap &PM, const Stmt *S,
                           const Stmt *Loop) {
  auto In = [&](const Stmt *Part) { return Part && isWithin(PM, S, Part); };
  if (const auto *W = dyn_cast<WhileStmt>(Loop))
    return In(W->getCond()) || In(W->getConditionVariableDeclStmt());
  if (const auto *F = dyn_cast<ForStmt>(Loop))
    return In(F->getCond()) || In(F->getInc()) ||
           In(F->getConditionVariableDeclStmt());
  if (const auto *D = dyn_cast<DoStmt>(Loop))
    return In(D->getCond());
  if (const auto *F = dyn_cast<CXXForRangeStmt>(Loop))
    return In(F->getCond()) || In(F->getInc()) || In(F->getLoopVarStmt());
  return false;
}

} // namespace p3
