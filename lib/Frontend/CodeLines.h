//===- CodeLines.h - The source lines a CFG block's code runs on ---------===//
//
// Reports derive line and branch counts from the path profile (lcov export,
// HTML). To be comparable with gcov's, a block's lines follow the locations
// gcc gives the code it emits for the same source (checked against gcov by
// the report tests):
//  - an operation is on the line of its operator token (a call: the callee's
//    first token; "?:": its ':'), a declaration with an initialiser on the
//    line of the variable's name, a return or jump on its keyword's line;
//  - operands have no line of their own, and an operation that is a call's
//    argument, the value assigned by "=", a variable's initialiser, a returned
//    value or an arm of "?:" is on the line of that call, assignment,
//    declaration, return or ':' (gcc emits one statement for both); calls
//    keep their own line except as arguments;
//  - the jump of a condition: the right operand of && or || jumps on that
//    operator's line; otherwise the condition of an if or switch jumps on the
//    keyword's line, that of a loop on its own line;
//  - a label is on its line; of consecutive case labels only the first has a
//    line (the blocks of the others have none);
//  - a loop without a condition (or with a constant true one: "while (1)",
//    "for (;;)") jumps back on the line of its body's first statement, or on
//    its own line when that statement has none (a nested loop): gcc's
//    c_finish_loop; clang's block that loops back gets that line;
//  - falling off the end of a function returns on its closing brace's line,
//    unless the function has a return statement anywhere;
//  - gcc adds code that clang's CFG has as edges: before a label that a goto
//    targets, on the way in from the code before it (on the label's line: a
//    goto does not run it). addJumpLines() puts it on the edges, or in the
//    block the edge leaves when that is its only way out. gcc's jumps (into
//    a while or for loop's condition from before the loop, on the loop's
//    line; back to the top of a loop without a condition) have a line only
//    in a block with no other way out;
//  - gcc ends a block after each call to a function that is not a library
//    builtin: a block's lines are given in parts (CodeLines::PartEnd).
// Lines are expansion lines: code from a macro body is on the invocation's.
//
//===----------------------------------------------------------------------===//

#ifndef P3_FRONTEND_CODELINES_H
#define P3_FRONTEND_CODELINES_H

#include "Frontend/SourceText.h"
#include "Instrument/Site.h"

#include "clang/Analysis/CFG.h"
#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace p3 {

class CodeLines {
public:
  CodeLines(clang::ASTContext &Ctx, const clang::ParentMap &PM,
            const SourceText &Text)
      : Ctx(Ctx), PM(PM), Text(Text) {}

  /// The line of the code a CFG element runs, or 0 when it runs none of its
  /// own (a variable read, a literal, a cast).
  unsigned elementLine(const clang::Stmt *S) const;
  /// The line of the jump of a block that tests \p Tested (a leaf of the
  /// condition of terminator \p Term).
  unsigned conditionLine(const clang::Stmt *Term,
                         const clang::Expr *Tested) const;
  /// The line of a block's label, or 0 for a case label directly followed by
  /// another case label.
  unsigned labelLine(const clang::Stmt *Label) const;
  /// The line of the return that ends a function falling off its end: its
  /// closing brace's, unless the body has return statements (gcc then joins
  /// them all in one return without a line).
  unsigned fallOffLine(const clang::CompoundStmt *Body) const;
  unsigned line(clang::SourceLocation Loc) const { return Text.line(Loc); }
  /// In a block's lines, marks where gcc ends a block: after a call to a
  /// function of the program (it may not return, so gcc's profiler gives the
  /// code after it a block of its own).
  static constexpr unsigned PartEnd = 0;
  bool endsGccBlock(const clang::Stmt *Element) const;
  /// The line of a break, continue or goto terminator, or 0 for others.
  unsigned jumpLine(const clang::Stmt *Term) const;
  /// The line of the jump back to the top of \p Loop when it has no
  /// condition (or a constant true one), else 0.
  unsigned latchLine(const clang::Stmt *Loop) const;

private:
  unsigned ownLine(const clang::Expr *E) const;
  unsigned absorbedLine(const clang::Expr *E) const;
  unsigned valueJumpLine(const clang::Expr *E) const;
  unsigned declLine(const clang::VarDecl *VD) const;
  /// The line gcc gives a statement as a whole (0 if none).
  unsigned statementLine(const clang::Stmt *S) const;
  /// E's parent with parentheses and casts skipped, and the child of that
  /// parent on the way up.
  std::pair<const clang::Stmt *, const clang::Stmt *>
  operandParent(const clang::Stmt *E) const;

  clang::ASTContext &Ctx;
  const clang::ParentMap &PM;
  const SourceText &Text;
};

/// Adds gcc's jumps (see above) of the function with body \p Body: \p Succs
/// are the lowered successors of clang's blocks \p Blocks (by id), \p Code
/// their statements in the body; lines go to \p BlockLines or \p Edges.
/// Labels that gotos target must not have been given their line.
void addJumpLines(const CodeLines &Lines, const clang::ParentMap &PM,
                  const clang::Stmt *Body,
                  llvm::ArrayRef<const clang::CFGBlock *> Blocks,
                  llvm::ArrayRef<std::vector<const clang::Stmt *>> Code,
                  const std::vector<std::vector<unsigned>> &Succs,
                  std::vector<std::vector<unsigned>> &BlockLines,
                  std::vector<EdgeLine> &Edges);

/// Whether a goto in \p Body targets \p Label.
bool isGotoTarget(const clang::Stmt *Body, const clang::LabelStmt *Label);

} // namespace p3

#endif
