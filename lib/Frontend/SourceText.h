//===- SourceText.h - From AST nodes to editable file ranges -------------===//
//
// Probes are inserted as text. An edit is only allowed where the text is the
// code: a range is editable when both ends are in the file itself, or when it
// covers whole macro invocations (the invocation text is replaced by its
// wrapped form). A piece of a macro body, or a macro argument (which the
// macro may expand several times), is never editable.
//
//===----------------------------------------------------------------------===//

#ifndef P3_FRONTEND_SOURCETEXT_H
#define P3_FRONTEND_SOURCETEXT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/Stmt.h"

#include <optional>

namespace p3 {

/// A byte range [Begin, End) in the main file of interest.
struct FileRange {
  clang::FileID File;
  unsigned Begin = 0, End = 0;
};

class SourceText {
public:
  explicit SourceText(clang::ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  /// The editable range of an expression, or nullopt.
  std::optional<FileRange> exprRange(const clang::Expr *E) const;
  /// The editable range of a statement including its trailing ';' (for
  /// statements that end with one), or nullopt.
  std::optional<FileRange> stmtRange(const clang::Stmt *S) const;
  /// Offset just after '{' and of '}' of a compound statement, or nullopt.
  std::optional<FileRange> compoundInterior(const clang::CompoundStmt *C) const;

  /// Whether the text of [Begin, End) has a comma outside brackets.
  bool hasTopLevelComma(const FileRange &R) const;
  unsigned line(clang::SourceLocation Loc) const;
  clang::SourceManager &sourceManager() const { return SM; }

private:
  std::optional<FileRange> charRange(clang::CharSourceRange R) const;
  clang::SourceLocation endOfStatement(const clang::Stmt *S) const;

  clang::ASTContext &Ctx;
  clang::SourceManager &SM;
};

/// How a statement sits in its parent, which decides how text can be
/// inserted next to it.
enum class StmtPosition : uint8_t {
  InCompound,    ///< A child of a compound statement: insert freely.
  NeedsBraces,   ///< The sub-statement of an if, loop or label: wrap in braces.
  NotInsertable, ///< Anything else (switch body without braces, ...).
};

/// The statement-level ancestor of an expression or statement: the nearest
/// ancestor (or itself) that is a child of a compound statement or the
/// sub-statement of an if, loop, switch or label. Conditions, initialisers and
/// increments belong to their controlling statement.
const clang::Stmt *enclosingStatement(const clang::ParentMap &PM,
                                      const clang::Stmt *S);

StmtPosition statementPosition(const clang::ParentMap &PM,
                               const clang::Stmt *S);

/// Whether evaluating S may run probes of its own function: it branches (&&,
/// ||, ?:) or holds statements (a GNU statement expression). Calls do not
/// count: the callee's probes use the callee's register.
bool mayRunProbes(const clang::Stmt *S);

/// In C, where a statement inserted before a declaration that opens a block
/// would be a new -Wdeclaration-after-statement (or C90) warning: when S is a
/// declaration with only declarations before it in its compound statement,
/// the last declaration of that run (code after it runs exactly when code
/// before S would have, as long as no initializer of the run branches or
/// ends the function), or null when some initializer does. nullopt when S
/// does not open a block that way.
std::optional<const clang::Stmt *>
lastLeadingDeclaration(const clang::ParentMap &PM, const clang::Stmt *S);

/// Whether the statement after S (S and the labels it carries) is a case or
/// default label.
bool isFollowedByCaseLabel(const clang::ParentMap &PM, const clang::Stmt *S);

/// Whether S lies in the part of a loop statement that runs on every
/// iteration (condition, increment, range-for loop variable), so that "before
/// the loop" is not "before this code".
bool isInLoopIterationPart(const clang::ParentMap &PM, const clang::Stmt *S,
                           const clang::Stmt *Loop);

/// Whether Inner is Outer or one of its descendants (by the parent map).
bool isWithin(const clang::ParentMap &PM, const clang::Stmt *Inner,
              const clang::Stmt *Outer);

} // namespace p3

#endif
