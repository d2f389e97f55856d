//===- Site.h - Places in a source file where probes can go --------------===//
//
// The frontend (Clang) describes each function as a lowered CFG plus, per
// block, the sites where code runs exactly once each time control passes
// through the block (or takes one of its branches). Everything after that -
// which edge gets which site, the probes of each copy, the text - is
// Clang-free and works on byte offsets into the original file.
//
// Inserted text never contains a newline, so line numbers are preserved.
//
//===----------------------------------------------------------------------===//

#ifndef P3_INSTRUMENT_SITE_H
#define P3_INSTRUMENT_SITE_H

#include "Graph/CFG.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace p3 {

enum class SiteKind : uint8_t {
  /// "A; " inserted just before the statement [Begin, End): runs each time
  /// control reaches the statement from the code before it (or a label it
  /// carries, when the statement is a label's sub-statement).
  BeforeStatement,
  /// " A;" inserted just after the statement [Begin, End) (End is past its
  /// ';' or '}'): runs each time the statement completes and falls through.
  AfterStatement,
  /// The branch condition [Begin, End) becomes P3_IF(cond, T, F): T runs when
  /// it is true, F when false. The condition is evaluated once, as before.
  Condition,
  /// The expression [Begin, End) becomes P3_SEQ(A, expr): A runs just before
  /// the expression is evaluated; its value and category are unchanged.
  Expression,
  /// The value [Begin, End) of a return statement becomes the GNU statement
  /// expression ({ T p3_ret = (value); A; p3_ret; }): A runs after the value
  /// is computed, just before returning it. Used when computing the value
  /// branches (a ?: or && inside a macro). T is ValueType; C, or C++ with a
  /// scalar non-reference type, where the copy cannot be observed.
  ReturnValue,
};

struct Site {
  SiteKind Kind = SiteKind::BeforeStatement;
  unsigned Begin = 0; ///< Byte offset in the file.
  unsigned End = 0;   ///< Byte offset in the file, past the last character.
  /// Statement sites whose statement is the sub-statement of an if, loop or
  /// label: inserting there needs braces around [Begin, End).
  bool NeedsBraces = false;
  /// Condition and expression sites whose text has a top-level comma (a
  /// comma operator or template arguments) get an extra pair of parentheses
  /// so that the macro sees one argument.
  bool NeedsParens = false;
  /// BeforeStatement sites whose statement is a case or default label: the
  /// inserted code falls through into it and says so (P3_FALLTHROUGH).
  bool BeforeCaseLabel = false;
  /// AfterStatement sites whose statement is followed by a case or default
  /// label: a fall-through from it is reported (gcc's -Wimplicit-fallthrough)
  /// at the last statement before the label, which the inserted code becomes.
  /// Written "(void)P3_ADD(1);", the report stays at the user's line rather
  /// than inside the macro's definition.
  bool BeforeCaseLabelAfter = false;
  /// Whether every other probe of the same full expression is sequenced
  /// before or after this site's code. False inside an operand that C leaves
  /// unsequenced against a sibling ("(a ? 1 : 2) | (b ? 4 : 8)", function
  /// arguments): additions still commute there, but a count or reset must not
  /// go there. Statement sites are always sequenced.
  bool Sequenced = true;
  /// Like Sequenced, against every call of the full expression as well: the
  /// compiler cannot move a call of a sibling operand across this site's code
  /// (OSP's register mode hands its counter over around calls by block).
  bool SequencedWithCalls = true;
  /// Expression sites whose expression is a whole statement of a compound
  /// statement ("f(x);"): the actions go in front of it as statements
  /// ("P3_CUT(1); f(x);"), the same moment as P3_SEQ's. A copy then still
  /// compiles where the call is a macro that expands to nothing under flags
  /// the rewrite did not see (sqlite3's test programs build sqlite3.c with
  /// SQLITE_THREADSAFE=0, where sqlite3_mutex_enter(X) is empty).
  bool WholeStatement = false;
  /// Source line, for diagnostics and the manifest.
  unsigned Line = 0;
  /// An Expression site made only for a call where a path may be cut short:
  /// it never takes anything but P3_CUT, which leaves the register alone.
  bool CutOnly = false;
  /// ReturnValue sites: the declaration of the temporary, "int p3_ret" (or
  /// "void" for a function returning void).
  std::string ValueType;
  /// Expression sites made for a call's own text in C (findCutCalls), for
  /// counting a path cut there eagerly and undoing the count when the call
  /// returns (p3_runtime.h, P3_CUT_COUNT): "void", or the declaration of a
  /// temporary holding its value, "int p3_v"; empty when the value cannot be
  /// held in one (C++, a type with no name), "!" when calls of different
  /// types share the text.
  std::string CallValue;
  /// WholeStatement sites of such calls: the offset just past the ';' that
  /// ends the statement, where the undo goes; 0 when there is none.
  unsigned StatementEnd = 0;
};

constexpr unsigned NoSite = ~0u;

/// What the frontend knows about one lowered CFG block.
struct BlockSites {
  /// Sites that run exactly once per pass through the block, in execution
  /// order. For a block that ends the function (return, noreturn call,
  /// throw), only sites before the exiting statement are listed.
  std::vector<unsigned> OncePerPass;
  /// Two-way blocks whose tested condition can be wrapped: the Condition site,
  /// and for each successor index whether it is the true outcome.
  unsigned Branch = NoSite;
  std::vector<bool> OutcomeIsTrue;
  /// The block ends in a call to a noreturn function (exit, abort, ...) or a
  /// throw: control never continues past it.
  bool EndsInNoReturn = false;
  /// The block ends in a computed goto (`goto *p`), which ends its path like
  /// a noreturn call (EndsInNoReturn is set too) but goes on to a label.
  bool EndsInComputedGoto = false;
  /// The block ends in a return whose path is counted before its value is
  /// computed (a C++ class type), and computing the value calls something:
  /// a path cut short in such a call has been counted already.
  bool CallsAfterCount = false;
  /// Catch handler: the site at the start of its body, where a path begins.
  unsigned HandlerStart = NoSite;
  /// Per successor (or empty): a site that runs exactly when that edge is
  /// taken, such as the end of a braced statement (or a macro expanding to
  /// one) that the edge is the only normal way out of.
  std::vector<unsigned> EdgeSites;
};

/// Code after a statement whose normal ways out are several edges into one
/// block (a macro "if (c) f()" at the end of a loop body): it runs exactly
/// when one of them is taken. The anchoring inserts a block there, with the
/// site as its code, when some of the edges have no place of their own.
struct JoinSite {
  std::vector<CFGEdge> Edges;
  unsigned Site = NoSite;
  unsigned Line = 0;

  friend bool operator==(const JoinSite &A, const JoinSite &B) {
    return A.Edges == B.Edges && A.Site == B.Site;
  }
};

/// A source line whose code runs when a CFG edge is taken (gcc's jumps that
/// clang's CFG has as edges; Frontend/CodeLines.h).
struct EdgeLine {
  unsigned Block = 0; ///< Source block.
  unsigned Index = 0; ///< Successor index.
  unsigned Line = 0;
};

/// A loop statement, for counting its back edges into locals
/// (Frontend/LoopFacts.h, Instrument/LoopCounters.h).
struct LoopScope {
  /// The loop statement's text (with a do-while's ';'): a block with the
  /// locals can enclose it.
  unsigned Begin = 0, End = 0;
  /// Where the text that runs on every iteration starts: sites between Begin
  /// and this run once, before the first iteration (a for loop's init).
  unsigned HeadBegin = 0;
  unsigned Line = 0;
  /// Lowered CFG blocks with code of the loop (sorted).
  std::vector<unsigned> Blocks;
  /// Why its counts cannot be held in locals (something in it may leave the
  /// frame without running the block's cleanup); empty when they can.
  std::string Refused;
};

/// A call that may not return normally (exit, longjmp, a callee that may):
/// the path in progress is cut short in its block if it does not return
/// (docs/rewriter.md, "Paths cut short").
struct CutCall {
  unsigned Block = 0;
  /// The Expression site around the call, where the id of the path cut there
  /// is noted before the call (P3_CUT); NoSite when it has no place (inside
  /// a macro's body, or an operand C leaves unsequenced).
  unsigned Site = NoSite;
  /// When Site is in front of the call's statement (the call is in a macro's
  /// body): the blocks of that statement, which must all be one vertex of
  /// the contracted CFG for the note there to hold the call's block's id.
  std::vector<unsigned> StatementBlocks;
  /// Another place for a call in a macro's body, taken when the statement's
  /// fails: the innermost expression around the call with a site (a macro's
  /// whole expansion used as an operand), and its blocks up to the call,
  /// under the same condition as StatementBlocks.
  unsigned ExpressionSite = NoSite;
  std::vector<unsigned> ExpressionBlocks;
  unsigned Line = 0;
  /// Whether the call may not return normally; false for calls that always
  /// do in this translation unit (another lowering of the same function,
  /// where the callee's body is not visible, may find otherwise).
  bool MayNotReturn = false;
  /// The noreturn call that ends its block (exit, longjmp, a function that
  /// never returns). Its path is counted before it, and the count notes that
  /// no path is cut (P3_CUT_NONE), so it needs no note of its own, except
  /// where control reaches it by a way the path counter cannot follow
  /// (AnchorPlanner::addCutEdges).
  bool EndsBlock = false;
  /// Whether the statement of Site (StatementBlocks) holds another call that
  /// may not return: its note may run after the statement's start.
  bool StatementHasOtherCuts = false;

  friend bool operator==(const CutCall &A, const CutCall &B) {
    return A.Block == B.Block && A.Site == B.Site;
  }
};

/// Why a function is not instrumented, as shown to users.
struct SkipReason {
  std::string Message;
};

/// One function as the frontend hands it over.
struct LoweredFunction {
  std::string Id;   ///< Stable identity: "<file>:<mangled name>".
  std::string Name; ///< Human-readable.
  /// For a function that is not a member: its name as spelled in the text
  /// ("NAME", "NAME(fast)", or the identifier itself) and the identifier it
  /// is. A text included several times with its name defined differently by
  /// a macro (an interpreter loop instantiated twice) is one function per
  /// identifier; each instance's probes are picked by the identifier the
  /// spelled name expands to (FileRewriter.h, SharedText).
  std::string NameText, Identifier;
  std::string File; ///< Relative to the root.
  unsigned Line = 0, EndLine = 0;
  unsigned CallSites = 0;

  /// Set when the function cannot be instrumented; the rest is then unused.
  std::optional<SkipReason> Skip;
  /// Returns that have no place for the path counter (inside a macro
  /// expansion) may be counted when the frame is left: by a cleanup in C
  /// (nothing but a return runs it), by a destructor that ignores unwinding
  /// in C++ (P3_ENTER_GUARDED).
  bool AllowExitGuard = false;
  /// The file ranges of the returns' values (a macro's invocation for one
  /// inside a macro): where a guard that counts before the value is computed
  /// (tcc's) would miss probes placed there.
  std::vector<std::pair<unsigned, unsigned>> ReturnValues;
  /// A C function whose body calls no function (GCC builtins aside) and
  /// declares no variable with a cleanup: nothing it runs can run another
  /// instrumented block (OSP keeps its skip counter in a register).
  bool CallsNothing = false;
  /// A C function without variables with a cleanup function, setjmp or
  /// labels of goto *: the calls it makes are the calls of its blocks
  /// (CallingBlocks), so OSP may keep its skip counter in a local across
  /// the blocks between calls.
  bool CallsOnlyInBlocks = false;
  /// Per block of Graph: its code calls a function (GCC builtins aside).
  std::vector<bool> CallingBlocks;
  /// Direct calls: the CFG block and the callee's call key
  /// (ProgramCollector), one per call, in block order.
  std::vector<std::pair<unsigned, std::string>> CallKeys;
  /// The calls of CallKeys whose callee is a function of the program: the
  /// block and the callee's position in the program's function list
  /// (ProgramModel::resolveCalls).
  std::vector<std::pair<unsigned, unsigned>> Calls;

  CFG Graph;
  std::vector<BlockSites> Blocks;
  std::vector<std::pair<unsigned, unsigned>> BlockLines; ///< [line, end]
  /// Per block, the lines its code runs on as gcc attributes that code (for
  /// line counts comparable with gcov's; Frontend/CodeLines.h), in execution
  /// order, the line of its branch last; 0 separates the parts gcc makes
  /// separate blocks (after a call).
  std::vector<std::vector<unsigned>> BlockCodeLines;
  /// Per block: it tests a condition, successor 0 when true, 1 when false.
  std::vector<bool> TestsCondition;
  /// Lines of code that runs on edges (for line counts, like BlockCodeLines).
  std::vector<EdgeLine> EdgeCodeLines;
  std::vector<Site> Sites;
  /// Innermost statements first.
  std::vector<JoinSite> Joins;
  /// Offset just after the body's '{' (P3_ENTER goes there) and of the
  /// body's closing '}'.
  unsigned BodyBegin = 0, BodyEnd = 0;
  /// The loop statements of the body, outermost first.
  std::vector<LoopScope> Loops;
  /// Calls to functions other than compiler builtins, in block order: those
  /// that may not return normally are where a path may be cut short.
  std::vector<CutCall> CutCalls;
  /// Blocks where paths start again after setjmp returns.
  std::vector<unsigned> SetjmpRestarts;
};

/// Whether two lowerings of one text have the same CFG and sites (the same
/// probes fit both).
bool sameLowering(const LoweredFunction &A, const LoweredFunction &B);

} // namespace p3

#endif
