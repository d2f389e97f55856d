//===- LoopFacts.cpp - Which loops may keep their counts in locals -------===//
//
// The rules are in LoopFacts.h. Whether a callee always returns normally is
// decided once per translation unit and function (a memo that lives as long
// as the ASTContext), by the same scan as a loop's body.
//
// One translation unit for two halves, since every file that includes Clang
// costs about 20 s and 1 GB to compile on the 2-core machines p3 is built on:
// which calls may not return normally (CallSafety, LeaveFinder: also used by
// FunctionLowering for paths cut short) and which loops may keep their counts
// in locals (LoopScopeFinder).
//
//===----------------------------------------------------------------------===//

#include "Frontend/LoopFacts.h"
#include "Frontend/FunctionLowering.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprObjC.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <memory>
#include <optional>
#include <set>

using namespace clang;

namespace p3 {

namespace {

/// Functions that end the process without writing a profile: holding counts
/// across them loses nothing that would have been written.
bool endsProcessSilently(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("abort", "_exit", "_Exit", "__assert_fail", "__assert_perror_fail",
             true)
      .Cases("__assert", "__assert_rtn", "__stack_chk_fail", "__chk_fail",
             "__fortify_fail", true)
      .Cases("__builtin_trap", "__builtin_unreachable", "__builtin_abort",
             "quick_exit", true)
      .Default(false);
}

/// Functions that may leave their caller's frame (or the process, writing
/// the profile) without being declared noreturn, or whose handlers may.
bool mayLeaveFrame(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("exit", "longjmp", "_longjmp", "siglongjmp", "__longjmp_chk", true)
      .Cases("__builtin_longjmp", "pthread_exit", "thrd_exit", "swapcontext",
             "setcontext", true)
      .Cases("raise", "kill", "pthread_kill", "tgkill", "sigqueue", true)
      // glibc's error() exits when its status is nonzero, without being
      // declared noreturn.
      .Cases("error", "error_at_line", "verror", "verror_at_line", true)
      .Cases("__cxa_throw", "__cxa_rethrow", "_Unwind_RaiseException",
             "_Unwind_Resume", true)
      .Default(false);
}

/// Whether a header is one of the C library's (ISO C, POSIX, glibc's own):
/// other libraries' headers in the system directories declare functions
/// that longjmp to the caller's handler or exit (libpng's, libjpeg's and
/// Lua's error functions), without any function pointer in sight.
bool isCLibraryHeader(StringRef Path) {
  size_t Include = Path.rfind("/include/");
  if (Include == StringRef::npos)
    return false;
  StringRef Name = Path.drop_front(Include + StringRef("/include/").size());
  // Multiarch directories (x86_64-linux-gnu/...) hold the same headers.
  if (size_t Slash = Name.find('/');
      Slash != StringRef::npos && Name.take_front(Slash).contains("-linux-"))
    Name = Name.drop_front(Slash + 1);
  if (Name.starts_with("bits/") || Name.starts_with("sys/") ||
      Name.starts_with("gnu/") || Name.starts_with("arpa/") ||
      Name.starts_with("netinet/") || Name.starts_with("net/"))
    return true;
  return llvm::StringSwitch<bool>(Name)
      .Cases("assert.h", "complex.h", "ctype.h", "errno.h", "fenv.h",
             "inttypes.h", "locale.h", "math.h", "signal.h", true)
      .Cases("stdio.h", "stdlib.h", "string.h", "strings.h", "time.h",
             "uchar.h", "wchar.h", "wctype.h", "threads.h", true)
      .Cases("unistd.h", "fcntl.h", "dirent.h", "dlfcn.h", "fnmatch.h",
             "glob.h", "grp.h", "pwd.h", "iconv.h", "langinfo.h", true)
      .Cases("libgen.h", "netdb.h", "poll.h", "pthread.h", "regex.h", "sched.h",
             "semaphore.h", "spawn.h", "syslog.h", "termios.h", true)
      .Cases("utime.h", "utmp.h", "wordexp.h", "getopt.h", "malloc.h",
             "alloca.h", "memory.h", "err.h", "stdio_ext.h", "libintl.h", true)
      .Default(false);
}

/// Variadic C library functions whose extra argument is a plain value (a
/// mode, a flag, a pointer to data): system calls that never run the
/// program's code.
bool isPlainVariadicSystemCall(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("open", "open64", "openat", "openat64", "fcntl", "fcntl64", true)
      .Cases("ioctl", "sem_open", "mq_open", "prctl", "mremap", true)
      .Default(false);
}

/// A C library function declared in a C library header that takes no
/// function pointer (nor, unless it is printf-like, variadic arguments): it
/// cannot call back into the program, so it cannot exit or longjmp on the
/// program's behalf (those that do by themselves, and raise and kill, whose
/// handlers may, are named above).
bool isHarmlessSystemFunction(const FunctionDecl *F) {
  const ASTContext &Ctx = F->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = SM.getExpansionLoc(F->getCanonicalDecl()->getLocation());
  if (!SM.isInSystemHeader(Loc) || !isCLibraryHeader(SM.getFilename(Loc)))
    return false;
  // In C++ only the C library's functions: others may throw.
  if (Ctx.getLangOpts().CPlusPlus && !F->isExternC())
    return false;
  // A thread's start routine runs on the new thread: the caller's frames are
  // not on its stack (an exit() there counts only the exiting thread's).
  bool StartsThread = F->getIdentifier() && (F->getName() == "pthread_create" ||
                                             F->getName() == "thrd_create");
  for (const ParmVarDecl *P : F->parameters()) {
    if (StartsThread)
      break;
    QualType T = P->getType();
    if (T->isFunctionPointerType() || T->isBlockPointerType() ||
        T->isMemberFunctionPointerType() || T->isDependentType())
      return false;
  }
  return !F->isVariadic() || F->getBuiltinID() != 0 ||
         F->hasAttr<FormatAttr>() ||
         (F->getIdentifier() && isPlainVariadicSystemCall(F->getName()));
}

class CallSafety;

/// Finds the first construct of a statement that may leave the frame
/// without running cleanups. Calls are judged by CallSafety.
class LeaveFinder : public RecursiveASTVisitor<LeaveFinder> {
public:
  LeaveFinder(CallSafety &Calls, const SourceManager &SM)
      : Calls(Calls), SM(SM) {}

  std::string Reason;

  bool shouldVisitImplicitCode() const { return true; }

  // Lambdas, blocks and local classes are functions of their own: only what
  // creating them runs (the captures' copies) runs here.
  bool TraverseLambdaExpr(LambdaExpr *L) {
    for (Expr *Init : L->capture_inits())
      if (Init && !TraverseStmt(Init))
        return false;
    return true;
  }
  bool TraverseBlockExpr(BlockExpr *) { return true; }
  bool TraverseCXXRecordDecl(CXXRecordDecl *) { return true; }
  bool TraverseRecordDecl(RecordDecl *) { return true; }
  // Unevaluated operands run nothing.
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) {
    return true;
  }
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc) { return true; }
  bool TraverseCXXNoexceptExpr(CXXNoexceptExpr *) { return true; }

  bool VisitCallExpr(CallExpr *C);
  bool VisitCXXConstructExpr(CXXConstructExpr *C);
  bool VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *B);
  bool VisitVarDecl(VarDecl *V);
  bool VisitCXXNewExpr(CXXNewExpr *E) { return found("new", E); }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *E) { return found("delete", E); }
  bool VisitCXXThrowExpr(CXXThrowExpr *E) { return found("throw", E); }
  bool VisitCXXDynamicCastExpr(CXXDynamicCastExpr *E) {
    return found("dynamic_cast (may throw)", E);
  }
  bool VisitCXXTypeidExpr(CXXTypeidExpr *E) {
    return E->isPotentiallyEvaluated() ? found("typeid (may throw)", E) : true;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *S) { return found("inline assembly", S); }
  bool VisitMSAsmStmt(MSAsmStmt *S) { return found("inline assembly", S); }
  bool VisitObjCMessageExpr(ObjCMessageExpr *E) {
    return found("an Objective-C message", E);
  }
  bool VisitCoroutineSuspendExpr(CoroutineSuspendExpr *E) {
    return found("a coroutine suspension", E);
  }

private:
  bool found(const Twine &What, const Stmt *S) {
    Reason = (What + " on line " + Twine(SM.getExpansionLineNumber(
                                         S->getBeginLoc())))
                 .str();
    return false;
  }
  bool callee(const FunctionDecl *F, const Stmt *S);
  bool destructor(QualType T, const Stmt *S);

  CallSafety &Calls;
  const SourceManager &SM;
};

/// Whether calling a function returns normally, per translation unit.
class CallSafety {
public:
  explicit CallSafety(ASTContext &Ctx) : Ctx(Ctx) {}

  /// Why calling \p F may leave the caller's frame, or "".
  std::string whyUnsafe(const FunctionDecl *F);

  /// Why the call through a pointer \p C may leave the caller's frame, or
  /// "" (only with ClosedWorld: the functions it may reach are known).
  std::string whyPointerCallUnsafe(const CallExpr *C);

  /// The one for \p Ctx; forgotten when the context is destroyed.
  static CallSafety &of(ASTContext &Ctx);

  /// --closed-world (C only): a call through a pointer reaches only the
  /// functions of a compatible type whose address this translation unit
  /// takes.
  bool ClosedWorld = false;

private:
  std::string judge(const FunctionDecl *F);
  const std::vector<const FunctionDecl *> &targetsOf(const FunctionType *T);

  /// Functions whose address the translation unit takes (filled on the
  /// first call through a pointer), and those of each function type.
  std::optional<std::vector<const FunctionDecl *>> AddressTaken;
  std::vector<const FunctionDecl *> Converted; ///< Of those, to other types.
  llvm::DenseMap<const Type *, std::vector<const FunctionDecl *>> Targets;

  ASTContext &Ctx;
  llvm::DenseMap<const FunctionDecl *, std::string> Memo;
  std::vector<const FunctionDecl *> Order; ///< Memo's keys, oldest first.
  llvm::DenseSet<const FunctionDecl *> Judging;
};

CallSafety &CallSafety::of(ASTContext &Ctx) {
  thread_local std::map<const ASTContext *, std::unique_ptr<CallSafety>> All;
  auto [It, New] = All.try_emplace(&Ctx);
  if (New) {
    It->second = std::make_unique<CallSafety>(Ctx);
    Ctx.AddDeallocation(
        [](void *Key) { All.erase(static_cast<const ASTContext *>(Key)); },
        &Ctx);
  }
  return *It->second;
}

std::string CallSafety::whyUnsafe(const FunctionDecl *F) {
  F = F->getCanonicalDecl();
  if (auto It = Memo.find(F); It != Memo.end())
    return It->second;
  // A recursive call returns normally if the function does: assume it while
  // judging the function. If it then turns out not to, the functions found
  // safe meanwhile may have relied on the assumption: judge them again.
  if (Judging.count(F))
    return "";
  Judging.insert(F);
  size_t Mark = Order.size();
  std::string Why = judge(F);
  Judging.erase(F);
  if (!Why.empty()) {
    for (size_t I = Mark; I < Order.size(); ++I)
      if (Memo[Order[I]].empty())
        Memo.erase(Order[I]);
    Order.erase(Order.begin() + Mark, Order.end());
  }
  // Answers that rest on an ancestor still being judged are kept only while
  // the ancestor is; the ancestor's own verdict above forgets them if wrong.
  Memo[F] = Why;
  Order.push_back(F);
  return Why;
}

std::string CallSafety::judge(const FunctionDecl *F) {
  std::string Name = F->getNameAsString();
  auto Quoted = [&](const char *What) {
    return "calls '" + Name + "', which " + What;
  };
  if (F->getIdentifier() && endsProcessSilently(F->getName()))
    return "";
  if (F->isNoReturn() || (F->getIdentifier() && mayLeaveFrame(F->getName())))
    return Quoted("may not return");
  // After a second return, locals changed since the first are indeterminate
  // (C11 7.13.2.1): the loop's counts may not live in locals. setjmp and
  // _setjmp are library builtins for clang, so this comes before them.
  if (isSetjmp(F) || F->hasAttr<ReturnsTwiceAttr>())
    return Quoted("returns twice (like setjmp)");
  if (F->getBuiltinID() != 0)
    return "";
  if (F->hasAttr<ConstAttr>() || F->hasAttr<PureAttr>())
    return "";
  const FunctionDecl *Def = F->getDefinition();
  if ((!Def || !Def->getBody()) && isHarmlessSystemFunction(F))
    return "";
  if (!Def || !Def->getBody())
    return Quoted("may not return (exit, longjmp, an exception): its body is "
                  "not in this file");
  // The definition the program runs must be this one.
  if (Def->hasAttr<WeakAttr>() ||
      (!Ctx.getLangOpts().CPlusPlus && Def->isInlineSpecified() &&
       Def->getStorageClass() != SC_Static))
    return Quoted("may be replaced by another definition at link time");
  if (const auto *M = dyn_cast<CXXMethodDecl>(Def);
      M && M->isVirtual() && !M->hasAttr<FinalAttr>() &&
      !M->getParent()->hasAttr<FinalAttr>())
    return Quoted("is virtual");
  LeaveFinder Finder(*this, Ctx.getSourceManager());
  Finder.TraverseStmt(Def->getBody());
  if (!Finder.Reason.empty())
    return Quoted("may not return: ") + Finder.Reason;
  return "";
}

/// The functions whose address a translation unit takes: every reference
/// to a function other than as the callee of a call (initialisers of tables
/// included; references in unevaluated operands too, which only adds
/// candidates), and which of them are converted to another type (a call
/// through a pointer of an incompatible type is undefined behaviour, but
/// code such as sqlite3's table of system calls relies on the conversion
/// back).
class AddressTakenFinder : public RecursiveASTVisitor<AddressTakenFinder> {
public:
  bool VisitCallExpr(CallExpr *C) {
    if (auto *R = dyn_cast<DeclRefExpr>(C->getCallee()->IgnoreParenImpCasts()))
      Callees.insert(R);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *R) {
    if (const auto *F = dyn_cast<FunctionDecl>(R->getDecl());
        F && !Callees.count(R) && Seen.insert(F->getCanonicalDecl()).second)
      Found.push_back(F->getCanonicalDecl());
    return true;
  }
  /// A function converted to another type (`(void (*)(void))f`): calls
  /// through a pointer of any type may reach it.
  bool VisitCastExpr(CastExpr *E) {
    switch (E->getCastKind()) {
    case CK_FunctionToPointerDecay:
    case CK_NoOp:
    case CK_LValueToRValue:
    case CK_BuiltinFnToFnPtr:
      return true;
    default:
      break;
    }
    const Expr *Sub = E->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(Sub);
        U && U->getOpcode() == UO_AddrOf)
      Sub = U->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *R = dyn_cast<DeclRefExpr>(Sub))
      if (const auto *F = dyn_cast<FunctionDecl>(R->getDecl());
          F && AnyType.insert(F->getCanonicalDecl()).second)
        Converted.push_back(F->getCanonicalDecl());
    return true;
  }
  std::vector<const FunctionDecl *> Found, Converted;

private:
  llvm::DenseSet<const FunctionDecl *> AnyType;
  llvm::DenseSet<const DeclRefExpr *> Callees; // visited before their parts
  llvm::DenseSet<const FunctionDecl *> Seen;
};

const std::vector<const FunctionDecl *> &
CallSafety::targetsOf(const FunctionType *T) {
  if (!AddressTaken) {
    AddressTakenFinder Finder;
    Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
    AddressTaken = std::move(Finder.Found);
    Converted = std::move(Finder.Converted);
  }
  QualType Type = Ctx.getCanonicalType(QualType(T, 0));
  auto [It, New] = Targets.try_emplace(Type.getTypePtr());
  if (New)
    for (const FunctionDecl *F : *AddressTaken)
      if (Ctx.typesAreCompatible(F->getType(), Type) ||
          llvm::is_contained(Converted, F))
        It->second.push_back(F);
  return It->second;
}

std::string CallSafety::whyPointerCallUnsafe(const CallExpr *C) {
  const std::string Unknown = "a call through a pointer";
  QualType T = C->getCallee()->getType();
  const auto *P = T->getAs<PointerType>();
  const FunctionType *FT =
      P ? P->getPointeeType()->getAs<FunctionType>() : nullptr;
  if (!ClosedWorld || Ctx.getLangOpts().CPlusPlus || !FT)
    return Unknown;
  // Functions whose address the file does not take (a callback the
  // application registers, a function of another file) return normally:
  // that is the assumption.
  const std::vector<const FunctionDecl *> &Targets = targetsOf(FT);
  for (const FunctionDecl *F : Targets)
    if (std::string Why = whyUnsafe(F); !Why.empty())
      return Unknown + " that may reach '" + F->getNameAsString() + "' (" +
             Why + ")";
  return "";
}

bool LeaveFinder::callee(const FunctionDecl *F, const Stmt *S) {
  std::string Why = Calls.whyUnsafe(F);
  if (Why.empty())
    return true;
  Reason = Why + " (line " +
           std::to_string(SM.getExpansionLineNumber(S->getBeginLoc())) + ")";
  return false;
}

bool LeaveFinder::VisitCallExpr(CallExpr *C) {
  const FunctionDecl *F = C->getDirectCallee();
  if (!F) {
    std::string Why = Calls.whyPointerCallUnsafe(C);
    return Why.empty() ? true : found(Why, C);
  }
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(C))
    if (const CXXMethodDecl *MD = M->getMethodDecl(); MD && MD->isVirtual() &&
        !MD->hasAttr<FinalAttr>() && !MD->getParent()->hasAttr<FinalAttr>())
      return found("a virtual call", C);
  return callee(F, C);
}

bool LeaveFinder::VisitCXXConstructExpr(CXXConstructExpr *C) {
  const CXXConstructorDecl *Ctor = C->getConstructor();
  return !Ctor || Ctor->isTrivial() ? true : callee(Ctor, C);
}

bool LeaveFinder::destructor(QualType T, const Stmt *S) {
  const CXXRecordDecl *R = T->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
  if (!R || !R->hasDefinition() || R->hasTrivialDestructor())
    return true;
  const CXXDestructorDecl *D = R->getDestructor();
  return !D ? true : callee(D, S);
}

bool LeaveFinder::VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *B) {
  return destructor(B->getType(), B);
}

bool LeaveFinder::VisitVarDecl(VarDecl *V) {
  if (!V->hasLocalStorage() || V->getType()->isReferenceType())
    return true;
  const Stmt *Where = V->getInit();
  if (!Where)
    return true; // no statement to name; the type's destructor is checked
                 // when it is initialised (a constructor call) or below
  return destructor(V->getType(), Where);
}

/// Every loop statement of a body, outermost first.
class LoopCollector : public RecursiveASTVisitor<LoopCollector> {
public:
  std::vector<const Stmt *> Loops;
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseBlockExpr(BlockExpr *) { return true; }
  bool TraverseCXXRecordDecl(CXXRecordDecl *) { return true; }
  bool TraverseRecordDecl(RecordDecl *) { return true; }
  bool VisitWhileStmt(WhileStmt *S) { return add(S); }
  bool VisitDoStmt(DoStmt *S) { return add(S); }
  bool VisitForStmt(ForStmt *S) { return add(S); }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *S) { return add(S); }

private:
  bool add(const Stmt *S) {
    Loops.push_back(S);
    return true;
  }
};

/// Labels, gotos and case labels of a body, to find the ways into a loop
/// that do not pass through its start.
class JumpCollector : public RecursiveASTVisitor<JumpCollector> {
public:
  std::vector<const GotoStmt *> Gotos;
  std::vector<const SwitchCase *> Cases;
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseBlockExpr(BlockExpr *) { return true; }
  bool TraverseCXXRecordDecl(CXXRecordDecl *) { return true; }
  bool VisitGotoStmt(GotoStmt *G) {
    Gotos.push_back(G);
    return true;
  }
  bool VisitCaseStmt(CaseStmt *C) {
    Cases.push_back(C);
    return true;
  }
  bool VisitDefaultStmt(DefaultStmt *C) {
    Cases.push_back(C);
    return true;
  }
};

class LoopScopeFinder {
public:
  LoopScopeFinder(ASTContext &Ctx, const FunctionDecl *FD, const clang::CFG &Cfg,
                  const ParentMap &PM, const SourceText &Text, FileID File,
                  unsigned BodyBegin, unsigned BodyEnd)
      : Ctx(Ctx), FD(FD), Cfg(Cfg), PM(PM), Text(Text), File(File),
        BodyBegin(BodyBegin), BodyEnd(BodyEnd) {}

  std::vector<LoopScope> run();

private:
  std::vector<unsigned> blocksOf(const Stmt *Loop) const;
  unsigned headBegin(const Stmt *Loop, const FileRange &R) const;
  std::string whyRefused(const Stmt *Loop, const LoopScope &Scope) const;
  bool within(const Stmt *S, const Stmt *Loop) const {
    if (const Stmt *O = Original.lookup(S))
      S = O;
    return isWithin(PM, S, Loop);
  }

  ASTContext &Ctx;
  const FunctionDecl *FD;
  const clang::CFG &Cfg;
  const ParentMap &PM;
  const SourceText &Text;
  FileID File;
  unsigned BodyBegin, BodyEnd;
  JumpCollector Jumps;
  /// The CFG's synthetic statements ("int a, b;" split) to the AST's.
  llvm::DenseMap<const Stmt *, const Stmt *> Original;
};

/// Blocks with code of the loop; then the empty blocks (joins) that lie
/// between such blocks.
std::vector<unsigned> LoopScopeFinder::blocksOf(const Stmt *Loop) const {
  std::set<unsigned> In;
  std::vector<const CFGBlock *> Empty;
  for (const CFGBlock *B : Cfg) {
    bool Code = false, Inside = false;
    auto Note = [&](const Stmt *S) {
      Code = true;
      Inside |= within(S, Loop);
    };
    for (const CFGElement &E : *B)
      if (std::optional<CFGStmt> CS = E.getAs<CFGStmt>())
        Note(CS->getStmt());
    if (const Stmt *T = B->getTerminatorStmt())
      Note(T);
    if (const Stmt *L = B->getLabel())
      Note(L);
    if (const Stmt *T = B->getLoopTarget())
      Inside |= within(T, Loop);
    if (Inside)
      In.insert(B->getBlockID());
    else if (!Code && B != &Cfg.getExit() && B != &Cfg.getEntry())
      Empty.push_back(B);
  }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const CFGBlock *B : Empty) {
      if (In.count(B->getBlockID()) || B->pred_empty() || B->succ_empty())
        continue;
      auto Inside = [&](const CFGBlock::AdjacentBlock &A) {
        const CFGBlock *X = A.getReachableBlock();
        return !X || In.count(X->getBlockID());
      };
      if (llvm::all_of(B->preds(), Inside) && llvm::all_of(B->succs(), Inside)) {
        In.insert(B->getBlockID());
        Changed = true;
      }
    }
  }
  return std::vector<unsigned>(In.begin(), In.end());
}

/// The offset of the first text of Loop that runs on every iteration (see
/// LoopScope::HeadBegin); the loop's end when it cannot be told.
unsigned LoopScopeFinder::headBegin(const Stmt *Loop, const FileRange &R) const {
  const Stmt *First = nullptr;
  if (const auto *F = dyn_cast<ForStmt>(Loop)) {
    if (!F->getInit())
      return R.Begin;
    First = F->getCond() ? F->getCond()
            : F->getInc() ? static_cast<const Stmt *>(F->getInc())
                          : F->getBody();
  } else if (const auto *F = dyn_cast<CXXForRangeStmt>(Loop)) {
    First = F->getBody();
  } else {
    return R.Begin; // while and do: the condition or the body comes first
  }
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = First->getBeginLoc();
  if (!Loc.isFileID() || SM.getFileID(Loc) != File)
    return R.End;
  unsigned Offset = SM.getFileOffset(Loc);
  return Offset >= R.Begin && Offset <= R.End ? Offset : R.End;
}

std::string LoopScopeFinder::whyRefused(const Stmt *Loop,
                                        const LoopScope &Scope) const {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Line = [&](const Stmt *S) {
    return SM.getExpansionLineNumber(S->getBeginLoc());
  };
  for (const GotoStmt *G : Jumps.Gotos)
    if (!within(G, Loop) && within(G->getLabel()->getStmt(), Loop))
      return llvm::formatv("entered by the goto on line {0}", Line(G)).str();
  for (const SwitchCase *C : Jumps.Cases) {
    if (!within(C, Loop))
      continue;
    const Stmt *P = PM.getParent(C);
    while (P && !isa<SwitchStmt>(P))
      P = PM.getParent(P);
    if (P && !within(P, Loop))
      return llvm::formatv("entered by the case label on line {0} of a switch "
                           "around it",
                           Line(C))
          .str();
  }
  if (Scope.Begin == Scope.End)
    return "its text is not editable (a macro expansion)";
  LeaveFinder Finder(CallSafety::of(Ctx), SM);
  Finder.TraverseStmt(const_cast<Stmt *>(Loop));
  if (!Finder.Reason.empty())
    return Finder.Reason;
  return "";
}

std::vector<LoopScope> LoopScopeFinder::run() {
  for (auto It = Cfg.synthetic_stmt_begin(); It != Cfg.synthetic_stmt_end();
       ++It)
    Original[It->first] = It->second;
  LoopCollector Loops;
  Loops.TraverseStmt(FD->getBody());
  Jumps.TraverseStmt(FD->getBody());
  std::vector<LoopScope> Out;
  for (const Stmt *Loop : Loops.Loops) {
    LoopScope Scope;
    Scope.Line = Text.line(Loop->getBeginLoc());
    std::optional<FileRange> R = Text.stmtRange(Loop);
    if (R && R->File == File && R->Begin >= BodyBegin && R->End <= BodyEnd &&
        statementPosition(PM, Loop) != StmtPosition::NotInsertable) {
      Scope.Begin = R->Begin;
      Scope.End = R->End;
      Scope.HeadBegin = headBegin(Loop, *R);
    }
    Scope.Blocks = blocksOf(Loop);
    Scope.Refused = whyRefused(Loop, Scope);
    Out.push_back(std::move(Scope));
  }
  return Out;
}

} // namespace

std::vector<LoopScope> findLoopScopes(ASTContext &Ctx, const FunctionDecl *FD,
                                      const clang::CFG &Cfg,
                                      const ParentMap &PM,
                                      const SourceText &Text, FileID File,
                                      unsigned BodyBegin, unsigned BodyEnd) {
  return LoopScopeFinder(Ctx, FD, Cfg, PM, Text, File, BodyBegin, BodyEnd)
      .run();
}

void assumeClosedWorld(ASTContext &Ctx) {
  CallSafety::of(Ctx).ClosedWorld = true;
}

std::string whyCallMayNotReturn(ASTContext &Ctx, const CallExpr *C) {
  LeaveFinder Finder(CallSafety::of(Ctx), Ctx.getSourceManager());
  Finder.VisitCallExpr(const_cast<CallExpr *>(C));
  return Finder.Reason;
}

void mergeLoopRefusals(LoweredFunction &Into, const LoweredFunction &Other) {
  // A call that may not return in either lowering may not return.
  if (Into.CutCalls == Other.CutCalls)
    for (size_t I = 0; I < Into.CutCalls.size(); ++I)
      Into.CutCalls[I].MayNotReturn |= Other.CutCalls[I].MayNotReturn;
  bool Same = Into.Loops.size() == Other.Loops.size();
  for (size_t I = 0; Same && I < Into.Loops.size(); ++I)
    Same = Into.Loops[I].Begin == Other.Loops[I].Begin &&
           Into.Loops[I].End == Other.Loops[I].End &&
           Into.Loops[I].Blocks == Other.Loops[I].Blocks;
  for (size_t I = 0; I < Into.Loops.size(); ++I) {
    LoopScope &L = Into.Loops[I];
    if (!L.Refused.empty())
      continue;
    if (!Same)
      L.Refused = "its lowerings differ between template instantiations or "
                  "translation units";
    else if (!Other.Loops[I].Refused.empty())
      L.Refused = Other.Loops[I].Refused + " (in another instantiation or "
                                           "translation unit)";
  }
}

} // namespace p3
