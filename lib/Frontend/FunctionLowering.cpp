//===- FunctionLowering.cpp - clang::CFG to a lowered CFG with sites ------===//
//
// One file past the usual size: its parts are the member functions of one
// class, Lowering, which walks one function's clang::CFG once and shares its
// maps (parents, blocks by id, sites by range, calls by site) among the
// steps: blocks, sites, returns, joins, and the calls where a path may be
// cut. Split apart, every step would take those maps as parameters; the
// Clang-free decisions on them live elsewhere already (lib/Instrument,
// lib/Graph). The per-construct facts are in their own files (LoopFacts,
// CodeLines, SourceText, CompilerConditionals).
//
//===----------------------------------------------------------------------===//

#include "Frontend/FunctionLowering.h"
#include "Frontend/CodeLines.h"
#include "Frontend/LoopFacts.h"
#include "Frontend/SourceText.h"
#include "Graph/CFG.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <map>
#include <set>

using namespace clang;

namespace p3 {

namespace {

bool isArm(const Stmt *Parent, const Stmt *Child) {
  if (const auto *B = dyn_cast<BinaryOperator>(Parent))
    return B->isLogicalOp() && Child == B->getRHS();
  if (const auto *C = dyn_cast<ConditionalOperator>(Parent))
    return Child == C->getTrueExpr() || Child == C->getFalseExpr();
  if (const auto *C = dyn_cast<BinaryConditionalOperator>(Parent))
    return Child == C->getFalseExpr();
  return false;
}

bool containsCall(const Stmt *S);

bool isLoopStatement(const Stmt *S) {
  return isa<WhileStmt>(S) || isa<ForStmt>(S) || isa<DoStmt>(S) ||
         isa<CXXForRangeStmt>(S);
}

/// The condition expression of a two-way terminator, or null.
const Stmt *branchCondition(const Stmt *Term) {
  if (const auto *If = dyn_cast<IfStmt>(Term))
    return If->getConditionVariable() ? nullptr : If->getCond();
  if (const auto *W = dyn_cast<WhileStmt>(Term))
    return W->getConditionVariable() ? nullptr : W->getCond();
  if (const auto *F = dyn_cast<ForStmt>(Term))
    return F->getConditionVariable() ? nullptr : F->getCond();
  if (const auto *D = dyn_cast<DoStmt>(Term))
    return D->getCond();
  if (const auto *C = dyn_cast<ConditionalOperator>(Term))
    return C->getCond();
  if (const auto *B = dyn_cast<BinaryOperator>(Term))
    return B->isLogicalOp() ? B->getLHS() : nullptr;
  return nullptr;
}

class Lowering {
public:
  Lowering(ASTContext &Ctx, const FunctionDecl *FD, FileID File,
           LoweredFunction &Out, const CallKeyFunction &CallKey)
      : Ctx(Ctx), FD(FD), File(File), Text(Ctx), Out(Out), CallKey(CallKey) {}

  void run();

private:
  void skip(const llvm::Twine &Why) { Out.Skip = SkipReason{Why.str()}; }
  bool buildCFG();
  void lowerEdges();
  void indexElements();
  void indexCodeLines();
  void indexCalls();
  void computeReachability();
  void addFallOffBlock();
  void endPathsAtComputedGotos();
  void endPathsAtSetjmp();
  void findCutCalls();
  void describeCallValue(const CallExpr *C, Site &S);
  bool endsPathInside(const Stmt *S) const;
  bool startPathsAtRestarts();
  void findSites(const CFGBlock &B);
  unsigned entrySite(const CompoundStmt &Body);
  void findBranch(const CFGBlock &B);
  void addLabelSite(const CFGBlock &B, BlockSites &S);
  void addStatementSites(const CFGBlock &B, BlockSites &S);
  std::vector<const Stmt *> alignedStatements(const Stmt *S, bool First) const;
  bool isOnceOnlyDo(const DoStmt *Do) const;
  std::optional<unsigned> firstInsertable(SiteKind Kind,
                                          const std::vector<const Stmt *> &Chain);
  void addArmSite(const CFGBlock &B, BlockSites &S);
  std::optional<unsigned> returnValueSite(const ReturnStmt *Ret);
  bool isSequenced(const Expr *E) const;
  bool isWholeStatement(const Expr *E) const;
  static bool onlyClosedConditionals(clang::Lexer &Raw);
  bool isSequencedWithCalls(const Expr *E) const;
  void findCallingBlocks();
  bool mayEndWithFallThrough(const Stmt *S) const;
  void addForIncSite(const CFGBlock &B, BlockSites &S);
  void addJumpSite(const CFGBlock &B, BlockSites &S);
  void addStatementEndSites();
  std::optional<std::set<CFGEdge>>
  normalWaysOut(const Stmt *S, const std::set<unsigned> &Inside) const;
  const Stmt *jumpTarget(const Stmt *BreakOrContinue) const;
  bool isEmptyBlock(unsigned B) const;

  bool startsIn(const Stmt *S, unsigned B) const;
  bool exprStartsIn(const Stmt *E, unsigned B) const;
  bool evaluatedWholeIn(const Stmt *C, unsigned B) const;
  bool inImplicitLoopCode(const Stmt *C) const;
  const Stmt *noteBeforeStatement(const CallExpr *C, CutCall &Cut);
  bool mayLeaveBesides(const Stmt *T, const CallExpr *C) const;
  void noteEndingCall(const CallExpr *C, unsigned Id);
  void noteBeforeExpression(const CallExpr *C, CutCall &Cut);
  std::vector<unsigned> blocksWithin(const Stmt *T) const;
  std::vector<unsigned> blocksBefore(const Stmt *T, unsigned Call) const;
  bool inBody(const Stmt *S) const { return isWithin(*PM, S, Body); }
  /// The statement that ends the function in block B (return, noreturn call,
  /// throw), or null.
  const Stmt *exitingStatement(const CFGBlock &B) const;

  unsigned addSite(SiteKind Kind, const FileRange &R, bool Braces,
                   bool Parens);
  std::optional<unsigned> statementSite(SiteKind Kind, const Stmt *S);
  std::optional<unsigned> expressionSite(SiteKind Kind, const Expr *E);

  ASTContext &Ctx;
  const FunctionDecl *FD;
  FileID File;
  SourceText Text;
  LoweredFunction &Out;
  const CallKeyFunction &CallKey;
  const Stmt *Body = nullptr;
  std::unique_ptr<clang::CFG> Cfg;
  std::unique_ptr<ParentMap> PM;
  std::vector<const CFGBlock *> ById;
  std::vector<std::vector<const Stmt *>> Elements; // in the body, per block
  llvm::DenseMap<const Stmt *, std::set<unsigned>> BlocksOfStatement;
  std::vector<std::vector<unsigned>> Preds; // reachable predecessors
  std::vector<bool> Reachable;
  std::map<std::tuple<unsigned, unsigned, unsigned>, unsigned> SiteIds;
  /// Blocks that call setjmp: the statement with the call ends their path.
  std::map<unsigned, const Stmt *> ReturnsTwice;
  /// Where paths begin again: after setjmp returns (the blocks its callers
  /// continued to), and at labels whose address is taken (goto *).
  std::set<unsigned> Restarts;
  bool HasCleanups = false; ///< A variable with a cleanup function (C).
  /// The restarts after setjmp, before startPathsAtRestarts resolves them.
  std::set<unsigned> SetjmpStarts;
  /// findCutCalls: the call of each CutCall (null when its arguments
  /// branch), and the site of each call with one.
  std::vector<const CallExpr *> CallOfCut;
  llvm::DenseMap<const Stmt *, unsigned> SiteOfCall;
  /// Returns whose path is counted before their value is computed (on the
  /// statement, or on the arms of a value that branches), with calls in it.
  std::set<const Stmt *> CountedBeforeValue;
};

bool Lowering::buildCFG() {
  clang::CFG::BuildOptions Opts;
  Opts.setAllAlwaysAdd();
  Opts.AddInitializers = true;
  Opts.PruneTriviallyFalseEdges = true;
  Cfg = clang::CFG::buildCFG(FD, const_cast<Stmt *>(Body), &Ctx, Opts);
  if (!Cfg) {
    skip("clang could not build its control-flow graph");
    return false;
  }
  PM = std::make_unique<ParentMap>(const_cast<Stmt *>(Body));
  ById.assign(Cfg->getNumBlockIDs(), nullptr);
  for (const CFGBlock *B : *Cfg)
    ById[B->getBlockID()] = B;
  return true;
}

/// Successor lists without pruned edges, try dispatch removed.
void Lowering::lowerEdges() {
  CFG &G = Out.Graph;
  unsigned N = Cfg->getNumBlockIDs();
  G.Succs.assign(N, {});
  G.Entry = Cfg->getEntry().getBlockID();
  G.Exit = Cfg->getExit().getBlockID();
  Out.Blocks.assign(N, {});

  std::set<unsigned> Dispatch;
  for (const CFGBlock *B : *Cfg)
    if (isa_and_nonnull<CXXTryStmt>(B->getTerminatorStmt()))
      Dispatch.insert(B->getBlockID());
  for (const CFGBlock *B : *Cfg) {
    unsigned Id = B->getBlockID();
    if (Dispatch.count(Id)) {
      // Its successors are the handlers, and EXIT when no catch (...) takes
      // every exception (it then leaves the function).
      for (const CFGBlock::AdjacentBlock &A : B->succs())
        if (const CFGBlock *S = A.getReachableBlock())
          if (isa_and_nonnull<CXXCatchStmt>(S->getLabel()))
            G.ExtraStarts.push_back(S->getBlockID());
      continue;
    }
    for (const CFGBlock::AdjacentBlock &A : B->succs()) {
      const CFGBlock *S = A.getReachableBlock();
      if (!S)
        continue;
      // A throw inside a try goes to the dispatch block: its path ends there.
      G.Succs[Id].push_back(Dispatch.count(S->getBlockID()) ? G.Exit
                                                            : S->getBlockID());
    }
  }
  std::sort(G.ExtraStarts.begin(), G.ExtraStarts.end());
  G.ExtraStarts.erase(std::unique(G.ExtraStarts.begin(), G.ExtraStarts.end()),
                      G.ExtraStarts.end());
}

void Lowering::indexElements() {
  // The CFG splits "int a = 1, b = 2;" into one synthetic DeclStmt per
  // variable; they are not in the AST, so map them back to the original.
  llvm::DenseMap<const Stmt *, const Stmt *> Original;
  for (auto It = Cfg->synthetic_stmt_begin(); It != Cfg->synthetic_stmt_end();
       ++It)
    Original[It->first] = It->second;
  Elements.assign(Cfg->getNumBlockIDs(), {});
  Out.BlockLines.assign(Cfg->getNumBlockIDs(), {0, 0});
  for (const CFGBlock *B : *Cfg) {
    unsigned Id = B->getBlockID();
    auto NoteLines = [&](const Stmt *S) {
      unsigned L = Text.line(S->getBeginLoc());
      auto &[First, Last] = Out.BlockLines[Id];
      if (L && (!First || L < First))
        First = L;
      Last = std::max(Last, Text.line(S->getEndLoc()));
    };
    auto Note = [&](const Stmt *S) {
      BlocksOfStatement[enclosingStatement(*PM, S)].insert(Id);
      NoteLines(S);
    };
    for (const CFGElement &E : *B) {
      std::optional<CFGStmt> CS = E.getAs<CFGStmt>();
      if (!CS)
        continue;
      const Stmt *S = CS->getStmt();
      if (const Stmt *O = Original.lookup(S))
        S = O;
      if (inBody(S)) {
        Elements[Id].push_back(S);
        Note(S);
      }
    }
    // A terminator spans its whole statement (an if with its branches): only
    // its condition, or the jump itself, is code of this block.
    if (const Stmt *T = B->getTerminatorStmt())
      if (inBody(T)) {
        BlocksOfStatement[enclosingStatement(*PM, T)].insert(Id);
        const Stmt *Cond = branchCondition(T);
        if (const auto *Sw = dyn_cast<SwitchStmt>(T))
          Cond = Sw->getCond();
        if (Cond)
          NoteLines(Cond);
        else if (!isLoopStatement(T) && !isa<SwitchStmt>(T) &&
                 !isa<IfStmt>(T) && !isa<CXXTryStmt>(T))
          NoteLines(T);
      }
    if (const Stmt *L = B->getLabel())
      if (inBody(L) && !Out.BlockLines[Id].first)
        Out.BlockLines[Id] = {Text.line(L->getBeginLoc()),
                              Text.line(L->getBeginLoc())};
  }
}

/// Per block, the lines its code runs on as gcc attributes them (CodeLines.h),
/// for line counts that compare with gcov's; and which blocks test a
/// condition (successor 0 when true).
void Lowering::indexCodeLines() {
  CodeLines Lines(Ctx, *PM, Text);
  unsigned N = Cfg->getNumBlockIDs();
  Out.BlockCodeLines.assign(N, {});
  Out.TestsCondition.assign(N, false);
  for (const CFGBlock *B : *Cfg) {
    unsigned Id = B->getBlockID();
    std::vector<unsigned> &V = Out.BlockCodeLines[Id];
    auto Add = [&](unsigned L) {
      if (L && (V.empty() || V.back() != L))
        V.push_back(L);
    };
    auto EndPart = [&] {
      if (!V.empty() && V.back() != CodeLines::PartEnd)
        V.push_back(CodeLines::PartEnd);
    };
    if (const Stmt *L = B->getLabel(); L && inBody(L))
      Add(Lines.labelLine(L));
    for (const Stmt *S : Elements[Id]) {
      Add(Lines.elementLine(S));
      if (Lines.endsGccBlock(S))
        EndPart();
    }
    const Stmt *T = B->getTerminatorStmt();
    if (!T || !inBody(T))
      continue;
    Add(Lines.jumpLine(T));
    if (const Expr *Tested = B->getLastCondition();
        Tested && Out.Graph.Succs[Id].size() >= 2) {
      Add(Lines.conditionLine(T, Tested));
      Out.TestsCondition[Id] = branchCondition(T) && B->succ_size() == 2 &&
                               Out.Graph.Succs[Id].size() == 2;
    }
  }
  Out.BlockCodeLines[Out.Graph.Entry] = {Text.line(FD->getLocation())};
  addJumpLines(Lines, *PM, Body, ById, Elements, Out.Graph.Succs,
               Out.BlockCodeLines, Out.EdgeCodeLines);
  for (std::vector<unsigned> &V : Out.BlockCodeLines)
    if (!V.empty() && V.back() == CodeLines::PartEnd)
      V.pop_back();
}

/// The direct calls (and constructor calls) of each block, by callee key; a
/// GCC builtin is no call.
void Lowering::indexCalls() {
  if (!CallKey)
    return;
  for (unsigned Id = 0; Id < Elements.size(); ++Id)
    for (const Stmt *S : Elements[Id]) {
      const FunctionDecl *Callee = nullptr;
      if (const auto *C = dyn_cast<CallExpr>(S))
        Callee = C->getBuiltinCallee() ? nullptr : C->getDirectCallee();
      else if (const auto *C = dyn_cast<CXXConstructExpr>(S))
        Callee = C->getConstructor();
      if (Callee)
        Out.CallKeys.push_back({Id, CallKey(Callee)});
    }
}

void Lowering::computeReachability() {
  const CFG &G = Out.Graph;
  Reachable = reachableBlocks(G);
  Preds.assign(G.numBlocks(), {});
  for (unsigned B = 0; B < G.numBlocks(); ++B)
    if (Reachable[B])
      for (unsigned S : G.Succs[B])
        Preds[S].push_back(B);
}

/// Whether no way into B has already evaluated part of S: code placed before
/// S then runs on every entry into B. Blocks without statements are looked
/// through.
bool Lowering::startsIn(const Stmt *S, unsigned B) const {
  auto It = BlocksOfStatement.find(S);
  if (It == BlocksOfStatement.end() || !It->second.count(B))
    return false;
  std::set<unsigned> Seen;
  std::vector<unsigned> Work(Preds[B].begin(), Preds[B].end());
  while (!Work.empty()) {
    unsigned P = Work.back();
    Work.pop_back();
    if (!Seen.insert(P).second)
      continue;
    if (It->second.count(P))
      return false;
    const CFGBlock *PB = ById[P];
    if (Elements[P].empty() && !PB->getTerminatorStmt() && !PB->getLabel())
      Work.insert(Work.end(), Preds[P].begin(), Preds[P].end());
  }
  return true;
}

/// Whether no way into B has evaluated part of the expression E.
bool Lowering::exprStartsIn(const Stmt *E, unsigned B) const {
  for (unsigned P : Preds[B]) {
    for (const Stmt *S : Elements[P])
      if (isWithin(*PM, S, E))
        return false;
    if (const Stmt *T = ById[P]->getTerminatorStmt())
      if (isWithin(*PM, T, E))
        return false;
  }
  return true;
}

const Stmt *Lowering::exitingStatement(const CFGBlock &B) const {
  unsigned Id = B.getBlockID();
  if (auto It = ReturnsTwice.find(Id); It != ReturnsTwice.end())
    return It->second;
  const auto &Succs = Out.Graph.Succs[Id];
  if (Succs.size() != 1 || Succs[0] != Out.Graph.Exit || Elements[Id].empty())
    return nullptr;
  const Stmt *Last = Elements[Id].back();
  if (isa<ReturnStmt>(Last) || Out.Blocks[Id].EndsInNoReturn)
    return enclosingStatement(*PM, Last);
  return nullptr;
}

bool Lowering::endsPathInside(const Stmt *S) const {
  if (!isa<DeclStmt>(S))
    return false;
  for (const CFGBlock *B : *Cfg)
    if (exitingStatement(*B) == S)
      return true;
  return false;
}

unsigned Lowering::addSite(SiteKind Kind, const FileRange &R, bool Braces,
                           bool Parens) {
  auto Key = std::make_tuple(unsigned(Kind), R.Begin, R.End);
  auto [It, New] = SiteIds.emplace(Key, Out.Sites.size());
  if (New) {
    Site S;
    S.Kind = Kind;
    S.Begin = R.Begin;
    S.End = R.End;
    S.NeedsBraces = Braces;
    S.NeedsParens = Parens;
    S.Line = Text.sourceManager().getLineNumber(File, R.Begin);
    Out.Sites.push_back(S);
  }
  return It->second;
}

/// Whether S may end with a fall-through attribute ("[[fallthrough]];"),
/// which must stay right before the next case label: nothing can go after S.
/// A compound whose last statement is followed by a name before its '}' may
/// too: a macro that expands to nothing here can be the attribute for the
/// compiler that builds the copy (sqlite's deliberate_fall_through tests
/// __GNUC__, and clang does not claim gcc 7).
bool Lowering::mayEndWithFallThrough(const Stmt *S) const {
  while (const auto *C = dyn_cast<CompoundStmt>(S)) {
    if (C->body_empty())
      return false;
    const Stmt *Last = C->body_back();
    SourceManager &SM = Text.sourceManager();
    std::optional<FileRange> LastRange = Text.stmtRange(Last);
    SourceLocation To = SM.getExpansionLoc(C->getRBracLoc());
    if (!LastRange)
      return true; // cannot tell what follows it
    SourceLocation From = SM.getComposedLoc(LastRange->File, LastRange->End);
    if (To.isValid() && SM.isBeforeInTranslationUnit(From, To)) {
      // The raw lexer stops at a NUL: lex a terminated copy of the tail.
      std::string Tail = Lexer::getSourceText(
                             CharSourceRange::getCharRange(From, To), SM,
                             Ctx.getLangOpts())
                             .str();
      Lexer Raw(SM.getLocForStartOfFile(SM.getFileID(From)), Ctx.getLangOpts(),
                Tail.c_str(), Tail.c_str(), Tail.c_str() + Tail.size());
      Token Tok;
      while (!Raw.LexFromRawLexer(Tok))
        if (Tok.is(tok::raw_identifier))
          return true;
      if (Tok.is(tok::raw_identifier))
        return true;
    }
    S = Last;
  }
  const auto *A = dyn_cast<AttributedStmt>(S);
  return A && llvm::any_of(A->getAttrs(), [](const Attr *At) {
           return isa<FallThroughAttr>(At);
         });
}

std::optional<unsigned> Lowering::statementSite(SiteKind Kind,
                                                const Stmt *S) {
  if (Kind == SiteKind::AfterStatement && mayEndWithFallThrough(S))
    return std::nullopt;
  // In C, code goes after the declarations that open a block, not before;
  // not when the declaration itself ends the path (a setjmp or a noreturn
  // call in its initializer): the count must run before the call.
  if (Kind == SiteKind::BeforeStatement && !Ctx.getLangOpts().CPlusPlus &&
      !endsPathInside(S))
    if (std::optional<const Stmt *> Last = lastLeadingDeclaration(*PM, S))
      return *Last ? statementSite(SiteKind::AfterStatement, *Last)
                   : std::nullopt;
  StmtPosition Pos = statementPosition(*PM, S);
  if (Pos == StmtPosition::NotInsertable)
    return std::nullopt;
  std::optional<FileRange> R = Text.stmtRange(S);
  if (!R || R->File != File || R->Begin < Out.BodyBegin ||
      R->End > Out.BodyEnd)
    return std::nullopt;
  unsigned Id = addSite(Kind, *R, Pos == StmtPosition::NeedsBraces, false);
  if (Kind == SiteKind::BeforeStatement && isa<SwitchCase>(S))
    Out.Sites[Id].BeforeCaseLabel = true;
  if (Kind == SiteKind::AfterStatement && isFollowedByCaseLabel(*PM, S))
    Out.Sites[Id].BeforeCaseLabelAfter = true;
  return Id;
}

std::optional<unsigned> Lowering::expressionSite(SiteKind Kind,
                                                 const Expr *E) {
  std::optional<FileRange> R = Text.exprRange(E);
  if (!R || R->File != File || R->Begin < Out.BodyBegin ||
      R->End > Out.BodyEnd || R->Begin == R->End)
    return std::nullopt;
  unsigned Id = addSite(Kind, *R, false, Text.hasTopLevelComma(*R));
  Out.Sites[Id].Sequenced = Kind == SiteKind::ReturnValue || isSequenced(E);
  Out.Sites[Id].SequencedWithCalls =
      Kind == SiteKind::ReturnValue || isSequencedWithCalls(E);
  Out.Sites[Id].WholeStatement |=
      Kind == SiteKind::Expression && isWholeStatement(E);
  return Id;
}

/// Whether \p E, with the implicit nodes around it that share its text, is a
/// statement of a compound statement ("f(x);"; not "L: f(x);" nor a loop's
/// body, whose text needs braces before a statement can go in front), with
/// nothing but ';' between the statement before it (or the '{') and its
/// text: a macro that expands to nothing here may expand to something under
/// other flags (sqlite3's "TESTONLY(rc =) f(x);"), and an action in front
/// of "f(x)" would then be its operand.
bool Lowering::isWholeStatement(const Expr *E) const {
  const Stmt *S = E;
  const Stmt *P = PM->getParent(S);
  while (P && (isa<ImplicitCastExpr, FullExpr, CXXBindTemporaryExpr,
                   MaterializeTemporaryExpr>(P))) {
    S = P;
    P = PM->getParent(P);
  }
  // "done: f(x);" in a block: "done: P3_CUT(1); f(x);" runs the note on
  // every way to the call too.
  bool AfterLabel = false;
  if (const auto *L = dyn_cast_or_null<LabelStmt>(P);
      L && L->getSubStmt() == S) {
    AfterLabel = true;
    S = P;
    P = PM->getParent(P);
  }
  const auto *C = dyn_cast_or_null<CompoundStmt>(P);
  std::optional<FileRange> Own = Text.exprRange(E);
  if (!C || !Own)
    return false;
  SourceManager &SM = Text.sourceManager();
  SourceLocation From;
  for (const Stmt *Child : C->body()) {
    if (Child == S)
      break;
    std::optional<FileRange> R = Text.stmtRange(Child);
    From = R && R->File == Own->File ? SM.getComposedLoc(R->File, R->End)
                                     : SourceLocation();
  }
  if (From.isInvalid()) {
    if (C->body_front() != S)
      return false;
    SourceLocation Brace = SM.getExpansionLoc(C->getLBracLoc());
    if (SM.getFileID(Brace) != Own->File)
      return false;
    From = Brace.getLocWithOffset(1);
  }
  SourceLocation To = SM.getComposedLoc(Own->File, Own->Begin);
  if (!SM.isBeforeInTranslationUnit(From, To))
    return From == To && !AfterLabel;
  // The raw lexer stops at a NUL: lex a terminated copy of the text.
  std::string Between =
      Lexer::getSourceText(CharSourceRange::getCharRange(From, To), SM,
                           Ctx.getLangOpts())
          .str();
  Lexer Raw(From, Ctx.getLangOpts(), Between.c_str(), Between.c_str(),
            Between.c_str() + Between.size());
  if (AfterLabel) { // the label's name and colon first
    Token Name, Colon;
    if (Raw.LexFromRawLexer(Name) || Name.isNot(tok::raw_identifier) ||
        Raw.LexFromRawLexer(Colon) || Colon.isNot(tok::colon))
      return false;
  }
  return onlyClosedConditionals(Raw);
}

/// Whether the raw tokens of \p Raw are ';', preprocessor directives, and
/// tokens inside #if ... #endif blocks that open and close among them (or an
/// #else ... #endif of one opened before): such a block is code under other
/// flags, a whole statement if it compiles at all ("#ifdef
/// SQLITE_ENABLE_API_ARMOR if (!ok(db)) return E; #endif"), while a token
/// outside one ("TESTONLY(rc =)") is text the next statement may continue.
bool Lowering::onlyClosedConditionals(Lexer &Raw) {
  bool Done = false;
  auto Next = [&](Token &T) {
    if (Done)
      return false;
    Done = Raw.LexFromRawLexer(T);
    return T.isNot(tok::eof);
  };
  // Per #if opened here and not yet closed: whether it holds a token.
  std::vector<bool> Open;
  Token Tok;
  bool Have = Next(Tok);
  while (Have) {
    if (Tok.is(tok::hash) && Tok.isAtStartOfLine()) {
      Have = Next(Tok);
      if (Have && Tok.isAtStartOfLine())
        continue; // a null directive: Tok starts the next line
      StringRef Name =
          Have && Tok.is(tok::raw_identifier) ? Tok.getRawIdentifier() : "";
      // An #else or #elif of a block opened before: up to its #endif, the
      // code of the other branch.
      if (Name == "if" || Name == "ifdef" || Name == "ifndef" ||
          ((Name == "else" || Name == "elif") && Open.empty()))
        Open.push_back(false);
      else if (Name == "endif" && !Open.empty())
        Open.pop_back();
      do
        Have = Next(Tok);
      while (Have && !Tok.isAtStartOfLine());
      continue; // Tok starts the next line
    }
    if (Tok.isNot(tok::semi)) {
      if (Open.empty())
        return false;
      Open.back() = true;
    }
    Have = Next(Tok);
  }
  return llvm::none_of(Open, [](bool HoldsTokens) { return HoldsTokens; });
}

namespace {

/// Whether evaluating S calls a function (or may throw).
class CallFinder : public RecursiveASTVisitor<CallFinder> {
public:
  bool Found = false;
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool VisitCallExpr(CallExpr *) { return !(Found = true); }
  bool VisitCXXConstructExpr(CXXConstructExpr *) { return !(Found = true); }
  bool VisitCXXNewExpr(CXXNewExpr *) { return !(Found = true); }
  bool VisitCXXThrowExpr(CXXThrowExpr *) { return !(Found = true); }
};

/// Whether a C body may run code outside it: a call that is not a GCC
/// builtin, or a variable with a cleanup function.
class OutsideCallFinder : public RecursiveASTVisitor<OutsideCallFinder> {
public:
  bool Found = false;
  bool Cleanups = false;
  bool VisitCallExpr(CallExpr *C) {
    Found |= C->getBuiltinCallee() == 0;
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    Cleanups |= V->hasAttr<CleanupAttr>();
    Found |= V->hasAttr<CleanupAttr>();
    return true;
  }
};

/// Where the returns' values are in the file, as expanded (a return inside a
/// macro spans the macro's invocation, whose arguments may hold probes).
class ReturnValueCollector : public RecursiveASTVisitor<ReturnValueCollector> {
public:
  ReturnValueCollector(const SourceManager &SM, const LangOptions &Lang,
                       FileID File,
                       std::vector<std::pair<unsigned, unsigned>> &Out)
      : SM(SM), Lang(Lang), File(File), Out(Out) {}
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseBlockExpr(BlockExpr *) { return true; }
  bool VisitReturnStmt(ReturnStmt *R) {
    const Expr *Value = R->getRetValue();
    if (!Value)
      return true;
    CharSourceRange Range = SM.getExpansionRange(Value->getSourceRange());
    auto [BeginFile, Begin] = SM.getDecomposedLoc(Range.getBegin());
    auto [EndFile, End] = SM.getDecomposedLoc(Range.getEnd());
    if (BeginFile != File || EndFile != File)
      return true;
    if (Range.isTokenRange()) // End is the last token's start
      End += Lexer::MeasureTokenLength(Range.getEnd(), SM, Lang);
    Out.push_back({Begin, End});
    return true;
  }

private:
  const SourceManager &SM;
  const LangOptions &Lang;
  FileID File;
  std::vector<std::pair<unsigned, unsigned>> &Out;
};

} // namespace

bool containsCall(const Stmt *S) {
  CallFinder Finder;
  Finder.TraverseStmt(const_cast<Stmt *>(S));
  return Finder.Found;
}

/// Whether E's evaluation is ordered against every other part of its full
/// expression that may run probes: on the way up, an operator either orders
/// its operands (&&, ||, ?:, the comma operator) or its other operands do not
/// branch.
bool Lowering::isSequenced(const Expr *E) const {
  const Stmt *Cur = E;
  for (const Stmt *P = PM->getParent(E); P; Cur = P, P = PM->getParent(P)) {
    if (!isa<Expr>(P) || isa<StmtExpr>(P))
      return true; // a statement: E is (part of) a full expression
    if (const auto *B = dyn_cast<BinaryOperator>(P))
      if (B->isLogicalOp() || B->isCommaOp())
        continue;
    if (isa<AbstractConditionalOperator>(P))
      continue;
    for (const Stmt *Sibling : P->children())
      if (Sibling && Sibling != Cur && mayRunProbes(Sibling))
        return false;
  }
  return true;
}

/// Like isSequenced, against calls too: every operand that C leaves unordered
/// against E, up to the outermost full expression (through statement
/// expressions), neither branches nor calls a function.
bool Lowering::isSequencedWithCalls(const Expr *E) const {
  const Stmt *Cur = E;
  for (const Stmt *P = PM->getParent(E); P && Cur != Body;
       Cur = P, P = PM->getParent(P)) {
    if (!isa<Expr>(P) || isa<StmtExpr>(P))
      continue; // a statement orders its parts; look past ({ ... })
    if (const auto *B = dyn_cast<BinaryOperator>(P))
      if (B->isLogicalOp() || B->isCommaOp())
        continue;
    if (isa<AbstractConditionalOperator>(P))
      continue;
    for (const Stmt *Sibling : P->children())
      if (Sibling && Sibling != Cur &&
          (mayRunProbes(Sibling) || containsCall(Sibling)))
        return false;
  }
  return true;
}

/// Which blocks' code calls a function (GCC builtins aside), and whether
/// these are all the calls of the function: a C function without cleanup
/// variables and without restarts (setjmp, labels of goto *).
void Lowering::findCallingBlocks() {
  Out.CallingBlocks.assign(Out.Graph.numBlocks(), false);
  bool ReturnsTwiceCall = false;
  for (unsigned Id = 0; Id < Elements.size(); ++Id)
    for (const Stmt *S : Elements[Id])
      if (const auto *C = dyn_cast<CallExpr>(S); C && !C->getBuiltinCallee()) {
        Out.CallingBlocks[Id] = true;
        // A local is indeterminate after a second return (setjmp, vfork).
        if (const FunctionDecl *Callee = C->getDirectCallee())
          ReturnsTwiceCall |=
              isSetjmp(Callee) || Callee->hasAttr<ReturnsTwiceAttr>() ||
              (Callee->getIdentifier() &&
               llvm::is_contained({"vfork", "getcontext", "savectx"},
                                  Callee->getName()));
      }
  Out.CallsOnlyInBlocks = !Ctx.getLangOpts().CPlusPlus && !HasCleanups &&
                          !ReturnsTwiceCall && ReturnsTwice.empty() &&
                          Out.Graph.ExtraStarts.empty() && Restarts.empty();
}

/// A labelled block: code after the label runs on every entry (jumps to the
/// label and fall-through alike). A catch handler: its body's start.
void Lowering::addLabelSite(const CFGBlock &B, BlockSites &S) {
  const Stmt *L = B.getLabel();
  if (!L || !inBody(L))
    return;
  if (const auto *Catch = dyn_cast<CXXCatchStmt>(L)) {
    const auto *Handler = dyn_cast<CompoundStmt>(Catch->getHandlerBlock());
    std::optional<FileRange> R =
        Handler ? Text.compoundInterior(Handler) : std::nullopt;
    if (R && R->File == File) {
      S.HandlerStart = addSite(SiteKind::BeforeStatement, *R, false, false);
      S.OncePerPass.push_back(S.HandlerStart);
    }
    return;
  }
  const Stmt *Sub = nullptr;
  if (const auto *Label = dyn_cast<LabelStmt>(L))
    Sub = Label->getSubStmt();
  else if (const auto *Case = dyn_cast<SwitchCase>(L))
    Sub = Case->getSubStmt();
  if (Sub)
    if (std::optional<unsigned> Id =
            statementSite(SiteKind::BeforeStatement, Sub))
      S.OncePerPass.push_back(*Id);
}

/// The statement itself, then each enclosing compound statement (a braced
/// block, or a macro that expands to one) that it begins (First) or ends: code
/// before or after any of them runs at the same moment. Labels stop the walk:
/// code before a label does not run on jumps to it.
std::vector<const Stmt *> Lowering::alignedStatements(const Stmt *S,
                                                      bool First) const {
  std::vector<const Stmt *> Chain{S};
  while (const Stmt *P = PM->getParent(S)) {
    if (const auto *C = dyn_cast<CompoundStmt>(P)) {
      if (C == Body || C->body_empty() ||
          (First ? C->body_front() : C->body_back()) != S)
        break;
    } else if (const auto *Do = dyn_cast<DoStmt>(P)) {
      // "do { ... } while (0)", the statement-like macro idiom: its body runs
      // once, so its start and end are the statement's.
      if (Do->getBody() != S || !isOnceOnlyDo(Do))
        break;
    } else {
      break;
    }
    Chain.push_back(P);
    S = P;
  }
  return Chain;
}

namespace {

/// Whether a break or continue inside Body leaves the loop whose body it is.
class LoopExitFinder : public RecursiveASTVisitor<LoopExitFinder> {
public:
  bool Found = false;
  bool TraverseWhileStmt(WhileStmt *) { return true; }
  bool TraverseForStmt(ForStmt *) { return true; }
  bool TraverseDoStmt(DoStmt *) { return true; }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *) { return true; }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseSwitchStmt(SwitchStmt *S) {
    // A break inside a switch leaves the switch; a continue still leaves us.
    bool Saved = InSwitch;
    InSwitch = true;
    RecursiveASTVisitor::TraverseStmt(S->getBody());
    InSwitch = Saved;
    return true;
  }
  bool VisitBreakStmt(BreakStmt *) {
    Found |= !InSwitch;
    return true;
  }
  bool VisitContinueStmt(ContinueStmt *) {
    Found = true;
    return true;
  }

private:
  bool InSwitch = false;
};

} // namespace

bool Lowering::isOnceOnlyDo(const DoStmt *Do) const {
  bool Value;
  if (!Do->getCond()->EvaluateAsBooleanCondition(Value, Ctx) || Value)
    return false;
  LoopExitFinder Finder;
  Finder.TraverseStmt(const_cast<Stmt *>(Do->getBody()));
  return !Finder.Found;
}

/// The innermost statement of the chain where text can be inserted.
std::optional<unsigned> Lowering::firstInsertable(
    SiteKind Kind, const std::vector<const Stmt *> &Chain) {
  for (const Stmt *S : Chain)
    if (std::optional<unsigned> Site = statementSite(Kind, S))
      return Site;
  return std::nullopt;
}

/// Sites before and after the statements whose evaluation starts or ends in
/// the block.
void Lowering::addStatementSites(const CFGBlock &B, BlockSites &S) {
  unsigned Id = B.getBlockID();
  const auto &Elems = Elements[Id];
  const Stmt *Exiting = exitingStatement(B);
  for (size_t I = 0; I < Elems.size();) {
    const Stmt *Top = enclosingStatement(*PM, Elems[I]);
    size_t J = I;
    while (J < Elems.size() && enclosingStatement(*PM, Elems[J]) == Top)
      ++J;
    const Stmt *First = Elems[I], *Last = Elems[J - 1];
    bool IsLast = J == Elems.size();
    I = J;
    if (Top == Body || isa<LabelStmt>(Top) || isa<SwitchCase>(Top))
      continue;
    bool LoopPart = isLoopStatement(Top) && isInLoopIterationPart(*PM, First, Top);
    if (!LoopPart && startsIn(Top, Id))
      if (std::optional<unsigned> Site = firstInsertable(
              SiteKind::BeforeStatement, alignedStatements(Top, true)))
        S.OncePerPass.push_back(*Site);
    if (Top == Exiting) {
      // Count once the returned value is computed when computing it branches
      // (no site before it then) or calls something, which might not return
      // (exit, longjmp) or throw: the path ends only when the function does.
      if (const auto *Ret = dyn_cast<ReturnStmt>(Top);
          IsLast && Ret && Ret->getRetValue() &&
          (S.OncePerPass.empty() || containsCall(Ret->getRetValue()))) {
        if (std::optional<unsigned> Site = returnValueSite(Ret))
          S.OncePerPass.push_back(*Site);
        else if (containsCall(Ret->getRetValue())) {
          CountedBeforeValue.insert(Ret);
          S.CallsAfterCount = true;
        }
      }
      break; // nothing after a return, noreturn call, throw, goto * or
             // setjmp call runs on this path
    }
    bool EndsHere = Last == Top || (isa<Expr>(Top) &&
                                     Last == cast<Expr>(Top)->IgnoreParens());
    if (EndsHere && !isa<ReturnStmt>(Top))
      if (std::optional<unsigned> Site = firstInsertable(
              SiteKind::AfterStatement, alignedStatements(Top, false)))
        S.OncePerPass.push_back(*Site);
  }
}

std::optional<unsigned> Lowering::returnValueSite(const ReturnStmt *Ret) {
  const Expr *Value = Ret->getRetValue();
  QualType T = FD->getReturnType();
  if (!Value || T->isArrayType() || T->getContainedAutoType() ||
      T->isDependentType())
    return std::nullopt;
  bool CPlusPlus = Ctx.getLangOpts().CPlusPlus;
  if (CPlusPlus && !T->isVoidType() &&
      (!T->isScalarType() || T->isReferenceType()))
    return std::nullopt; // the copy could be observed, or could dangle
  std::optional<unsigned> Id = expressionSite(SiteKind::ReturnValue, Value);
  if (!Id)
    return std::nullopt;
  Site &S = Out.Sites[*Id];
  // The text goes into the template's pattern when FD is an instantiation:
  // spell the type as written there ("T p3_ret"), the same for every
  // instantiation.
  QualType Written = T;
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    Written = Pattern->getReturnType();
  if (T->isVoidType()) {
    S.ValueType = "void";
  } else {
    PrintingPolicy Policy(Ctx.getLangOpts());
    Policy.SuppressScope = false;
    llvm::raw_string_ostream OS(S.ValueType);
    Written.getUnqualifiedType().print(OS, Policy, "p3_ret");
  }
  S.NeedsParens = false; // the value sits in an initialiser: no macro arguments
  return Id;
}

/// The first block of an operand that may not be evaluated (the right of && or
/// ||, an arm of ?:): wrapping the operand runs code on entry.
void Lowering::addArmSite(const CFGBlock &B, BlockSites &S) {
  unsigned Id = B.getBlockID();
  if (Elements[Id].empty())
    return;
  const Stmt *E = Elements[Id].front();
  const Stmt *Top = enclosingStatement(*PM, E);
  for (const Stmt *Cur = E; Cur != Top;) {
    const Stmt *Parent = PM->getParent(Cur);
    if (!Parent)
      return;
    if (isArm(Parent, Cur)) {
      const auto *Arm = cast<Expr>(Cur);
      // P3_SEQ(a, 0) is no longer a null pointer constant, and a throw
      // expression wrapped is no longer one: both would change the type of
      // "c ? p : 0" or "c ? x : throw e".
      if (isa<CXXThrowExpr>(Arm->IgnoreParens()) ||
          Arm->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull) ||
          !exprStartsIn(Arm, Id))
        return;
      if (std::optional<unsigned> Site =
              expressionSite(SiteKind::Expression, Arm))
        S.OncePerPass.insert(S.OncePerPass.begin(), *Site);
      return;
    }
    Cur = Parent;
  }
}

/// The increment of a for loop: its block runs once per iteration.
void Lowering::addForIncSite(const CFGBlock &B, BlockSites &S) {
  const auto *For = dyn_cast_or_null<ForStmt>(B.getLoopTarget());
  unsigned Id = B.getBlockID();
  if (!For || !For->getInc() || Elements[Id].empty())
    return;
  for (const Stmt *E : Elements[Id])
    if (!isWithin(*PM, E, For->getInc()))
      return;
  // The whole increment must be in this block (no branches inside it).
  for (unsigned P : Preds[Id])
    for (const Stmt *E : Elements[P])
      if (isWithin(*PM, E, For->getInc()))
        return;
  if (std::optional<unsigned> Site =
          expressionSite(SiteKind::Expression, For->getInc()))
    S.OncePerPass.push_back(*Site);
}

namespace {

/// Braced statements, ifs, switches and "do { } while (0)": statements whose
/// end is reached by control flow inside them, not by their last element.
class StatementFinder : public RecursiveASTVisitor<StatementFinder> {
public:
  std::vector<const Stmt *> Found;
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool VisitCompoundStmt(CompoundStmt *S) { return add(S); }
  bool VisitIfStmt(IfStmt *S) { return add(S); }
  bool VisitDoStmt(DoStmt *S) { return add(S); }
  bool VisitSwitchStmt(SwitchStmt *S) { return add(S); }

private:
  bool add(Stmt *S) {
    Found.push_back(S);
    return true;
  }
};

} // namespace

/// The edges that end the normal ways out of S (not jumps, returns or
/// noreturn calls), looking through blocks without code that only S leads
/// to; nullopt when a jump out of S ends with one of them too (code after S
/// would not run on that jump).
std::optional<std::set<CFGEdge>>
Lowering::normalWaysOut(const Stmt *S, const std::set<unsigned> &Inside) const {
  const CFG &G = Out.Graph;
  std::set<CFGEdge> Normal, JumpEnds;
  for (unsigned X : Inside) {
    bool Jumps = false, Exits = false;
    if (const CFGBlock *XB = ById[X]) { // not the fall-off block
      const Stmt *T = XB->getTerminatorStmt();
      // A break or continue whose loop or switch is inside S stays inside S:
      // after the loop or switch, control goes on to S's end like any other
      // normal way out.
      Jumps = T && (isa<GotoStmt>(T) || isa<IndirectGotoStmt>(T) ||
                    ((isa<BreakStmt>(T) || isa<ContinueStmt>(T)) &&
                     !isWithin(*PM, jumpTarget(T), S)));
      Exits = Out.Blocks[X].EndsInNoReturn ||
              (!Elements[X].empty() && isa<ReturnStmt>(Elements[X].back()));
    }
    if (Exits)
      continue;
    for (unsigned I = 0; I < G.Succs[X].size(); ++I) {
      // An empty block belongs to S's way out only if S alone leads
      // there: a join that code outside S also reaches ends the chain.
      CFGEdge Last{X, I};
      unsigned Y = G.Succs[X][I];
      std::set<unsigned> Chain;
      auto OnlyFromS = [&](unsigned Empty) {
        for (unsigned P : Preds[Empty])
          if (!Inside.count(P) && !Chain.count(P))
            return false;
        return true;
      };
      while (isEmptyBlock(Y) && OnlyFromS(Y) && Chain.insert(Y).second) {
        Last = {Y, 0};
        Y = G.Succs[Y][0];
      }
      if (Inside.count(Y))
        continue;
      (Jumps ? JumpEnds : Normal).insert(Last);
    }
  }
  for (CFGEdge E : JumpEnds)
    if (Normal.count(E))
      return std::nullopt;
  return Normal;
}

/// Code after such a statement runs exactly when control leaves it normally.
/// When one edge is the only normal way out (every other way out is a jump,
/// a return or a noreturn call), that code is a site for the edge: the way to
/// place a probe after a macro that ends in "if (...) return ...;". When
/// several edges into one block are (a macro "if (c) f()" ending a loop
/// body: its two outcomes meet at the loop's continuation), that code is a
/// join site for them (LoweredFunction::Joins).
void Lowering::addStatementEndSites() {
  // Blocks holding code of each statement, at any depth.
  llvm::DenseMap<const Stmt *, std::set<unsigned>> Within;
  for (unsigned B = 0; B < Elements.size(); ++B) {
    if (!Reachable[B] || !ById[B])
      continue;
    std::vector<const Stmt *> Code = Elements[B];
    if (const Stmt *T = ById[B]->getTerminatorStmt())
      Code.push_back(T);
    // A block of labels only ("case 1: case 2:" before shared code) is
    // where its labels are.
    if (const Stmt *L = ById[B]->getLabel())
      Code.push_back(L);
    for (const Stmt *S : Code)
      for (const Stmt *Up = S; Up && Up != Body; Up = PM->getParent(Up))
        Within[Up].insert(B);
  }
  StatementFinder Finder;
  Finder.TraverseStmt(const_cast<Stmt *>(Body));
  // Innermost first: reverse of the pre-order the visitor produced.
  for (auto It = Finder.Found.rbegin(); It != Finder.Found.rend(); ++It) {
    const Stmt *S = *It;
    if (S == Body)
      continue;
    if (const auto *Do = dyn_cast<DoStmt>(S); Do && !isOnceOnlyDo(Do))
      continue;
    auto Inside = Within.find(S);
    if (Inside == Within.end())
      continue;
    std::optional<std::set<CFGEdge>> Ways = normalWaysOut(S, Inside->second);
    if (!Ways || Ways->empty())
      continue;
    const CFG &G = Out.Graph;
    if (Ways->size() == 1) {
      CFGEdge Normal = *Ways->begin();
      BlockSites &XS = Out.Blocks[Normal.Block];
      if (XS.EdgeSites.empty())
        XS.EdgeSites.assign(G.Succs[Normal.Block].size(), NoSite);
      if (XS.EdgeSites[Normal.Index] != NoSite)
        continue; // an inner statement already gave one
      if (std::optional<unsigned> Site =
              statementSite(SiteKind::AfterStatement, S))
        XS.EdgeSites[Normal.Index] = *Site;
      continue;
    }
    unsigned Target = G.Succs[Ways->begin()->Block][Ways->begin()->Index];
    if (llvm::any_of(*Ways, [&](CFGEdge E) {
          return G.Succs[E.Block][E.Index] != Target;
        }))
      continue;
    if (std::optional<unsigned> Site =
            statementSite(SiteKind::AfterStatement, S))
      Out.Joins.push_back({std::vector<CFGEdge>(Ways->begin(), Ways->end()),
                           *Site, Text.line(S->getEndLoc())});
  }
}

/// The loop (or, for break, switch) that a break or continue leaves.
const Stmt *Lowering::jumpTarget(const Stmt *Jump) const {
  bool IsBreak = isa<BreakStmt>(Jump);
  for (const Stmt *P = PM->getParent(Jump); P; P = PM->getParent(P))
    if (isLoopStatement(P) || (IsBreak && isa<SwitchStmt>(P)))
      return P;
  return nullptr;
}

/// A block with no code of its own (a join, a loop continuation) that only
/// passes control on.
bool Lowering::isEmptyBlock(unsigned B) const {
  return B < ById.size() && ById[B] && Elements[B].empty() &&
         !ById[B]->getTerminatorStmt() && !ById[B]->getLabel() &&
         Out.Graph.Succs[B].size() == 1;
}

/// Code just before break, continue or goto runs when the jump is taken.
void Lowering::addJumpSite(const CFGBlock &B, BlockSites &S) {
  const Stmt *T = B.getTerminatorStmt();
  if (!T || !inBody(T) ||
      !(isa<BreakStmt>(T) || isa<ContinueStmt>(T) || isa<GotoStmt>(T)))
    return;
  if (std::optional<unsigned> Site =
          statementSite(SiteKind::BeforeStatement, T))
    S.OncePerPass.push_back(*Site);
}

void Lowering::findBranch(const CFGBlock &B) {
  unsigned Id = B.getBlockID();
  BlockSites &S = Out.Blocks[Id];
  if (Out.Graph.Succs[Id].size() != 2 || B.succ_size() != 2)
    return;
  const Stmt *Term = B.getTerminatorStmt();
  const Stmt *Cond = Term ? branchCondition(Term) : nullptr;
  const Expr *Tested = B.getLastCondition();
  if (!Cond || !Tested || !inBody(Term) || !isWithin(*PM, Tested, Cond) ||
      isa<CXXThrowExpr>(Tested))
    return;
  // The tested expression may be a piece of a macro (the parenthesised body
  // of "#define isalnum(c) (...)"): try the expressions around it that have
  // the same value, up to the condition.
  for (const Stmt *E = Tested; E && isWithin(*PM, E, Cond);
       E = PM->getParent(E)) {
    if (!isa<Expr>(E))
      break;
    if (E != Tested && !isa<ParenExpr>(E) && !isa<ImplicitCastExpr>(E) &&
        !isa<FullExpr>(E))
      break;
    if (std::optional<unsigned> Site =
            expressionSite(SiteKind::Condition, cast<Expr>(E))) {
      S.Branch = *Site;
      S.OutcomeIsTrue = {true, false}; // clang lists the true successor first
      return;
    }
  }
}

/// Every edge that falls off the end of the body goes through one extra
/// block, whose site is just before the closing brace: the path counter for
/// all of them goes there, whatever block they come from (a branch inside a
/// macro may fall off the end directly).
void Lowering::addFallOffBlock() {
  CFG &G = Out.Graph;
  unsigned FallOff = G.numBlocks();
  bool Any = false;
  for (unsigned B = 0; B < FallOff; ++B) {
    bool Exits = !Elements[B].empty() &&
                 (isa<ReturnStmt>(Elements[B].back()) ||
                  Out.Blocks[B].EndsInNoReturn);
    for (unsigned &S : G.Succs[B])
      if (S == G.Exit && !Exits && !Out.Blocks[B].EndsInNoReturn) {
        S = FallOff;
        Any = true;
      }
  }
  if (!Any)
    return;
  G.Succs.push_back({G.Exit});
  Elements.emplace_back();
  ById.push_back(nullptr);
  BlockSites S;
  S.OncePerPass.push_back(addSite(SiteKind::AfterStatement,
                                  {File, Out.BodyBegin, Out.BodyEnd}, false,
                                  false));
  Out.Blocks.push_back(S);
  unsigned Line = Text.sourceManager().getLineNumber(File, Out.BodyEnd);
  Out.BlockLines.push_back({Line, Line});
  if (unsigned L = CodeLines(Ctx, *PM, Text).fallOffLine(cast<CompoundStmt>(Body)))
    Out.BlockCodeLines.push_back({L});
  else
    Out.BlockCodeLines.emplace_back();
  Out.TestsCondition.push_back(false);
}

namespace {

class LabelAddressFinder : public RecursiveASTVisitor<LabelAddressFinder> {
public:
  std::set<const LabelStmt *> Labels;
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseBlockExpr(BlockExpr *) { return true; }
  bool VisitAddrLabelExpr(AddrLabelExpr *E) {
    if (const LabelStmt *L = E->getLabel()->getStmt())
      Labels.insert(L);
    return true;
  }
};

} // namespace

/// Computed goto (goto *p, GNU C): the target is unknown where the jump is,
/// so no probe can go on the edges out of the dispatch. Instead each "goto *"
/// ends its path (counted before the jump, like a noreturn call), and each
/// label whose address is taken starts paths, like a catch handler: a path
/// there is "one opcode handler" of an interpreter. startPathsAtRestarts
/// finishes the job.
void Lowering::endPathsAtComputedGotos() {
  CFG &G = Out.Graph;
  for (const CFGBlock *B : *Cfg)
    if (isa_and_nonnull<IndirectGotoStmt>(B->getTerminatorStmt())) {
      G.Succs[B->getBlockID()] = {G.Exit};
      Out.Blocks[B->getBlockID()].EndsInNoReturn = true;
      Out.Blocks[B->getBlockID()].EndsInComputedGoto = true;
    }
  LabelAddressFinder Finder;
  Finder.TraverseStmt(const_cast<Stmt *>(Body));
  for (const CFGBlock *B : *Cfg)
    if (const auto *L = dyn_cast_or_null<LabelStmt>(B->getLabel());
        L && Finder.Labels.count(L)) {
      G.ExtraStarts.push_back(B->getBlockID());
      Restarts.insert(B->getBlockID());
    }
}

/// setjmp returns a second time when a callee longjmps, with the register as
/// it was then (modified since, so indeterminate). The path ends before the
/// statement that calls setjmp, and new paths start where the function goes
/// on after it, on either return: the register is reset there, whatever it
/// held. What runs in between belongs to no path.
void Lowering::endPathsAtSetjmp() {
  CFG &G = Out.Graph;
  for (const CFGBlock *B : *Cfg) {
    unsigned Id = B->getBlockID();
    const Stmt *Call = nullptr;
    for (const Stmt *E : Elements[Id])
      if (const auto *C = dyn_cast<CallExpr>(E); C && isSetjmp(C->getDirectCallee()))
        Call = C;
    if (!Call)
      continue;
    ReturnsTwice[Id] = enclosingStatement(*PM, Call);
    for (unsigned S : G.Succs[Id])
      if (S != G.Exit) {
        G.ExtraStarts.push_back(S);
        Restarts.insert(S);
        SetjmpStarts.insert(S);
      }
    G.Succs[Id] = {G.Exit};
    Out.Blocks[Id].EndsInNoReturn = true;
  }
}

/// Paths begin at each restart (a label of goto *, a block after setjmp) with
/// a reset at its first site. A restart without a site passes the start on
/// to its successor when it has only one (a macro's braces after setjmp);
/// every other way into a restart ends its path there, so that the reset
/// never clobbers a path in progress.
bool Lowering::startPathsAtRestarts() {
  CFG &G = Out.Graph;
  std::set<unsigned> Resolved;
  for (unsigned R : Restarts) {
    bool AfterSetjmp = SetjmpStarts.count(R);
    std::set<unsigned> Seen;
    while (Out.Blocks[R].OncePerPass.empty() && G.Succs[R].size() == 1 &&
           G.Succs[R][0] != G.Exit && Seen.insert(R).second)
      R = G.Succs[R][0];
    if (Out.Blocks[R].OncePerPass.empty()) {
      skip(llvm::formatv("no place to start paths again on line {0} (after "
                         "setjmp, or at a label of goto *; inside a macro "
                         "expansion?)",
                         Out.BlockLines[R].first));
      return false;
    }
    Resolved.insert(R);
    if (AfterSetjmp)
      Out.SetjmpRestarts.push_back(R);
  }
  std::sort(Out.SetjmpRestarts.begin(), Out.SetjmpRestarts.end());
  Out.SetjmpRestarts.erase(
      std::unique(Out.SetjmpRestarts.begin(), Out.SetjmpRestarts.end()),
      Out.SetjmpRestarts.end());
  std::vector<unsigned> Starts;
  for (unsigned H : G.ExtraStarts)
    if (!Restarts.count(H))
      Starts.push_back(H); // catch handlers
  for (unsigned R : Resolved) {
    Starts.push_back(R);
    Out.Blocks[R].HandlerStart = Out.Blocks[R].OncePerPass.front();
  }
  std::sort(Starts.begin(), Starts.end());
  Starts.erase(std::unique(Starts.begin(), Starts.end()), Starts.end());
  G.ExtraStarts = Starts;
  computeReachability();
  for (unsigned B = 0; B < G.numBlocks(); ++B)
    if (Reachable[B])
      for (unsigned &S : G.Succs[B])
        if (Resolved.count(S))
          S = G.Exit; // the reset at S starts the next path
  return true;
}

/// The edge out of ENTRY runs once per call: its probe goes right after
/// P3_ENTER, at the start of the body; in C after the declarations that open
/// the body (P3_ENTER is one), when that is the same moment.
unsigned Lowering::entrySite(const CompoundStmt &Body) {
  if (!Ctx.getLangOpts().CPlusPlus && !Body.body_empty())
    if (std::optional<const Stmt *> Last =
            lastLeadingDeclaration(*PM, Body.body_front());
        Last && *Last)
      if (std::optional<unsigned> Site =
              statementSite(SiteKind::AfterStatement, *Last))
        return *Site;
  return addSite(SiteKind::BeforeStatement, {File, Out.BodyBegin, Out.BodyEnd},
                 false, false);
}

void Lowering::findSites(const CFGBlock &B) {
  unsigned Id = B.getBlockID();
  BlockSites &S = Out.Blocks[Id];
  addLabelSite(B, S);
  addArmSite(B, S);
  addStatementSites(B, S);
  addForIncSite(B, S);
  addJumpSite(B, S);
  findBranch(B);
}

void Lowering::run() {
  Body = FD->getBody();
  const auto *Compound = dyn_cast_or_null<CompoundStmt>(Body);
  if (!Compound) {
    skip(isa_and_nonnull<CXXTryStmt>(Body) ? "function try block"
                                            : "no compound body");
    return;
  }
  std::optional<FileRange> Interior = Text.compoundInterior(Compound);
  if (!Interior || Interior->File != File) {
    skip("the body's braces come from a macro expansion");
    return;
  }
  Out.BodyBegin = Interior->Begin;
  Out.BodyEnd = Interior->End;
  Out.AllowExitGuard = true;
  ReturnValueCollector(Text.sourceManager(), Ctx.getLangOpts(), File,
                       Out.ReturnValues)
      .TraverseStmt(const_cast<Stmt *>(Body));
  if (!Ctx.getLangOpts().CPlusPlus) {
    OutsideCallFinder Calls;
    Calls.TraverseStmt(const_cast<Stmt *>(Body));
    Out.CallsNothing = !Calls.Found;
    HasCleanups = Calls.Cleanups;
  }
  if (!buildCFG())
    return;
  lowerEdges();
  indexElements();
  indexCodeLines();
  indexCalls();
  for (const CFGBlock *B : *Cfg) {
    if (!B->hasNoReturnElement() && !B->empty())
      if (std::optional<CFGStmt> Last = B->back().getAs<CFGStmt>())
        if (isa<CXXThrowExpr>(Last->getStmt()))
          Out.Blocks[B->getBlockID()].EndsInNoReturn = true;
    if (B->hasNoReturnElement())
      Out.Blocks[B->getBlockID()].EndsInNoReturn = true;
  }
  endPathsAtComputedGotos();
  endPathsAtSetjmp();
  addFallOffBlock();
  Out.Blocks[Out.Graph.Entry].OncePerPass.push_back(entrySite(*Compound));
  computeReachability();
  for (const CFGBlock *B : *Cfg)
    if (Reachable[B->getBlockID()])
      findSites(*B);
  addStatementEndSites();
  if (!startPathsAtRestarts())
    return;
  findCallingBlocks();
  for (unsigned H : Out.Graph.ExtraStarts)
    if (Out.Blocks[H].HandlerStart == NoSite) {
      skip(llvm::formatv("no place to start paths in the catch handler on "
                         "line {0}",
                         Out.BlockLines[H].first));
      return;
    }
  Out.Loops = findLoopScopes(Ctx, FD, *Cfg, *PM, Text, File, Out.BodyBegin,
                             Out.BodyEnd);
  findCutCalls();
}

/// Whether no block before B evaluated part of the call C (its callee and
/// arguments do not branch): the path's register then holds B's value when
/// the code in front of C runs.
bool Lowering::evaluatedWholeIn(const Stmt *C, unsigned B) const {
  std::set<unsigned> Seen;
  std::vector<unsigned> Work(Preds[B].begin(), Preds[B].end());
  while (!Work.empty()) {
    unsigned P = Work.back();
    Work.pop_back();
    if (!Seen.insert(P).second)
      continue;
    const Stmt *T = ById[P]->getTerminatorStmt();
    if (T && isWithin(*PM, T, C))
      return false;
    for (const Stmt *S : Elements[P])
      if (isWithin(*PM, S, C))
        return false;
    if (Elements[P].empty() && !T)
      Work.insert(Work.end(), Preds[P].begin(), Preds[P].end());
  }
  return true;
}

/// Whether \p C is a call the compiler wrote for a range-based for (begin,
/// end, !=, ++, *): its source range is the user's text of something else.
bool Lowering::inImplicitLoopCode(const Stmt *C) const {
  for (const Stmt *Prev = C, *P = PM->getParent(C); P;
       Prev = P, P = PM->getParent(P))
    if (const auto *R = dyn_cast<CXXForRangeStmt>(P))
      return Prev == R->getBeginStmt() || Prev == R->getEndStmt() ||
             Prev == R->getCond() || Prev == R->getInc() ||
             Prev == R->getLoopVarStmt();
  return false;
}

/// The calls where a path may be cut short (docs/rewriter.md, "Paths cut
/// short"): every call that is not a compiler builtin, with a site before it
/// where the rewriter can note the path's id (or that there is none), except
/// setjmp and the calls that the count of the path precedes (a noreturn
/// call's arguments, a return value counted before it is computed: that path
/// is counted already). A call whose own arguments branch has no such site:
/// the code in front of it runs before the branches' increments.
void Lowering::findCutCalls() {
  for (const CFGBlock *B : *Cfg) {
    unsigned Id = B->getBlockID();
    if (!Reachable[Id] || ReturnsTwice.count(Id))
      continue;
    const Stmt *Ending =
        Out.Blocks[Id].EndsInNoReturn ? exitingStatement(*B) : nullptr;
    for (const Stmt *E : Elements[Id]) {
      const auto *C = dyn_cast<CallExpr>(E);
      // exit and longjmp are library builtins: before the filter.
      if (C && Ending && C == Elements[Id].back() && B->hasNoReturnElement())
        noteEndingCall(C, Id);
      if (!C || C->getBuiltinCallee() != 0 || isSetjmp(C->getDirectCallee()))
        continue;
      if ((Ending && isWithin(*PM, C, Ending)) ||
          CountedBeforeValue.count(enclosingStatement(*PM, C)))
        continue;
      CutCall Cut;
      Cut.Block = Id;
      Cut.Line = Text.line(C->getBeginLoc());
      Cut.MayNotReturn = !whyCallMayNotReturn(Ctx, C).empty();
      if (!evaluatedWholeIn(C, Id) || inImplicitLoopCode(C)) {
        Out.CutCalls.push_back(Cut);
        CallOfCut.push_back(nullptr); // nor may the calls inside it use its
        SiteOfCall[C] = NoSite;       // place
        continue;
      }
      size_t Before = Out.Sites.size();
      if (std::optional<unsigned> S = expressionSite(SiteKind::Expression, C)) {
        if (Out.Sites.size() > Before)
          Out.Sites[*S].CutOnly = true;
        if (Out.Sites[*S].Sequenced) {
          Cut.Site = *S;
          describeCallValue(C, Out.Sites[*S]);
        }
      }
      SiteOfCall[C] = Cut.Site;
      Out.CutCalls.push_back(Cut);
      CallOfCut.push_back(C);
    }
  }
  // A call with no place of its own (a macro's argument) inside a call of
  // the same block that has one, all of it evaluated in the block: the note
  // in front of the outer call, which runs first, is this call's too.
  for (size_t I = 0; I < Out.CutCalls.size(); ++I) {
    CutCall &Cut = Out.CutCalls[I];
    if (Cut.Site != NoSite || !CallOfCut[I])
      continue;
    for (const Stmt *P = PM->getParent(CallOfCut[I]); P; P = PM->getParent(P)) {
      auto It = SiteOfCall.find(P);
      if (It == SiteOfCall.end())
        continue;
      if (It->second != NoSite)
        Cut.Site = It->second;
      break;
    }
    if (Cut.Site == NoSite) {
      if (const Stmt *T = noteBeforeStatement(CallOfCut[I], Cut))
        Cut.StatementHasOtherCuts = mayLeaveBesides(T, CallOfCut[I]);
      noteBeforeExpression(CallOfCut[I], Cut);
    }
  }
}

/// For counting a path cut in call \p C eagerly (Site::CallValue): in C,
/// how its value can be held, and for a statement of its own, where the
/// statement's ';' ends.
void Lowering::describeCallValue(const CallExpr *C, Site &S) {
  if (Ctx.getLangOpts().CPlusPlus || S.CallValue == "!")
    return;
  std::string Value;
  QualType T = C->getType();
  if (T->isVoidType()) {
    Value = "void";
  } else if ((T->isScalarType() || T->isStructureOrClassType() ||
              T->isUnionType()) &&
             !T->isVariablyModifiedType()) {
    PrintingPolicy Policy(Ctx.getLangOpts());
    llvm::raw_string_ostream OS(Value);
    T.getUnqualifiedType().print(OS, Policy, "p3_v");
    OS.flush();
    // A type with no name cannot be spelled again.
    if (StringRef(Value).contains("(anonymous") ||
        StringRef(Value).contains("(unnamed") ||
        StringRef(Value).contains("typeof"))
      Value.clear();
  }
  // A value nothing uses, held and given back by a statement expression,
  // would be reported unused (-Wunused-value); "(f(x), undo)" would not
  // build where a macro that is empty here makes it an operand under other
  // flags (sqlite3's "TESTONLY(rc =) f(x);"). Only the statement form, whose
  // undo follows the ';', is safe there.
  if (Value != "void" && !S.WholeStatement) {
    const Stmt *Child = C, *P = PM->getParent(C);
    while (P && isa<ImplicitCastExpr, ParenExpr, FullExpr>(P)) {
      Child = P;
      P = PM->getParent(P);
    }
    auto IsCondition = [&]() {
      if (const auto *If = dyn_cast<IfStmt>(P))
        return If->getCond() == Child;
      if (const auto *W = dyn_cast<WhileStmt>(P))
        return W->getCond() == Child;
      if (const auto *D = dyn_cast<DoStmt>(P))
        return D->getCond() == Child;
      if (const auto *F = dyn_cast<ForStmt>(P))
        return F->getCond() == Child;
      if (const auto *Sw = dyn_cast<SwitchStmt>(P))
        return Sw->getCond() == Child;
      return false;
    };
    const auto *Comma = dyn_cast_or_null<BinaryOperator>(P);
    bool Used =
        P && (isa<Expr>(P) ? !(Comma && Comma->getOpcode() == BO_Comma &&
                               Comma->getLHS() == Child)
                           : isa<DeclStmt, ReturnStmt>(P) || IsCondition());
    if (!Used)
      Value.clear();
  }
  if (Value.empty() || (!S.CallValue.empty() && S.CallValue != Value)) {
    S.CallValue = "!";
    return;
  }
  S.CallValue = Value;
  if (!S.WholeStatement)
    return;
  // The ';' after the call's text, past blanks and comments only.
  StringRef Buf = Text.sourceManager().getBufferData(File);
  size_t I = S.End;
  while (I < Buf.size()) {
    if (isspace(static_cast<unsigned char>(Buf[I]))) {
      ++I;
    } else if (Buf.substr(I).starts_with("/*")) {
      size_t E = Buf.find("*/", I + 2);
      if (E == StringRef::npos)
        return;
      I = E + 2;
    } else if (Buf.substr(I).starts_with("//")) {
      I = Buf.find('\n', I);
    } else {
      break;
    }
  }
  if (I < Buf.size() && Buf[I] == ';')
    S.StatementEnd = I + 1;
}

/// A call with no place of its own (in a macro's body) inside an operand
/// that has one, such as the macro's whole expansion: the note can go in
/// front of the operand when nothing between its start and the call changes
/// the path's register (CutCall::ExpressionBlocks), and nothing evaluated
/// unordered against it runs a probe or a call in between.
void Lowering::noteBeforeExpression(const CallExpr *C, CutCall &Cut) {
  for (const Stmt *P = PM->getParent(C); P && isa<Expr>(P) && !isa<StmtExpr>(P);
       P = PM->getParent(P)) {
    const auto *E = cast<Expr>(P);
    if (!E->isPRValue() || E->getType()->isArrayType())
      continue; // P3_SEQ would change what it is
    size_t Before = Out.Sites.size();
    std::optional<unsigned> S = expressionSite(SiteKind::Expression, E);
    if (!S)
      continue;
    if (Out.Sites.size() > Before)
      Out.Sites[*S].CutOnly = true;
    if (!Out.Sites[*S].Sequenced || !Out.Sites[*S].SequencedWithCalls)
      return;
    Cut.ExpressionSite = *S;
    Cut.ExpressionBlocks = blocksBefore(E, Cut.Block);
    return;
  }
}

/// The noreturn call that ends block \p Id, when it may leave the frame
/// (exit, longjmp; not abort, which ends the process without a dump). Its
/// site is the statement's around it, for a P3_CUT_NONE where its path is
/// not counted (CutCall::EndsBlock).
void Lowering::noteEndingCall(const CallExpr *C, unsigned Id) {
  CutCall Cut;
  Cut.Block = Id;
  Cut.Line = Text.line(C->getBeginLoc());
  Cut.MayNotReturn = !whyCallMayNotReturn(Ctx, C).empty();
  Cut.EndsBlock = true;
  if (!Cut.MayNotReturn)
    return;
  if (const Stmt *T = noteBeforeStatement(C, Cut))
    Cut.StatementHasOtherCuts = mayLeaveBesides(T, C);
  Out.CutCalls.push_back(Cut);
  CallOfCut.push_back(nullptr);
}

/// A call with no place of its own (in a macro's body) whose statement is a
/// place: the note can go in front of the statement when nothing between
/// the statement's start and the call changes the path's register, that is
/// when the statement's blocks are one vertex of the contracted CFG (the
/// anchoring checks that, CutCall::StatementBlocks).
const Stmt *Lowering::noteBeforeStatement(const CallExpr *C, CutCall &Cut) {
  // The statement around the call, or one around it (a macro's "do { if
  // (c) f(); } while (0)" is a place, its inner statements are not).
  for (const Stmt *T = enclosingStatement(*PM, C); T && T != Body;
       T = PM->getParent(T) ? enclosingStatement(*PM, PM->getParent(T))
                            : nullptr) {
    // Not after the declarations opening a C block, where a statement site
    // in front of one of them goes: that may be after the call.
    std::optional<unsigned> S =
        firstInsertable(SiteKind::BeforeStatement, alignedStatements(T, true));
    if (S && Out.Sites[*S].Kind == SiteKind::BeforeStatement) {
      Cut.Site = *S;
      Cut.StatementBlocks = blocksBefore(T, Cut.Block);
      return T;
    }
  }
  return nullptr;
}

/// Whether statement T holds a call that may not return other than C (and
/// the calls in C's arguments, which a noreturn C's count precedes).
bool Lowering::mayLeaveBesides(const Stmt *T, const CallExpr *C) const {
  std::vector<const Stmt *> Work{T};
  while (!Work.empty()) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (!S || S == C || isa<LambdaExpr>(S))
      continue;
    if (const auto *X = dyn_cast<CallExpr>(S);
        X && !whyCallMayNotReturn(Ctx, X).empty())
      return true;
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return false;
}

/// The blocks of statement T that control may run through, from the
/// statement's start, before it reaches block \p Call (Call included): the
/// ways the register must keep its value on for a note in front of T to
/// hold Call's path. Blocks of T only after the call (an if's branches
/// after a call in its condition) do not matter.
std::vector<unsigned> Lowering::blocksBefore(const Stmt *T,
                                             unsigned Call) const {
  std::vector<unsigned> Within = blocksWithin(T);
  std::set<unsigned> Before{Call};
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (unsigned B : Within)
      if (!Before.count(B) && llvm::any_of(Out.Graph.Succs[B], [&](unsigned S) {
            return Before.count(S) != 0;
          }))
        Grew = Before.insert(B).second;
  }
  return std::vector<unsigned>(Before.begin(), Before.end());
}

/// The blocks with code of statement T (its elements, its terminators).
std::vector<unsigned> Lowering::blocksWithin(const Stmt *T) const {
  std::vector<unsigned> Blocks;
  for (unsigned Id = 0; Id < Elements.size(); ++Id) {
    const Stmt *Term = ById[Id] ? ById[Id]->getTerminatorStmt() : nullptr;
    bool Within = Term && isWithin(*PM, Term, T);
    for (const Stmt *E : Elements[Id])
      Within = Within || isWithin(*PM, E, T);
    if (Within)
      Blocks.push_back(Id);
  }
  return Blocks;
}

} // namespace

void lowerFunction(ASTContext &Ctx, const FunctionDecl *FD, FileID File,
                   LoweredFunction &Out, const CallKeyFunction &CallKey) {
  Lowering(Ctx, FD, File, Out, CallKey).run();
}

} // namespace p3
