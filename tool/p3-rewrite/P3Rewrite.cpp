//===- P3Rewrite.cpp - Emit K instrumented copies of a source tree -------===//
//
//   p3-rewrite -k 4 src/*.c -- -Iinclude
//   p3-rewrite -k 8 --strategy=pbl -p build/ src/*.c
//
// Parses every source with Clang, lowers every function to a path DAG with
// probe sites, plans the copies (SBL, PBL or P3) and writes DIR/copy-0 ...
// DIR/copy-<K-1>, their diffs, and DIR/manifest.json.
//
// Past the usual size for its options: each carries its help text
// here, where `p3-rewrite --help` and the README's option table start. The
// work is in the libraries; main only orders the steps and reports.
//
//===----------------------------------------------------------------------===//

#include "Frontend/EmittedSyntax.h"
#include "ParseProgress.h"

#include "Frontend/ProgramCollector.h"
#include "Frontend/ProgramParse.h"
#include "Instrument/Dump.h"
#include "Instrument/MirrorExclusions.h"
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
#include "llvm/Support/Process.h"
#include "llvm/Support/Threading.h"
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
                          "p3 (the paper's partition), p3-ends (P3 with a "
                          "loop-aware partition) or auto (default: "
                          "cost-aware planning with --train, pbl's plan "
                          "without). With -k 1 every strategy is SBL"),
                 cl::init("auto"), cl::cat(Category));
static cl::opt<std::string> TrainFile(
    "train",
    cl::desc("With --strategy=auto: plan with the merged profile of an "
             "earlier run (its profile.json, any strategy) instead of static "
             "estimates; functions changed since, or not in it, are "
             "estimated statically (--stats says which)"),
    cl::value_desc("PROFILE.json"), cl::cat(Category));
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
             "instead of an array (default 65536)"),
    cl::init(65536), cl::value_desc("N"), cl::cat(Category));
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
    cl::desc("Skip functions with a return inside a macro instead of "
             "counting their returns when the frame is left"),
    cl::cat(Category));

static cl::opt<bool> NoCutPaths(
    "no-cut-paths",
    cl::desc("Do not count the paths cut short by exit() or longjmp in a "
             "callee (no cut edges, no frames on the runtime's cut stack)"),
    cl::cat(Category));

static cl::opt<bool> EagerCuts(
    "eager-cuts",
    cl::desc("Count paths cut short eagerly (a count before the call, undone "
             "when it returns) even in a program that calls fork(), where "
             "the default keeps frames: a forked child that exits inside a "
             "call counted before the fork then loses that count "
             "(docs/rewriter.md)"),
    cl::cat(Category));
static cl::opt<bool> NoEagerCuts(
    "no-eager-cuts",
    cl::desc("Count every path cut short by a frame on the runtime's cut "
             "stack, never eagerly (overrides --eager-cuts)"),
    cl::cat(Category));

static cl::opt<bool> ClosedWorld(
    "closed-world",
    cl::desc("C: assume that a call through a pointer reaches only functions "
             "of a compatible type whose address its own file takes (true of "
             "a program in one file, such as sqlite3.c): such a call returns "
             "normally if all of them do, so it needs no frame on the cut "
             "stack. A path cut short by exit() or longjmp in a function "
             "reached otherwise is not counted"),
    cl::cat(Category));

static cl::list<std::string> SkipFunctions(
    "skip-function",
    cl::desc("Leave the functions with this name alone (repeatable)"),
    cl::value_desc("NAME"), cl::cat(Category));

static cl::opt<std::string> InjectErrorIn(
    "inject-error-in",
    cl::desc("Testing: break the emitted text of the functions with this name "
             "in every copy, to check that no broken copy is written"),
    cl::value_desc("NAME"), cl::Hidden, cl::cat(Category));
static cl::opt<unsigned> Jobs(
    "j",
    cl::desc("Parse N files at a time (default: one per core); the output "
             "does not depend on N"),
    cl::init(0), cl::value_desc("N"), cl::cat(Category));
static cl::opt<std::string> Progress(
    "progress",
    cl::desc("auto (default: a status line on a terminal, one line per file "
             "otherwise), terminal, lines or none"),
    cl::init("auto"), cl::value_desc("STYLE"), cl::cat(Category));
static cl::list<std::string> Exclude(
    "exclude",
    cl::desc("Do not mirror DIR into the copies (build directories are "
             "left out without asking; see --stats)"),
    cl::value_desc("DIR"), cl::cat(Category));
static cl::opt<bool> NoHashCache(
    "no-hash-cache",
    cl::desc("Count every path of a hashed function (above --array-limit) "
             "in its hash table, without the cache in front of it (to "
             "measure what the cache saves)"),
    cl::cat(Category));
static cl::opt<bool> NoLoopCounters(
    "no-loop-counters",
    cl::desc("Count every back edge in the counter array, never in locals "
             "around its loop (to measure what they save)"),
    cl::cat(Category));

static cl::opt<std::string> CompilerOpt(
    "compiler",
    cl::desc("The compiler that builds the copies (default: the compile "
             "command's, else CC or CXX). Where a #if tests the compiler "
             "(__GNUC__, __clang__...), the files are parsed as gcc or clang "
             "would see them, and the functions there instrumented"),
    cl::value_desc("PATH"), cl::cat(Category));
static cl::opt<bool> Portable(
    "portable",
    cl::desc("Copies that any compiler may build: leave alone every function "
             "that overlaps a #if testing the compiler, whichever compiler "
             "is named"),
    cl::cat(Category));

static cl::extrahelp CommonHelp(clang::tooling::CommonOptionsParser::HelpMessage);
static cl::extrahelp Examples(R"(
Examples:
  p3-rewrite -k 4 src/*.c -- -Iinclude
      4 copies of the current directory in p3-out/, auto strategy (without
      --train: whole functions distributed, as pbl).
  p3-rewrite -k 8 --strategy=pbl -p build/ src/a.c src/b.c -o /tmp/out --force
      Flags from build/compile_commands.json; whole functions distributed.
  p3-rewrite -k 1 --stats main.c --
      One copy profiling every path (SBL), with per-function statistics.
  p3-rewrite -k 8 --strategy=auto --train old/profile.json --stats src/*.c --
      Cost-aware plan from the profile of an earlier run (any strategy).
  cmake -B build -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
  p3-rewrite -k 4 -j 8 -p build src/*.c
      A CMake project: flags from build/, 8 files parsed at a time; build/
      is not mirrored into the copies (p3-build p3-out -- cmake -S {dir}
      -B {dir}/build configures each copy).
  p3-rewrite --mode=osp src/*.c -- -Iinclude
      One copy that samples hot subpaths (docs/osp.md).
  p3-rewrite -k 4 --compiler=gcc src/*.c -- -O2
      Copies built by gcc: a #if that tests __GNUC__ or __clang__ takes
      gcc's branch in the parse, and the functions there are instrumented
      (--portable leaves them alone instead).
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

/// The compiler flags p3-rewrite adds to every parse: Clang's own headers, and
/// no warnings (the compiler's business, not the rewriter's).
static std::vector<std::string> parseFlags() {
  return {"-resource-dir=" P3_CLANG_RESOURCE_DIR, "-w"};
}

/// --inject-error-in: an invalid token at the end of the first line of each
/// named function, in every copy (rewritten text keeps every line number).
static void injectErrors(RewritePlan &Plan, StringRef Name) {
  for (const ManifestFunction &F : Plan.M.Functions) {
    if (F.Name != Name || !F.Instrumented)
      continue;
    for (std::map<std::string, std::string> &Files : Plan.Files) {
      auto It = Files.find(F.File);
      if (It == Files.end())
        continue;
      std::string &Text = It->second;
      size_t Pos = Text.find("\n#line 1\n");
      Pos = Pos == std::string::npos ? 0 : Pos + 9;
      for (unsigned Line = 1; Line < F.Line && Pos != std::string::npos; ++Line)
        Pos = Text.find('\n', Pos) + 1;
      Pos = Text.find('\n', Pos);
      if (Pos != std::string::npos)
        Text.insert(Pos, " p3_injected_error(;");
    }
  }
}

/// Says which function each error is in (once for all the copies it is in);
/// the copies are not written.
static void reportEmittedErrors(const std::vector<EmittedError> &Errors,
                                const Manifest &M) {
  std::map<std::tuple<std::string, unsigned, std::string>, std::string> Copies;
  std::vector<const EmittedError *> Distinct;
  for (const EmittedError &E : Errors) {
    std::string &In = Copies[{E.File, E.Line, E.Message}];
    if (In.empty())
      Distinct.push_back(&E);
    In += (In.empty() ? "" : ", ") + std::to_string(E.Copy);
  }
  std::set<std::string> Culprits;
  for (const EmittedError *E : Distinct) {
    std::string Where;
    for (const ManifestFunction &F : M.Functions)
      if (F.File == E->File && F.Line <= E->Line && E->Line <= F.EndLine) {
        Where = formatv(" (in function {0}, {1}:{2})", F.Name, F.File, F.Line);
        Culprits.insert(F.Name);
      }
    const std::string &In = Copies[{E->File, E->Line, E->Message}];
    error(formatv("{0}:{1}: {2}{3}, in cop{4} {5}", E->File, E->Line,
                  E->Message, Where,
                  In.find(',') == std::string::npos ? "y" : "ies", In));
  }
  std::string Skips;
  for (const std::string &Name : Culprits)
    Skips += " --skip-function=" + Name;
  error("nothing was written: the text p3 inserted does not compile. This is "
        "a bug of p3; please report it with the function named above." +
        (Skips.empty() ? std::string()
                       : " To rewrite the rest, leave it alone:" + Skips));
}

/// What auto chose for a function: its frequencies when a training profile
/// did not give them, and the split and estimated cost when it is split.
static void printAutoChoice(const FunctionSummary &S, bool Trained) {
  if (!S.Choice)
    return;
  if (Trained && S.Frequency != FrequencySource::Trained)
    outs() << "    frequencies: " << frequencySourceText(S.Frequency)
           << (S.FrequencyDetail.empty() ? "" : " (" + S.FrequencyDetail + ")")
           << "\n";
  const PlanEstimate::Choice &C = *S.Choice;
  if (C.Groups > 1)
    outs() << formatv("    plan: split ({0}, delta {1}: {2} shares in {3} "
                      "copies), estimated {4:e2} probe runs (whole: {5:e2})\n",
                      splitKindName(C.Kind), C.Delta, C.Shares, C.Groups,
                      C.Cost, C.WholeCost);
}

/// The plan auto made: estimated probe runs per copy, the slowest against
/// the lower bound and against LPT of whole functions.
static void printAutoSummary(const RewritePlan &Plan) {
  if (!Plan.Estimate)
    return;
  const PlanEstimate &E = *Plan.Estimate;
  std::string Loads;
  for (double L : E.Load)
    Loads += formatv("{0}{1:e2}", Loads.empty() ? "" : " ", L).str();
  double Max = E.maxLoad();
  outs() << formatv("auto plan ({0}): estimated probe runs per copy: {1}; "
                    "slowest {2:e2}, lower bound {3:e2}",
                    Plan.TrainingSummary.empty()
                        ? std::string("static estimates")
                        : "training profile: " + Plan.TrainingSummary,
                    Loads, Max, E.LowerBound);
  if (E.LowerBound > 0)
    outs() << formatv(" (slowest / bound {0:F2})", Max / E.LowerBound);
  if (E.KeptPBLPlan)
    outs() << "; no function measured: pbl's plan (whole functions by static "
              "probes), static estimates do not decide\n";
  else
    outs() << formatv("; LPT of whole functions {0:e2}; {1} improving moves",
                      E.LPTMax, E.Moves);
  if (E.HedgeMoves)
    outs() << formatv("; hedge: {0} groups moved, hedged slowest copy {1:e2} "
                      "-> {2:e2}",
                      E.HedgeMoves, E.HedgedMaxBefore, E.HedgedMax);
  if (!E.KeptPBLPlan)
    outs() << "\n";
}

static void printStats(const RewritePlan &Plan,
                       ArrayRef<ExcludedPath> KeptBuildDirectories) {
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
    printAutoChoice(S, !Plan.TrainingSummary.empty());
  }
  std::vector<uint64_t> Load(K, 0);
  for (const FunctionSummary &S : Plan.Summaries)
    for (unsigned C = 0; C < K; ++C)
      Load[C] += S.ProbesPerCopy[C];
  std::string Loads;
  for (uint64_t L : Load)
    Loads += (Loads.empty() ? "" : " ") + std::to_string(L);
  for (const ExcludedPath &X : M.Excluded)
    outs() << "not mirrored: " << X.Path << " (" << X.Reason << ")\n";
  for (const ExcludedPath &X : KeptBuildDirectories)
    outs() << "mirrored: " << X.Path << " (" << X.Reason
           << ", but it holds files to rewrite: build the copies there)\n";
  outs() << formatv("summary: {0} functions, {1} instrumented, {2} skipped, "
                    "{3} profitable; strategy {4}, k={5}; static probes per "
                    "copy: {6}\n",
                    M.Functions.size(), M.Functions.size() - Skipped, Skipped,
                    Profitable, strategyName(M.Strategy.Kind), K, Loads);
  printAutoSummary(Plan);
}

/// The -p directory, real, or "" (CommonOptionsParser owns the option).
static std::string compilationDatabaseDir() {
  StringMap<cl::Option *> &Registered = cl::getRegisteredOptions();
  auto It = Registered.find("p");
  if (It == Registered.end())
    return "";
  auto *Opt = static_cast<cl::opt<std::string> *>(It->second);
  if (Opt->getValue().empty())
    return "";
  return realPath(Opt->getValue()).value_or("");
}

static std::optional<ProgressStyle> progressStyle(StringRef Name) {
  if (Name == "auto")
    return sys::Process::StandardErrIsDisplayed() ? ProgressStyle::Terminal
                                                  : ProgressStyle::Lines;
  if (Name == "terminal")
    return ProgressStyle::Terminal;
  if (Name == "lines")
    return ProgressStyle::Lines;
  if (Name == "none")
    return ProgressStyle::None;
  return std::nullopt;
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
           &NoExitGuards, &NoCutPaths, &EagerCuts, &NoEagerCuts, &NoHashCache})
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
          "' (use sbl, pbl, p3, p3-ends or auto)");
    return 1;
  }
  if (K < 1) {
    error("-k must be at least 1");
    return 1;
  }
  std::optional<ProfileFile> Training;
  if (!TrainFile.empty()) {
    if (*Strategy != StrategyKind::Auto) {
      error("--train is for --strategy=auto (got --strategy=" + StrategyName +
            ")");
      return 1;
    }
    if (!fs::is_regular_file(TrainFile)) {
      error("--train " + TrainFile + ": no such file");
      return 1;
    }
    // A profile that cannot be used is not fatal: the plan only decides
    // cost, never what is profiled.
    if (Expected<ProfileFile> P = readProfileFile(TrainFile))
      Training = std::move(*P);
    else
      WithColor::warning(errs(), "p3-rewrite")
          << "cannot use the training profile: " << toString(P.takeError())
          << "; planning with static estimates\n";
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
  Opts.Portable = Portable;
  Opts.ClosedWorld = ClosedWorld;
  if (!CompilerOpt.empty()) {
    // Checked once here: a typo would otherwise only show in skip reasons.
    std::optional<std::string> Program = findCompilerProgram(CompilerOpt, "");
    if (!Program) {
      error("--compiler=" + CompilerOpt + ": no such program");
      return 1;
    }
    if (Expected<std::shared_ptr<const BuildCompiler>> C =
            queryBuildCompiler(*Program, /*CPlusPlus=*/false);
        !C) {
      error("--compiler=" + CompilerOpt + ": " + toString(C.takeError()));
      return 1;
    }
    Opts.Compiler = *Program;
  }
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

  ExclusionOptions ExclusionOpts;
  ExclusionOpts.Root = *Root;
  ExclusionOpts.CompilationDatabaseDir = compilationDatabaseDir();
  ExclusionOpts.UserExcluded.assign(Exclude.begin(), Exclude.end());
  ExclusionOpts.Sources = Opts.Sources;
  Expected<MirrorExclusions> Mirror = findMirrorExclusions(ExclusionOpts);
  if (!Mirror) {
    error(toString(Mirror.takeError()));
    return 1;
  }
  std::vector<ExcludedPath> &Excluded = Mirror->Excluded;

  std::optional<ProgressStyle> Style = progressStyle(Progress);
  if (!Style) {
    error("unknown --progress style '" + Progress +
          "' (use auto, terminal, lines or none)");
    return 1;
  }
  const std::vector<std::string> &Sources = Parser->getSourcePathList();
  ParseOptions Parse;
  Parse.Jobs = Jobs ? unsigned(Jobs)
                    : llvm::hardware_concurrency().compute_thread_count();
  Parse.ExtraArgs = parseFlags();
  Parse.Colors = sys::Process::StandardErrHasColors();
  ParseProgress Shown(errs(), *Style, Sources.size(), "p3-rewrite");
  ParsedProgram Parsed = parseProgram(Parser->getCompilations(), Sources,
                                      Opts, Parse, Shown);
  Shown.done();
  if (!Parsed.Failed.empty()) {
    error(formatv("{0} of {1} files did not compile; nothing written",
                  Parsed.Failed.size(), Sources.size()));
    return 1;
  }
  for (const auto &[Index, Why] : Parsed.AsClang)
    WithColor::warning(errs(), "p3-rewrite")
        << Sources[Index] << ": parsing as the compiler that builds the "
        << "copies failed (" << Why << "); parsed as clang instead, leaving "
        << "alone the functions that overlap a #if testing the compiler\n";
  ProgramModel &Model = Parsed.Model;
  Model.assignCallSites();
  Model.resolveCalls();

  std::vector<LoweredFunction> Functions;
  for (auto &[Key, F] : Model.Functions) {
    // A header matched by --header-filter in a build directory: it has no
    // place in the copies (each copy's build generates its own).
    if (const ExcludedPath *X = excludedPathOf(Excluded, F.File);
        X && !F.Skip)
      F.Skip = SkipReason{formatv("defined in {0}, which the copies do not "
                                  "mirror ({1})",
                                  X->Path, X->Reason)
                              .str()};
    Functions.push_back(std::move(F));
  }
  for (LoweredFunction &F : Functions)
    if (!F.Skip && llvm::is_contained(SkipFunctions, F.Name))
      F.Skip = SkipReason{"left alone by --skip-function"};
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
  Rewrite.Training = Training ? &*Training : nullptr;
  Rewrite.TrainingPath = TrainFile;
  Rewrite.ArrayLimit = ArrayLimit;
  Rewrite.HashCache = !NoHashCache;
  Rewrite.ThreadSafe = ThreadSafe;
  Rewrite.ExitGuards = !NoExitGuards;
  Rewrite.LoopCounters = !NoLoopCounters;
  Rewrite.CutPaths = !NoCutPaths;
  // Eager cut counts by default, except in a program that forks a child
  // which runs on: a count pending at the fork is then completed exactly
  // only by a frame, which the child inherits (docs/rewriter.md).
  Rewrite.EagerCuts = !NoEagerCuts && (EagerCuts || Model.ForkRefs.empty());
  if (!NoEagerCuts && !EagerCuts && !Model.ForkRefs.empty() && !NoCutPaths)
    WithColor::note(errs(), "p3-rewrite")
        << "the program forks (" << *Model.ForkRefs.begin()
        << (Model.ForkRefs.size() > 1
                ? formatv(" and {0} more", Model.ForkRefs.size() - 1).str()
                : std::string())
        << "): paths cut short are counted by frames, exact in a forked "
           "child (--eager-cuts counts them before each call instead)\n";
  Rewrite.Root = *Root;
  Rewrite.Tool = "p3-rewrite " P3_VERSION;
  Rewrite.Excluded = std::move(Excluded);
  Expected<RewritePlan> Plan = planRewrite(Functions, Model.FileText, Rewrite);
  if (!Plan) {
    error(toString(Plan.takeError()));
    return 1;
  }
  if (!InjectErrorIn.empty())
    injectErrors(*Plan, InjectErrorIn);
  std::vector<EmittedError> Broken = checkEmittedSyntax(
      Parser->getCompilations(), Parser->getSourcePathList(),
      {*Root, &Plan->Files, copyRuntimeHeader(*Plan, RuntimeHeaderText)},
      [] {
        std::vector<std::string> Flags = parseFlags();
        Flags.push_back("-fno-caret-diagnostics"); // no "N errors generated"
        return Flags;
      }(),
      Parsed.ParsedAs);
  if (!Broken.empty()) {
    reportEmittedErrors(Broken, Plan->M);
    return 1;
  }
  if (Error E = writeOutputTree(*Root, Out, Force, *Plan, RuntimeHeaderText)) {
    error(toString(std::move(E)));
    return 1;
  }
  if (!Plan->TrainingSummary.empty())
    WithColor::note(errs(), "p3-rewrite")
        << "training profile " << TrainFile << ": " << Plan->TrainingSummary
        << "\n";
  if (Stats)
    printStats(*Plan, Mirror->KeptBuildDirectories);
  return 0;
}
