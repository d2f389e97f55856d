//===- p3-report.cpp - Merge the copies' raw profiles and report ---------===//
//
// All the work is in lib/Profile/ReportDriver (p3-run merges with the same
// code); this only parses the command line.
//
//===----------------------------------------------------------------------===//

#include "Profile/OspReport.h"
#include "Profile/ReportDriver.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace p3;

namespace {

cl::OptionCategory Category("p3-report options");

cl::list<std::string> Positionals(cl::Positional, cl::desc("DIR [RAW...]"),
                                  cl::cat(Category));
cl::opt<unsigned> Top("top", cl::init(10), cl::value_desc("N"),
                      cl::desc("Hottest paths shown overall (default 10)"),
                      cl::cat(Category));
cl::opt<unsigned> TopPerFunction(
    "top-per-function", cl::init(3), cl::value_desc("N"),
    cl::desc("Hottest paths shown per function (default 3; 0 hides the "
             "section)"),
    cl::cat(Category));
cl::opt<bool> IgnoreForeign(
    "ignore-foreign",
    cl::desc("Skip raw profiles of another manifest with a warning instead "
             "of failing"),
    cl::cat(Category));
cl::opt<std::string> Check(
    "check", cl::value_desc("OTHER.json"),
    cl::desc("Exit 1 and list the differences unless the merged profile "
             "equals OTHER.json's paths"),
    cl::cat(Category));
cl::opt<bool> Overhead(
    "overhead",
    cl::desc("Probe hits per copy from the overhead model (and measured, if "
             "the copies counted probes), against SBL"),
    cl::cat(Category));
cl::opt<std::string> Simulate(
    "simulate", cl::value_desc("k=2,4,8"),
    cl::desc("Plan every strategy for these K and print the modelled "
             "overhead (the paper's Figures 5-7)"),
    cl::cat(Category));
cl::opt<std::string> Strategies(
    "strategies", cl::init("sbl,pbl,p3"),
    cl::value_desc("sbl,pbl,p3,p3-ends,auto"),
    cl::desc("Strategies for --simulate (default sbl,pbl,p3); auto adds its "
             "lower bound on this profile (rows 'bound')"),
    cl::cat(Category));
cl::opt<std::string> Train(
    "train", cl::value_desc("PROFILE.json"),
    cl::desc("With --simulate and auto among the strategies: also plan auto "
             "with this merged profile of another run (rows auto+train)"),
    cl::cat(Category));
cl::opt<bool> InvokedOnce(
    "static-invoked-once",
    cl::desc("With --simulate: plan auto's static estimates as if every "
             "function were invoked once (ignoring the call graph; for "
             "comparison)"),
    cl::cat(Category));
cl::opt<bool> PlanStaticEstimates(
    "plan-static-estimates",
    cl::desc("With --simulate: plan auto's rows without a training profile on "
             "its static estimates, instead of keeping pbl's plan as auto "
             "does then (for comparison)"),
    cl::cat(Category));
cl::opt<bool> JSON("json",
                   cl::desc("Print the report as JSON instead of text"),
                   cl::cat(Category));
cl::opt<std::string> Output("o", cl::value_desc("FILE"),
                            cl::desc("Write the merged profile here instead "
                                     "of DIR/profile.json"),
                            cl::cat(Category));
cl::opt<double> Threshold(
    "threshold", cl::value_desc("N"),
    cl::desc("OSP: every subpath estimated to run at least N times, instead "
             "of the --top hottest"),
    cl::cat(Category));
cl::opt<bool> Exact(
    "exact",
    cl::desc("OSP: count every subpath exactly from the block traces "
             "(*.trace, written with P3_OSP_MODE=trace) instead of sampling"),
    cl::cat(Category));
cl::opt<bool> CompareExact(
    "compare-exact",
    cl::desc("OSP: compare the sampled report with the exact counts of the "
             "traces of the same run (*.trace): errors, bounds, precision"),
    cl::cat(Category));
cl::opt<unsigned> MaxLength(
    "max-length", cl::value_desc("N"),
    cl::desc("OSP --exact, --compare-exact: the longest subpaths counted, a "
             "power of two (default 1024, or the hot lists' for "
             "--compare-exact; lower it for long traces)"),
    cl::cat(Category));
cl::opt<std::string> Rank(
    "rank", cl::init("at-least"), cl::value_desc("at-least|estimate"),
    cl::desc("OSP: rank subpaths by their estimate less its bound (default) "
             "or by the estimate"),
    cl::cat(Category));
cl::opt<std::string> ReportFile(
    "report-file", cl::value_desc("FILE"),
    cl::desc("Also write the text report to FILE"), cl::cat(Category));
cl::opt<std::string> Html(
    "html", cl::value_desc("OUTDIR"),
    cl::desc("Write the report as a static site over the source "
             "(OUTDIR/index.html)"),
    cl::cat(Category));
cl::opt<std::string> Lcov(
    "lcov", cl::value_desc("FILE"),
    cl::desc("Write line, branch and function coverage as an lcov "
             "tracefile (genhtml, lcov -a, coverage services)"),
    cl::cat(Category));
cl::opt<std::string> Dot(
    "dot", cl::value_desc("FUNCTION"),
    cl::desc("Print FUNCTION's picture (Graphviz dot) instead of the report"),
    cl::cat(Category));
cl::opt<std::string> DotAll(
    "dot-all", cl::value_desc("OUTDIR"),
    cl::desc("Write every instrumented function's picture as OUTDIR/ID.dot"),
    cl::cat(Category));
cl::opt<std::string> Callgrind(
    "callgrind", cl::value_desc("FILE"),
    cl::desc("Write per-line costs and branches in callgrind's format "
             "(KCachegrind, callgrind_annotate)"),
    cl::cat(Category));
cl::opt<std::string> Paths(
    "paths", cl::value_desc("covered|uncovered|both"), cl::ValueOptional,
    cl::desc("Print paths gcov-style (lines with the branch outcomes) "
             "instead of the report: executed ones, never-executed ones or "
             "both (default)"),
    cl::cat(Category));
cl::list<std::string> Function(
    "function", cl::value_desc("NAME"),
    cl::desc("With --paths: only this function (name or id; repeatable)"),
    cl::cat(Category));
cl::opt<unsigned> MaxPaths(
    "max-paths", cl::init(50), cl::value_desc("N"),
    cl::desc("With --paths: at most N paths of each kind per function "
             "(default 50)"),
    cl::cat(Category));
cl::opt<bool> NoMarkers(
    "no-markers",
    cl::desc("Ignore LCOV_EXCL_* markers in the sources"),
    cl::cat(Category));
cl::opt<std::string> DotProgram(
    "dot-program", cl::init("dot"), cl::value_desc("PATH"), cl::Hidden,
    cl::desc("Graphviz's dot for the HTML report's pictures (default: dot in "
             "PATH)"),
    cl::cat(Category));
cl::opt<std::string> ProfileInput(
    "profile", cl::value_desc("FILE"),
    cl::desc("Report on this profile.json (e.g. from --merge) instead of "
             "the raw profiles"),
    cl::cat(Category));
cl::opt<bool> Merge(
    "merge",
    cl::desc("Add up profile.json files of one rewrite (p3-report --merge "
             "A.json B.json -o ALL.json), keeping each run's counts"),
    cl::cat(Category));

const char *Overview = R"(merge the raw profiles of p3's K copies into the exact path profile

Reads DIR/manifest.json and the raw profiles (default: every *.raw under
DIR/profiles), checks each against the manifest, decodes and merges them,
writes DIR/profile.json and prints a report.

Exit status: 0 ok, 1 --check found differences, 2 bad input (one line per
problem on stderr, naming the file; nothing is written).

Exports (each written whole or not at all):
  --html OUTDIR (a static site), --lcov FILE (genhtml, lcov), --callgrind FILE
  (KCachegrind), --dot FUNCTION / --dot-all OUTDIR (Graphviz), --paths
  (gcov-style path lists). --merge adds up profile.json files of several runs
  (no DIR); --profile FILE reports on such a file.

Examples:
  p3-report p3-out                          report on every profile of p3-out
  p3-report --html p3-out/report p3-out     the report as a site over the source
  p3-report --lcov p3-out/coverage.info p3-out && genhtml -o cov p3-out/coverage.info
  p3-report --paths=uncovered --function parse p3-out   paths no run took
  p3-report --dot main p3-out | dot -Tsvg > main.svg
  p3-report --merge t1.json t2.json -o all.json
  p3-report --profile all.json --lcov all.info p3-out   one lcov TN per run
  p3-report p3-out p3-out/profiles/p3-*-c0-*.raw   only these raw profiles
  p3-report --top 25 p3-out                 the 25 hottest paths
  p3-report --check sbl-out/profile.json p3-out   compare with an SBL run
  p3-report --overhead p3-out               probe hits per copy vs SBL
  p3-report --simulate k=2,4,8 p3-out       SBL, PBL and P3 at K = 2, 4, 8
  p3-report --simulate 4 --strategies=pbl,p3 --json p3-out
  p3-report --simulate k=2,4,8 --strategies=pbl,p3,auto --train train.json sbl-out
      auto planned statically and with train.json, measured on sbl-out's run

For a copy written by p3-rewrite --mode=osp (docs/osp.md), reports the hot
subpaths of DIR/profiles/*.osp instead, and writes DIR/osp-profile.json:
  p3-report osp-out                         the 10 hottest subpaths
  p3-report --top 50 osp-out                the 50 hottest
  p3-report --threshold 1000000 osp-out     all that surely ran 1e6+ times
  p3-report --exact --max-length 64 osp-out exact counts from *.trace
  p3-report --compare-exact --top 20 osp-out   estimates vs exact counts
)";

/// "k=2,4,8" or "2,4,8".
bool parseKs(StringRef Text, std::vector<unsigned> &Ks) {
  Text.consume_front("k=");
  SmallVector<StringRef> Parts;
  Text.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef P : Parts) {
    unsigned K;
    if (P.trim().getAsInteger(10, K) || K < 1 || K > 4096)
      return false;
    Ks.push_back(K);
  }
  return !Ks.empty();
}

} // namespace

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  cl::HideUnrelatedOptions(Category);
  // Usage errors are bad input (2); cl's default exit status, 1, means
  // "--check found differences" here.
  if (!cl::ParseCommandLineOptions(Argc, Argv, Overview, &errs()))
    return 2;

  if (Merge) {
    if (Positionals.empty()) {
      errs() << "p3-report: error: --merge wants the profile.json files to add "
                "up (p3-report --merge A.json B.json -o ALL.json)\n";
      return 2;
    }
    return runMergeProfiles(std::vector<std::string>(Positionals.begin(),
                                                     Positionals.end()),
                            Output, errs());
  }
  if (Positionals.empty()) {
    errs() << "p3-report: error: no DIR given (the directory p3-rewrite "
              "wrote, with manifest.json)\n";
    return 2;
  }
  bool Osp = isOspOutput(Positionals.front());
  std::vector<std::string> Misplaced;
  for (cl::Option *Opt : std::initializer_list<cl::Option *>{
           &Check, &Overhead, &Simulate, &Strategies, &TopPerFunction})
    if (Osp && Opt->getNumOccurrences())
      Misplaced.push_back("--" + Opt->ArgStr.str() +
                          " applies to path profiles, not to an OSP copy");
  for (cl::Option *Opt :
       std::initializer_list<cl::Option *>{&Threshold, &Exact, &MaxLength,
                                           &CompareExact, &Rank})
    if (!Osp && Opt->getNumOccurrences())
      Misplaced.push_back("--" + Opt->ArgStr.str() +
                          " applies to OSP copies (p3-rewrite --mode=osp)");
  for (const std::string &M : Misplaced)
    errs() << "p3-report: error: " << M << "\n";
  if (!Misplaced.empty())
    return 2;

  ReportOptions O;
  O.Dir = Positionals.front();
  O.RawFiles.assign(Positionals.begin() + 1, Positionals.end());
  O.ProfileInput = ProfileInput;
  if (!O.ProfileInput.empty() && !O.RawFiles.empty()) {
    errs() << "p3-report: error: --profile reports on a merged profile; raw "
              "profiles cannot be named with it\n";
    return 2;
  }
  ExportOptions &E = O.Exports;
  E.Html = Html;
  E.Lcov = Lcov;
  E.Dot = Dot;
  E.DotAll = DotAll;
  E.Callgrind = Callgrind;
  E.Functions.assign(Function.begin(), Function.end());
  E.MaxPaths = MaxPaths;
  E.Markers = !NoMarkers;
  E.DotProgram = DotProgram;
  if (Paths.getNumOccurrences()) {
    E.Paths = parsePathSelection(Paths.empty() ? "both" : Paths.getValue());
    if (!E.Paths) {
      errs() << "p3-report: error: --paths takes covered, uncovered or both "
                "(got '"
             << Paths << "')\n";
      return 2;
    }
  }
  if (!E.Functions.empty() && !E.Paths) {
    errs() << "p3-report: error: --function selects functions for --paths\n";
    return 2;
  }
  if (!E.Dot.empty() && E.Paths) {
    errs() << "p3-report: error: --dot and --paths both print on standard "
              "output; ask for one at a time\n";
    return 2;
  }
  O.IgnoreForeign = IgnoreForeign;
  O.Top = Top;
  O.TopPerFunction = TopPerFunction;
  O.CheckFile = Check;
  O.Overhead = Overhead;
  O.JSON = JSON;
  O.TrainFile = Train;
  O.StaticInvokedOnce = InvokedOnce;
  O.PlanStaticEstimates = PlanStaticEstimates;
  O.Output = Output;
  O.ReportFile = ReportFile;
  if (!Simulate.empty() && !parseKs(Simulate, O.SimulateK)) {
    errs() << "p3-report: error: --simulate wants a list of copy counts "
              "between 1 and 4096, like k=2,4,8 (got '"
           << Simulate << "')\n";
    return 2;
  }
  O.Strategies.clear();
  SmallVector<StringRef> Names;
  StringRef(Strategies).split(Names, ',', -1, /*KeepEmpty=*/false);
  for (StringRef N : Names) {
    std::optional<StrategyKind> S = parseStrategy(N.trim());
    if (!S) {
      errs() << "p3-report: error: unknown strategy '" << N
             << "' in --strategies (expected sbl, pbl, p3, p3-ends, auto)\n";
      return 2;
    }
    O.Strategies.push_back(*S);
  }
  if (!O.TrainFile.empty() &&
      (O.SimulateK.empty() || !llvm::is_contained(O.Strategies,
                                                  StrategyKind::Auto))) {
    errs() << "p3-report: error: --train is for --simulate with auto among "
              "--strategies\n";
    return 2;
  }
  if (Osp) {
    OspReportOptions OO = ospReportOptions(O);
    if (Threshold.getNumOccurrences())
      OO.Threshold = Threshold;
    OO.Exact = Exact;
    OO.Compare = CompareExact;
    if (MaxLength.getNumOccurrences())
      OO.ExactMaxLength = MaxLength;
    if (Rank != "at-least" && Rank != "estimate") {
      errs() << "p3-report: error: --rank is at-least or estimate, not '"
             << Rank << "'\n";
      return 2;
    }
    OO.Rank = Rank == "estimate" ? RankBy::Estimate : RankBy::AtLeast;
    ReportResult R = runOspReport(OO, outs(), errs());
    outs().flush();
    return R.ExitCode;
  }
  ReportResult R = runReport(O, outs(), errs());
  outs().flush();
  // The report's last word: where to look.
  if (R.ExitCode != 2 && !E.Html.empty()) {
    SmallString<256> Index(E.Html);
    sys::path::append(Index, "index.html");
    errs() << "p3-report: HTML report: " << Index << "\n";
  }
  return R.ExitCode;
}
