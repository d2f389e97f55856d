//===- UnsupportedConstructs.cpp - Functions p3 leaves alone -------------===//
//
// Some constructs make the path register unreliable or the control flow
// invisible to clang::CFG. A function containing one is left exactly as it
// was and listed with the reason.
//
//===----------------------------------------------------------------------===//

#include "Frontend/FunctionLowering.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace p3 {

bool isSetjmp(const FunctionDecl *Callee) {
  if (!Callee || !Callee->getIdentifier())
    return false;
  return llvm::StringSwitch<bool>(Callee->getName())
      .Cases("setjmp", "_setjmp", "__setjmp", "sigsetjmp", "__sigsetjmp", true)
      .Case("__builtin_setjmp", true)
      .Default(false);
}

namespace {

/// Functions that return twice, other than setjmp (whose second return
/// starts new paths, FunctionLowering.cpp): vfork's child runs in the
/// parent's frame and memory, so its counts would land in the parent's
/// counters; getcontext/savectx resume anywhere.
bool returnsTwice(const FunctionDecl *Callee) {
  if (!Callee || !Callee->getIdentifier() || isSetjmp(Callee))
    return false;
  if (Callee->hasAttr<ReturnsTwiceAttr>())
    return true;
  return llvm::StringSwitch<bool>(Callee->getName())
      .Cases("savectx", "vfork", "getcontext", true)
      .Default(false);
}

class ConstructFinder : public RecursiveASTVisitor<ConstructFinder> {
public:
  std::string Reason;

  // Lambdas and blocks are functions of their own.
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseBlockExpr(BlockExpr *) { return true; }

  bool VisitGCCAsmStmt(GCCAsmStmt *S) {
    return S->isAsmGoto() ? found("asm goto") : true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *Callee = C->getDirectCallee();
    if (returnsTwice(Callee))
      return found(("calls " + Callee->getName() +
                    " (returns twice, like setjmp)")
                       .str());
    return true;
  }
  bool VisitCoroutineBodyStmt(CoroutineBodyStmt *) { return found("coroutine"); }
  bool VisitCoreturnStmt(CoreturnStmt *) { return found("coroutine"); }
  bool VisitOMPExecutableDirective(OMPExecutableDirective *) {
    return found("OpenMP directive");
  }
  bool VisitSEHTryStmt(SEHTryStmt *) { return found("SEH __try"); }
  bool VisitObjCAtTryStmt(ObjCAtTryStmt *) { return found("Objective-C @try"); }

private:
  bool found(std::string Why) {
    Reason = std::move(Why);
    return false;
  }
};

} // namespace

std::string checkUnsupportedConstructs(ASTContext &Ctx,
                                       const FunctionDecl *FD) {
  // Only what the user declared constexpr: lambdas are implicitly constexpr
  // in C++17 (clang marks them as if declared so), and are almost never
  // evaluated at compile time.
  bool IsLambda = isa<CXXMethodDecl>(FD) &&
                  cast<CXXMethodDecl>(FD)->getParent()->isLambda();
  if (FD->isConsteval() || (FD->isConstexprSpecified() && !IsLambda))
    return "constexpr function (probes would break constant evaluation)";
  if (FD->hasAttr<NakedAttr>())
    return "naked function";
  // A C99 inline definition (inline, external linkage, and no extern
  // declaration making it the external definition) may not refer to the
  // file's static counters (C99 6.7.4p3; gcc warns), and calls may go to the
  // external definition in another file instead. Under gnu89 inline semantics
  // a plain "inline" definition is the external definition, and only
  // "extern inline" is an inline definition.
  if (!Ctx.getLangOpts().CPlusPlus && FD->isInlineSpecified() &&
      FD->getStorageClass() != SC_Static &&
      !FD->isInlineDefinitionExternallyVisible())
    return "C inline definition that is not the external definition (it may "
           "not refer to the file's static counters)";
  ConstructFinder Finder;
  Finder.TraverseStmt(FD->getBody());
  return Finder.Reason;
}

} // namespace p3
