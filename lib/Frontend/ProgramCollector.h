//===- ProgramCollector.h - What p3-rewrite learns from the sources ------===//
//
// Runs over every translation unit and collects, for each function defined in
// a file being rewritten (the named sources, plus headers matching the header
// filter), its lowered CFG and probe sites; and, over the whole program, the
// static call sites of every function (the P3 profitability criterion).
//
// Templates are instrumented through their pattern, which is the text shared
// by all instantiations: only when every instantiation seen lowers to the same
// CFG and sites. A function seen in several translation units (a header) is
// kept once, and must lower identically everywhere.
//
//===----------------------------------------------------------------------===//

#ifndef P3_FRONTEND_PROGRAMCOLLECTOR_H
#define P3_FRONTEND_PROGRAMCOLLECTOR_H

#include "Frontend/BuildCompiler.h"
#include "Instrument/Site.h"

#include "clang/Tooling/Tooling.h"
#include "llvm/Support/Regex.h"

#include <map>
#include <memory>
#include <set>
#include <tuple>

namespace p3 {

struct CollectorOptions {
  std::string Root;                      ///< Absolute, real path.
  std::set<std::string> Sources;         ///< Absolute real paths.
  std::optional<std::string> HeaderFilter; ///< Regex on root-relative paths.
  /// --compiler: the compiler that builds the copies, overriding the compile
  /// command's and CC/CXX (BuildCompiler.h).
  std::string Compiler;
  /// --portable: copies any compiler may build, so every #if that tests the
  /// compiler is unknown, as if no compiler were named.
  bool Portable = false;
  /// --closed-world: calls through pointers reach only functions whose
  /// address the unit takes (assumeClosedWorld, LoopFacts.h).
  bool ClosedWorld = false;
};

/// How one translation unit is parsed with respect to the compiler that
/// builds it: as that compiler (ParseAsCompiler.h), or as clang.
struct UnitCompiler {
  std::vector<std::string> CommandLine; ///< The unit's compile command.
  std::string Directory;                ///< Its working directory.
  /// Set when the parse as the build compiler failed: parse as clang, and
  /// say why in the skip reasons.
  std::optional<std::string> AsClangBecause;
  /// Out: the compiler whose identity the parse saw; null when it saw
  /// clang's own.
  std::shared_ptr<const BuildCompiler> ParsedAs;
};

/// (file, body offset, identity): one text may be several functions, when a
/// file included several times renames it by a macro.
using FunctionKey = std::tuple<std::string, unsigned, std::string>;

class ProgramModel {
public:
  /// Functions by key, in that order.
  std::map<FunctionKey, LoweredFunction> Functions;
  /// Original text of every file with a collected function, by relative path.
  std::map<std::string, std::string> FileText;
  /// Static call sites by call key; UnknownCallSites when the address is taken.
  std::map<std::string, unsigned> CallSites;
  /// Call keys of each collected function (a template: one per
  /// instantiation, whose call sites add up).
  std::map<FunctionKey, std::set<std::string>> CallKeys;
  /// Where the program names a function that forks a child which goes on
  /// running the program's code (fork, _Fork, daemon, forkpty): "file:line
  /// name". A count of a path cut short made before the fork cannot be
  /// completed in such a child without a frame (RewriteOptions::EagerCuts).
  std::set<std::string> ForkRefs;

  /// Records \p F, lowered from one translation unit, under \p Key: the
  /// first lowering seen is kept; a different one makes it skipped.
  void addFunction(const FunctionKey &Key,
                   LoweredFunction F);

  /// Adds what another translation unit's model holds, as if that unit had
  /// been collected into this model after the units already in it. Merging
  /// per-unit models in the units' order gives the model a sequential run
  /// collects, so that parsing units in parallel changes nothing.
  void merge(ProgramModel &&Unit);

  /// Fills LoweredFunction::CallSites from CallSites; call once at the end.
  void assignCallSites();
  /// Fills LoweredFunction::Calls from CallKeys (positions in Functions'
  /// order); call once at the end.
  void resolveCalls();
};

/// \p Unit, when given, says how the unit is parsed (and learns it).
std::unique_ptr<clang::tooling::FrontendActionFactory>
newCollectorActionFactory(ProgramModel &Model, const CollectorOptions &Opts,
                          UnitCompiler *Unit = nullptr);

} // namespace p3

#endif
