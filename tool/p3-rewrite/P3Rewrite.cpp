//===- P3Rewrite.cpp - Emit K instrumented copies of a source tree -------===//
//
//   p3-rewrite -k 4 src/*.c -- -Iinclude
//   p3-rewrite -k 8 --strategy=pbl -p build/ src/*.c
//
// Parses every source with Clang, lowers every function to a path DAG with
// probe sites, plans the copies (SBL, PBL or P3) and writes DIR/copy-0 ...
// DIR/copy-<K-1>, their diffs, and DIR/manifest.json.
//
//===----------------------------------------------------------------------===//

#include "Frontend/ProgramCollector.h"
#include "Instrument/Dump.h"
#include "Instrument/OspRewrite.h"
#include "Instrument/OutputTree.h"
#include "Instrument/ProgramRewrite.h"

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include "RuntimeHeader.inc"

using namespace llvm;
using namespace p3;
namespace fs = llvm::sys::fs;

static cl::OptionCategory Category("p3-rewrite options");

static cl::opt<std::string>
    Mode("mode",
         cl::desc("paths (default): K copies that count Ball-Larus paths; "
                  "osp: one copy that samples hot subpaths across loop "
                  "iterations and calls (online subpath profiling, "
                  "docs/osp.md)"),
         cl::init("paths"), cl::value_desc("paths|osp"), cl::cat(Category));
static cl::opt<unsigned> K("k", cl::desc("Number of copies (default 4)"),
                           cl::init(4), cl::value_desc("N"), cl::cat(Category));
static cl::opt<std::string>
    StrategyName("strategy",
                 cl::desc("How paths are shared among the copies: sbl, pbl, "
                          "p3 (default; the paper's partition) or p3-ends (P3 "
                          "with a loop-aware partition). With -k 1 every "
                          "strategy is SBL"),
                 cl::init("p3"), cl::cat(Category));
static cl::opt<std::string> OutputDir("o",
                                      cl::desc("Output directory (default p3-out)"),
                                      cl::init("p3-out"), cl::value_desc("DIR"),
                                      cl::cat(Category));
static cl::opt<std::string>
    RootDir("root",
            cl::desc("The tree mirrored into every copy (default: the current "
                     "directory); every source must be inside it"),
            cl::value_desc("DIR"), cl::cat(Category));
static cl::opt<std::string> HeaderFilter(
    "header-filter",
    cl::desc("Also instrument functions defined in headers whose path (relative "
             "to the root) matches REGEX"),
    cl::value_desc("REGEX"), cl::cat(Category));
static cl::opt<bool> Force("force",
                           cl::desc("Replace an existing output directory"),
                           cl::cat(Category));
static cl::opt<unsigned> MaxCallSites(
    "max-call-sites",
    cl::desc("P3 splits only functions with at most N static call sites "
             "(default 1, as in the paper)"),
    cl::init(1), cl::value_desc("N"), cl::cat(Category));
static cl::opt<unsigned>
    Delta("delta",
          cl::desc("Maximum number of tasks per split function (default 0: "
                   "max(out-degree of ENTRY, K), as in the paper)"),
          cl::init(0), cl::value_desc("N"), cl::cat(Category));
static cl::opt<uint64_t> ArrayLimit(
    "array-limit",
    cl::desc("Functions with more path ids than this count in a hash table "
             "instead of an array (default 4096)"),
    cl::init(4096), cl::value_desc("N"), cl::cat(Category));
static cl::opt<bool>
    ThreadSafe("thread-safe",
               cl::desc("Atomic counter updates, for multi-threaded programs "
                        "(the copies then need gcc or clang)"),
               cl::cat(Category));

static cl::opt<std::string>
    DumpFunction("dump-function",
                 cl::desc("Print the lowered CFG, probe sites and anchors of "
                          "the functions with this name (for debugging)"),
                 cl::value_desc("NAME"), cl::Hidden, cl::cat(Category));

static cl::opt<bool> NoExitGuards(
    "no-exit-guards",
    cl::desc("Skip C functions with a return inside a macro instead of "
             "counting their returns with a cleanup (needed for tcc)"),
    cl::cat(Category));

static cl::extrahelp CommonHelp(clang::tooling::CommonOptionsParser::HelpMessage);
static cl::extrahelp Examples(R"(
Examples:
  p3-rewrite -k 4 src/*.c -- -Iinclude
      4 copies of the current directory in p3-out/, P3 strategy.
  p3-rewrite -k 8 --strategy=pbl -p build/ src/a.c src/b.c -o /tmp/out --force
      Flags from build/compile_commands.json; whole functions distributed.
  p3-rewrite -k 1 --stats main.c --
      One copy profiling every path (SBL), with per-function statistics.
  p3-rewrite --mode=osp src/*.c -- -Iinclude
      One copy that samples hot subpaths (docs/osp.md).
Then build each copy (cd p3-out/copy-0 && make), run them all with
  p3-run p3-out -- ./prog ARGS < input
and read the merged profile with
  p3-report p3-out
)");

static void error(const Twine &Msg) {
  WithColor::error(errs(), "p3-rewrite") << Msg << "\n";
}

static std::optional<std::string> realPath(StringRef Path) {
  SmallString<256> Real;
  if (fs::real_path(Path, Real, /*expand_tilde=*/true))
    return std::nullopt;
  return std::string(Real);
}

static void printStats(const RewritePlan &Plan) {
  const Manifest &M = Plan.M;
  unsigned K = M.Strategy.K;
  outs() << formatv("{0,-40} {1,6} {2,6} {3,20} {4,6} {5,10}  {6}\n",
                    "function", "blocks", "edges", "paths", "tasks",
                    "profitable", "probes per copy / skip reason");
  auto Summary = Plan.Summaries.begin();
  unsigned Profitable = 0, Skipped = 0;
  for (const ManifestFunction &F : M.Functions) {
    std::string Where = formatv("{0}:{1} {2}", F.File, F.Line, F.Name);
    if (!F.Instrumented) {
      ++Skipped;
      outs() << formatv("{0,-40} {1,6} {2,6} {3,20} {4,6} {5,10}  skipped: {6}\n",
                        Where, "-", "-", "-", "-", "-", F.SkipReason);
      continue;
    }
    const FunctionSummary &S = *Summary++;
    bool IsProfitable = S.Tasks > 1;
    Profitable += IsProfitable;
    std::string Probes;
    for (unsigned P : S.ProbesPerCopy)
      Probes += (Probes.empty() ? "" : " ") + std::to_string(P);
    outs() << formatv("{0,-40} {1,6} {2,6} {3,20} {4,6} {5,10}  {6}\n", Where,
                      S.Vertices, S.Edges, S.Paths, S.Tasks,
                      IsProfitable ? "yes" : "no", Probes);
    for (const std::string &Note : F.Notes)
      outs() << "    note: " << Note << "\n";
  }
  std::vector<uint64_t> Load(K, 0);
  for (const FunctionSummary &S : Plan.Summaries)
    for (unsigned C = 0; C < K; ++C)
      Load[C] += S.ProbesPerCopy[C];
  std::string Loads;
  for (uint64_t L : Load)
    Loads += (Loads.empty() ? "" : " ") + std::to_string(L);
  outs() << formatv("summary: {0} functions, {1} instrumented, {2} skipped, "
                    "{3} profitable; strategy {4}, k={5}; static probes per "
                    "copy: {6}\n",
                    M.Functions.size(), M.Functions.size() - Skipped, Skipped,
                    Profitable, strategyName(M.Strategy.Kind), K, Loads);
}

static void printOspStats(const OspRewritePlan &Plan) {
  const OspManifest &M = Plan.M;
  outs() << formatv("{0,-40} {1,6} {2,8}  {3}\n", "function", "blocks",
                    "observed", "skip reason / notes");
  auto Summary = Plan.Summaries.begin();
  unsigned Skipped = 0, Blocks = 0;
  for (const OspFunction &F : M.Functions) {
    std::string Where = formatv("{0}:{1} {2}", F.File, F.Line, F.Name);
    if (!F.Instrumented) {
      ++Skipped;
      outs() << formatv("{0,-40} {1,6} {2,8}  skipped: {3}\n", Where, "-", "-",
                        F.SkipReason);
      continue;
    }
    const OspFunctionSummary &S = *Summary++;
    Blocks += S.Blocks;
    outs() << formatv("{0,-40} {1,6} {2,8}\n", Where, S.Blocks, S.Observed);
    for (const std::string &Note : F.Notes)
      outs() << "    note: " << Note << "\n";
  }
  outs() << formatv("summary: {0} functions, {1} instrumented, {2} skipped; "
                    "{3} of {4} blocks with code have an action (mode osp)\n",
                    M.Functions.size(), M.Functions.size() - Skipped, Skipped,
                    M.Blocks.size(), Blocks);
}

/// Options of the path mode that mean nothing to --mode=osp.
static bool checkOspOptions() {
  std::vector<std::string> Bad;
  if (K.getNumOccurrences() && K != 1)
    Bad.push_back("-k (OSP writes one copy)");
  for (cl::Option *O : std::initializer_list<cl::Option *>{
           &StrategyName, &MaxCallSites, &Delta, &ArrayLimit, &ThreadSafe,
           &NoExitGuards})
    if (O->getNumOccurrences())
      Bad.push_back("--" + O->ArgStr.str());
  for (const std::string &B : Bad)
    error("--mode=osp does not use " + B);
  return Bad.empty();
}

/// libLLVM already registers -stats (its statistics); p3-rewrite reuses the
/// option for its own per-function statistics and keeps LLVM's quiet.
static void adoptStatsOption() {
  StringMap<cl::Option *> &Registered = cl::getRegisteredOptions();
  auto It = Registered.find("stats");
  if (It == Registered.end())
    return;
  It->second->setDescription("Print one line per function and a summary");
  It->second->addCategory(Category);
}

int main(int argc, const char **argv) {
  adoptStatsOption();
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "p3-rewrite " P3_VERSION " (partitioned path profiling; LLVM "
       << LLVM_VERSION_STRING << ")\n";
  });
  auto Parser = clang::tooling::CommonOptionsParser::create(
      argc, argv, Category, cl::OneOrMore,
      "p3-rewrite: write K instrumented copies of a C/C++ source tree, each "
      "profiling a share of the Ball-Larus paths");
  if (!Parser) {
    error(toString(Parser.takeError()));
    return 1;
  }

  bool Stats = AreStatisticsEnabled();
  EnableStatistics(false);

  bool Osp = Mode == "osp";
  if (!Osp && Mode != "paths") {
    error("unknown mode '" + Mode + "' (use paths or osp)");
    return 1;
  }
  if (Osp && !checkOspOptions())
    return 1;
  std::optional<StrategyKind> Strategy = parseStrategy(StrategyName);
  if (!Strategy) {
    error("unknown strategy '" + StrategyName +
          "' (use sbl, pbl, p3 or p3-ends)");
    return 1;
  }
  if (K < 1) {
    error("-k must be at least 1");
    return 1;
  }
  SmallString<256> Cwd;
  fs::current_path(Cwd);
  std::optional<std::string> Root = realPath(RootDir.empty() ? Cwd.str() : RootDir);
  if (!Root || !fs::is_directory(*Root)) {
    error("root directory " + RootDir + " does not exist");
    return 1;
  }
  std::optional<Regex> Filter;
  if (!HeaderFilter.empty()) {
    Filter.emplace(HeaderFilter);
    std::string Why;
    if (!Filter->isValid(Why)) {
      error("bad --header-filter: " + Why);
      return 1;
    }
  }

  CollectorOptions Opts;
  Opts.Root = *Root;
  if (!HeaderFilter.empty())
    Opts.HeaderFilter = HeaderFilter;
  for (const std::string &Source : Parser->getSourcePathList()) {
    std::optional<std::string> Real = realPath(Source);
    if (!Real || !fs::is_regular_file(*Real)) {
      error("no such file: " + Source);
      return 1;
    }
    if (!StringRef(*Real).starts_with(*Root + "/")) {
      error(formatv("{0} is outside the root {1} (use --root)", Source, *Root));
      return 1;
    }
    Opts.Sources.insert(*Real);
  }

  SmallString<256> Out(OutputDir);
  fs::make_absolute(Out);
  if (Error E = checkOutputDirectory(Out, Force)) {
    error(toString(std::move(E)));
    return 1;
  }

  // One file at a time: ClangTool would print a progress line per file.
  ProgramModel Model;
  std::unique_ptr<clang::tooling::FrontendActionFactory> Factory =
      newCollectorActionFactory(Model, Opts);
  unsigned Failed = 0;
  for (const std::string &Source : Parser->getSourcePathList()) {
    clang::tooling::ClangTool Tool(Parser->getCompilations(), {Source});
    Tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
        {"-resource-dir=" P3_CLANG_RESOURCE_DIR, "-w"},
        clang::tooling::ArgumentInsertPosition::END));
    if (Tool.run(Factory.get()) != 0) {
      error(Source + " did not compile");
      ++Failed;
    }
  }
  if (Failed) {
    error(formatv("{0} of {1} files did not compile; nothing written", Failed,
                  Parser->getSourcePathList().size()));
    return 1;
  }
  Model.assignCallSites();

  std::vector<LoweredFunction> Functions;
  for (auto &[Key, F] : Model.Functions)
    Functions.push_back(std::move(F));
  if (!DumpFunction.empty())
    for (const LoweredFunction &F : Functions)
      if (F.Name == DumpFunction)
        dumpFunction(F, outs());
  if (Osp) {
    OspRewriteOptions O;
    O.Root = *Root;
    O.Tool = "p3-rewrite " P3_VERSION;
    Expected<OspRewritePlan> P = planOspRewrite(Functions, Model.FileText, O);
    if (!P) {
      error(toString(P.takeError()));
      return 1;
    }
    RewritePlan Tree;
    Tree.Files.push_back(P->Files);
    Tree.ManifestText = P->M.toJSON();
    if (Error E = writeOutputTree(*Root, Out, Force, Tree, RuntimeHeaderText)) {
      error(toString(std::move(E)));
      return 1;
    }
    if (Stats)
      printOspStats(*P);
    return 0;
  }
  RewriteOptions Rewrite;
  Rewrite.Strategy.Kind = *Strategy;
  Rewrite.Strategy.K = K;
  Rewrite.Strategy.MaxCallSitesToSplit = MaxCallSites;
  Rewrite.Strategy.Delta = Delta;
  Rewrite.ArrayLimit = ArrayLimit;
  Rewrite.ThreadSafe = ThreadSafe;
  Rewrite.ExitGuards = !NoExitGuards;
  Rewrite.Root = *Root;
  Rewrite.Tool = "p3-rewrite " P3_VERSION;
  Expected<RewritePlan> Plan = planRewrite(Functions, Model.FileText, Rewrite);
  if (!Plan) {
    error(toString(Plan.takeError()));
    return 1;
  }
  if (Error E = writeOutputTree(*Root, Out, Force, *Plan, RuntimeHeaderText)) {
    error(toString(std::move(E)));
    return 1;
  }
  if (Stats)
    printStats(*Plan);
  return 0;
}
