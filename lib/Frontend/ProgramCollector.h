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
};

std::unique_ptr<clang::tooling::FrontendActionFactory>
newCollectorActionFactory(ProgramModel &Model, const CollectorOptions &Opts);

} // namespace p3

#endif
