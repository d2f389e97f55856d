//===- LoopFacts.h - Which loops may keep their counts in locals ---------===//
//
// A loop's back edges can count into local variables declared in a block
// around the loop and added to the counters when control leaves the block
// (GNU C's cleanup attribute: break, return, goto out, falling out of the
// loop, and C++ exceptions). That is exact only if nothing can leave the
// loop without running the cleanup, and if nothing can enter the block
// without running its declarations. A loop is refused when it
//  - calls anything that may not return normally: exit, longjmp, a callee
//    that may throw or switch context, a call through a pointer (unless
//    --closed-world: see assumeClosedWorld) or a virtual call, a callee whose
//    body is not in the translation unit (unless it is a compiler builtin,
//    declared const or pure, or a C library function declared in one of the C
//    library's headers that takes no function pointer), a callee whose body may
//    do any of these (a recursive call is assumed to return while its function
//    is judged: it does if the function does), and in C++ the calls hidden in
//    constructors, destructors, new, delete, throw and dynamic_cast;
//  - contains inline assembly;
//  - has a label that a goto outside the loop targets, or a case label of
//    a switch outside the loop (Duff's device);
//  - has text that cannot take the block (inside a macro expansion).
// Functions with computed goto, setjmp or coroutines are not instrumented
// at all (UnsupportedConstructs.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef P3_FRONTEND_LOOPFACTS_H
#define P3_FRONTEND_LOOPFACTS_H

#include "Frontend/SourceText.h"
#include "Instrument/Site.h"

#include "clang/AST/Decl.h"
#include "clang/Analysis/CFG.h"

namespace p3 {

/// The loop statements of \p FD's body (not of its lambdas or local
/// classes), outermost first, with the lowered CFG blocks of each and the
/// reason, if any, why its counts cannot be held in locals.
std::vector<LoopScope> findLoopScopes(clang::ASTContext &Ctx,
                                      const clang::FunctionDecl *FD,
                                      const clang::CFG &Cfg,
                                      const clang::ParentMap &PM,
                                      const SourceText &Text,
                                      clang::FileID File, unsigned BodyBegin,
                                      unsigned BodyEnd);

/// Why the call \p C may not return normally to its caller (exit, longjmp,
/// a callee that may do either, a call through a pointer... by the rules
/// above), or "" when it always does or ends the process without a profile
/// (abort). The blocks with such calls get cut edges (docs/rewriter.md,
/// "Paths cut short").
std::string whyCallMayNotReturn(clang::ASTContext &Ctx,
                                const clang::CallExpr *C);

/// --closed-world, for the translation unit of \p Ctx (C only): a call
/// through a pointer may reach only the functions of a compatible type whose
/// address the unit takes, or functions that return normally (whose address
/// it does not take: callbacks registered from elsewhere), so it returns
/// normally if all of the former do. Before any call is judged.
void assumeClosedWorld(clang::ASTContext &Ctx);

/// Folds in the loops of another lowering of the same function (another
/// template instantiation, or another translation unit including the same
/// header): a loop refused in either is refused.
void mergeLoopRefusals(LoweredFunction &Into, const LoweredFunction &Other);

} // namespace p3

#endif
