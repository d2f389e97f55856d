//===- FunctionLowering.h - clang::CFG to a lowered CFG with probe sites -===//
//
// Builds the clang::CFG of one function body and lowers it for p3:
//  - pruned (trivially false) edges are dropped;
//  - C++ try dispatch blocks are removed: a throw ends its path (its block
//    goes to EXIT), and each catch handler becomes a path start (a register
//    reset at the start of its body). A path cut short by an exception thrown
//    in a callee is not counted, and never corrupts a count: the handler
//    resets the register;
//  - per block, the sites where code runs once per pass through the block
//    (Instrument/Site.h), and the branch condition when it can be wrapped.
// Constructs that cannot be instrumented safely make the function skipped,
// with a reason (see checkUnsupportedConstructs).
//
//===----------------------------------------------------------------------===//

#ifndef P3_FRONTEND_FUNCTIONLOWERING_H
#define P3_FRONTEND_FUNCTIONLOWERING_H

#include "Instrument/Site.h"

#include "clang/AST/Decl.h"

#include <functional>

namespace p3 {

/// The key that names a callee across translation units (ProgramCollector).
using CallKeyFunction = std::function<std::string(const clang::FunctionDecl *)>;

/// Lowers \p FD, whose body is in \p File. Fills Graph, Blocks, Sites,
/// BlockLines and the body offsets of \p Out, or sets Out.Skip. With
/// \p CallKey, also Out.CallKeys: the direct calls of each block (the call
/// graph the auto strategy's static estimates propagate over).
void lowerFunction(clang::ASTContext &Ctx, const clang::FunctionDecl *FD,
                   clang::FileID File, LoweredFunction &Out,
                   const CallKeyFunction &CallKey = {});

/// setjmp and its relatives: they return a second time when a callee
/// longjmps, with the function's locals as they were then.
bool isSetjmp(const clang::FunctionDecl *Callee);

/// A reason not to instrument \p FD at all (computed goto, setjmp, ...), or
/// an empty string.
std::string checkUnsupportedConstructs(clang::ASTContext &Ctx,
                                       const clang::FunctionDecl *FD);

} // namespace p3

#endif
