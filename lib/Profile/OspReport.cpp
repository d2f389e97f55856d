//===- OspReport.cpp - p3-report for an OSP copy: hot subpaths as source --===//
//
// p3-report for an OSP output directory: finding and loading the hot lists
// and traces, then the text and JSON views of one OspReporter (one file: the
// views share the loaded state and its accuracy against the exact counter).
//
//===----------------------------------------------------------------------===//

#include "Profile/OspReport.h"
#include "Profile/AtomicWrite.h"
#include "Sampling/TraceFile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace llvm;

namespace p3 {

namespace {

/// The smallest period P of S (S[i] = S[i + P]) that divides its length.
size_t periodOf(const Subpath &S) {
  for (size_t P = 1; P < S.size(); ++P) {
    if (S.size() % P)
      continue;
    bool Periodic = true;
    for (size_t I = P; I < S.size() && Periodic; ++I)
      Periodic = S[I] == S[I - P];
    if (Periodic)
      return P;
  }
  return S.size();
}

std::string linesOf(const OspBlock &B) {
  if (B.EndLine != B.Line)
    return formatv("{0}-{1}", B.Line, B.EndLine).str();
  return utostr(B.Line);
}

std::string formatSteps(const OspManifest &M, ArrayRef<BlockId> S,
                        unsigned MaxBlocks) {
  std::string Out;
  unsigned Function = ~0u;
  for (size_t I = 0; I < S.size(); ++I) {
    if (MaxBlocks && I == MaxBlocks) {
      Out += formatv(" … (+{0} blocks)", S.size() - I).str();
      break;
    }
    const OspBlock *B = M.block(S[I]);
    if (!B) {
      Out += (I ? " → " : "") + ("?" + utostr(S[I]));
      Function = ~0u;
      continue;
    }
    if (B->Function != Function) {
      const OspFunction &F = M.Functions[B->Function];
      Out += (I ? " ⇒ " : "") + F.Name + " " + F.File + ":" + linesOf(*B);
      Function = B->Function;
    } else {
      Out += " → " + linesOf(*B);
    }
  }
  return Out;
}

std::string commas(double V) {
  std::string Digits = formatv("{0:F0}", V).str(), Out;
  for (size_t I = 0; I < Digits.size(); ++I) {
    if (I && (Digits.size() - I) % 3 == 0 && Digits[I - 1] != '-')
      Out += ',';
    Out += Digits[I];
  }
  return Out;
}

std::string percent(double F) {
  if (std::isinf(F))
    return "inf";
  return formatv("{0:F1}%", 100 * F).str();
}

std::string boundText(double B) {
  return std::isinf(B) ? "?" : "±" + percent(B);
}

/// Rows of right-aligned cells, the last one (the subpath) left-aligned.
void printTable(raw_ostream &OS, const std::vector<std::vector<std::string>> &Rows) {
  std::vector<size_t> W;
  for (const auto &R : Rows)
    for (size_t I = 0; I + 1 < R.size(); ++I) {
      W.resize(std::max(W.size(), I + 1));
      W[I] = std::max(W[I], R[I].size());
    }
  for (const auto &R : Rows) {
    std::string Line = " ";
    for (size_t I = 0; I < R.size(); ++I)
      Line += " " + (I + 1 < R.size()
                         ? std::string(W[I] - R[I].size(), ' ') + R[I] + " "
                         : R[I]);
    OS << StringRef(Line).rtrim() << "\n";
  }
}

/// Files under DIR/profiles with this extension, sorted.
std::vector<std::string> profilesIn(StringRef Dir, StringRef Ext) {
  std::vector<std::string> Found;
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    if (sys::path::extension(It->path()) == Ext)
      Found.push_back(It->path());
  std::sort(Found.begin(), Found.end());
  return Found;
}

struct Loaded {
  std::vector<HotListDump> Dumps;
  Estimates Sampled; ///< From the hot lists.
  std::optional<ExactCounter> Exact;
  Estimates Counted; ///< From the traces (Exact mode).
  std::optional<Accuracy> Compared;
  std::vector<std::string> Warnings;
};

class OspReporter {
public:
  OspReporter(const OspReportOptions &O, const OspManifest &M,
              raw_ostream &Err)
      : O(O), M(M), Err(Err) {}

  Error load(Loaded &L);
  std::string json(const Loaded &L, ArrayRef<EstimatedSubpath> Shown) const;
  void text(raw_ostream &OS, const Loaded &L,
            ArrayRef<EstimatedSubpath> Shown) const;

private:
  Expected<std::vector<std::string>> files(StringRef Ext) const;
  Error foreign(StringRef File, StringRef Hash) const;
  Error loadHotLists(Loaded &L);
  Error loadTraces(Loaded &L, unsigned MaxLength);
  void hotListLines(raw_ostream &OS, const Loaded &L) const;
  void subpathRows(raw_ostream &OS, const Loaded &L,
                   ArrayRef<EstimatedSubpath> Shown) const;
  void comparisonRows(raw_ostream &OS, const Accuracy &A,
                      unsigned MaxLength) const;

  const OspReportOptions &O;
  const OspManifest &M;
  raw_ostream &Err;
};

Expected<std::vector<std::string>> OspReporter::files(StringRef Ext) const {
  std::vector<std::string> Files;
  if (!O.Files.empty()) {
    for (const std::string &F : O.Files)
      if (sys::path::extension(F) == Ext)
        Files.push_back(F);
    if (Files.empty())
      return createStringError(inconvertibleErrorCode(),
                               "no " + Ext + " file among those named");
    return Files;
  }
  SmallString<256> ProfileDir(O.Dir);
  sys::path::append(ProfileDir, "profiles");
  if (!sys::fs::is_directory(ProfileDir))
    return createStringError(inconvertibleErrorCode(),
                             ProfileDir + " does not exist: run the copy "
                                          "first (p3-run " +
                                 O.Dir + " -- CMD)");
  Files = profilesIn(ProfileDir, Ext);
  if (Files.empty())
    return createStringError(
        inconvertibleErrorCode(),
        Ext == ".trace"
            ? "no traces (*.trace) in " + ProfileDir +
                  ": run the copy with P3_OSP_MODE=trace"
            : "no OSP hot lists (*.osp) in " + ProfileDir +
                  ": did the program run? (hot lists are written at exit, "
                  "or on the dump signal or timer)");
  return Files;
}

Error OspReporter::foreign(StringRef File, StringRef Hash) const {
  std::string Msg = (File + " belongs to another rewrite (manifest " + Hash +
                     ", not " + M.Hash + ")")
                        .str();
  if (!O.IgnoreForeign)
    return createStringError(inconvertibleErrorCode(),
                             Msg + " (--ignore-foreign skips it)");
  Err << O.ToolName << ": warning: skipping " << Msg << "\n";
  return Error::success();
}

Error OspReporter::loadHotLists(Loaded &L) {
  Expected<std::vector<std::string>> Files = files(".osp");
  if (!Files)
    return Files.takeError();
  for (const std::string &File : *Files) {
    Expected<HotListDump> D = readHotList(File);
    if (!D)
      return D.takeError();
    if (D->Hash != M.Hash) {
      if (Error E = foreign(File, D->Hash))
        return E;
      continue;
    }
    for (const SampledSubpath &S : D->Subpaths)
      for (BlockId B : S.Shown)
        if (!M.block(B))
          return createStringError(inconvertibleErrorCode(),
                                   File + ": block id " + Twine(B) +
                                       " is not in the manifest");
    if (D->Dropped)
      L.Warnings.push_back(formatv(
          "{0}: {1} sampled windows were larger than the whole hot list and "
          "were dropped; their subpaths are missing (raise P3_OSP_MEMORY or "
          "lower P3_OSP_MAX_LENGTH)",
          sys::path::filename(File), D->Dropped));
    L.Dumps.push_back(std::move(*D));
  }
  if (L.Dumps.empty())
    return createStringError(inconvertibleErrorCode(),
                             "no hot list belongs to this manifest");
  L.Sampled = estimateSubpaths(L.Dumps, O.Confidence);
  return Error::success();
}

Error OspReporter::loadTraces(Loaded &L, unsigned MaxLength) {
  Expected<std::vector<std::string>> Files = files(".trace");
  if (!Files)
    return Files.takeError();
  L.Exact.emplace(MaxLength);
  unsigned Streams = 0;
  for (const std::string &File : *Files) {
    Expected<TraceHeader> Head = readTraceHeader(File);
    if (!Head)
      return Head.takeError();
    if (Head->Hash != M.Hash) {
      if (Error E = foreign(File, Head->Hash))
        return E;
      continue;
    }
    std::optional<BlockId> Unknown;
    unsigned Threads = 0;
    Expected<TraceHeader> H =
        readTrace(File, [&](unsigned Thread, ArrayRef<BlockId> Ids) {
          for (BlockId B : Ids)
            if (!M.block(B) && !Unknown)
              Unknown = B;
          Threads = std::max(Threads, Thread + 1);
          L.Exact->feed(Streams + Thread, Ids);
        });
    if (!H)
      return H.takeError();
    if (Unknown)
      return createStringError(inconvertibleErrorCode(),
                               File + ": block id " + Twine(*Unknown) +
                                   " is not in the manifest");
    Streams += Threads;
  }
  return Error::success();
}

Error OspReporter::load(Loaded &L) {
  if (!O.Exact)
    if (Error E = loadHotLists(L))
      return E;
  if (!O.Exact && !O.Compare)
    return Error::success();
  unsigned MaxLength = O.ExactMaxLength.value_or(1024);
  if (O.Compare && !O.ExactMaxLength) {
    MaxLength = 2;
    for (const HotListDump &D : L.Dumps)
      MaxLength = std::max<unsigned>(MaxLength, unsigned(D.MaxLength));
  }
  if (Error E = loadTraces(L, MaxLength))
    return E;
  if (O.Exact)
    L.Counted = exactEstimates(
        *L.Exact, O.Top,
        O.Threshold ? uint64_t(std::ceil(*O.Threshold)) : ~0ull);
  return Error::success();
}

void OspReporter::hotListLines(raw_ostream &OS, const Loaded &L) const {
  for (const HotListDump &D : L.Dumps) {
    OS << "  " << sys::path::filename(D.File) << ": pid " << D.Pid << ", dump "
       << D.Sequence << " ("
       << (D.isFinal() ? "at exit" : D.Reason + ", while running") << "); "
       << commas(double(D.Blocks)) << " blocks";
    if (D.Mode == "skip") {
      OS << "; skipping only (P3_OSP_MODE=skip): nothing sampled\n";
      continue;
    }
    OS << "; period 2^" << D.PeriodLog2 << " (from 2^"
       << unsigned(std::log2(double(std::max<uint64_t>(1, D.Period)))) << ", "
       << D.Resamples << " resampling" << (D.Resamples == 1 ? "" : "s")
       << ")\n    " << D.Entries << " subpaths, " << commas(double(D.Samples))
       << " samples of " << commas(double(D.Windows))
       << " windows; hot list " << commas(double(D.MemoryUsed)) << " of "
       << commas(double(D.Memory)) << " bytes (peak "
       << commas(double(D.MemoryPeak)) << "); lengths 2.." << D.MaxLength
       << "; " << D.Threads << " thread" << (D.Threads == 1 ? "" : "s")
       << "\n";
  }
}

void OspReporter::subpathRows(raw_ostream &OS, const Loaded &L,
                              ArrayRef<EstimatedSubpath> Shown) const {
  std::vector<std::vector<std::string>> Rows;
  if (O.Exact)
    Rows.push_back({"rank", "count", "length", "subpath"});
  else
    Rows.push_back(
        {"rank", "estimate", "bound", "at least", "samples", "length", "subpath"});
  for (size_t I = 0; I < Shown.size(); ++I) {
    const EstimatedSubpath &P = Shown[I];
    std::string Text = formatSubpath(M, P.Shown, 48);
    if (O.Exact)
      Rows.push_back({utostr(I + 1), commas(P.Estimate),
                      utostr(P.Blocks.size()), Text});
    else
      Rows.push_back({utostr(I + 1), commas(P.Estimate), boundText(P.Bound),
                      commas(P.atLeast()), commas(double(P.Samples)),
                      utostr(P.Blocks.size()), Text});
  }
  printTable(OS, Rows);
}

void OspReporter::comparisonRows(raw_ostream &OS, const Accuracy &A,
                                 unsigned MaxLength) const {
  OS << "\nThe subpaths above against the exact counts of the traces "
        "(subpaths of 2.."
     << MaxLength << " blocks):\n";
  std::vector<std::vector<std::string>> Rows{
      {"rank", "estimate", "bound", "exact", "error", "within"}};
  for (size_t I = 0; I < A.Rows.size(); ++I) {
    const AccuracyRow &R = A.Rows[I];
    Rows.push_back({utostr(I + 1), commas(R.Sampled.Estimate),
                    boundText(R.Sampled.Bound), commas(double(R.Exact)),
                    percent(R.RelativeError), R.Within ? "yes" : "NO"});
  }
  printTable(OS, Rows);
  OS << "  within their bound: " << A.Within << " of " << A.Rows.size()
     << "\n";
  for (auto &[K, P] : A.Precision)
    OS << "  precision of the top " << K << ": " << P.first << "/" << P.second
       << " (exact " << K << "th count " << commas(double(A.KthCount.at(K)))
       << ")\n";
  OS << "  relative error: mean " << percent(A.MeanError) << ", median "
     << percent(A.MedianError) << ", max " << percent(A.MaxError) << "\n";
}

void OspReporter::text(raw_ostream &OS, const Loaded &L,
                       ArrayRef<EstimatedSubpath> Shown) const {
  const Estimates &E = O.Exact ? L.Counted : L.Sampled;
  unsigned Skipped = 0;
  for (const OspFunction &F : M.Functions)
    Skipped += !F.Instrumented;
  OS << "p3 OSP profile of " << O.Dir << " (manifest " << M.Hash << ")\n";
  OS << "  " << M.Functions.size() - Skipped << " functions instrumented, "
     << Skipped << " skipped; " << M.Blocks.size() << " blocks with an action\n";
  if (L.Exact)
    OS << "  exact counts of every subpath of 2.." << L.Exact->maxLength()
       << " blocks (lengths 2^n) in the traces: "
       << commas(double(L.Exact->blocks())) << " blocks, "
       << commas(double(L.Exact->windows())) << " windows, "
       << commas(double(L.Exact->distinct())) << " distinct subpaths\n";
  hotListLines(OS, L);
  for (const std::string &W : L.Warnings)
    OS << "\nWARNING: " << W << "\n";

  size_t Total = O.Exact ? L.Exact->distinct() : E.Subpaths.size();
  OS << "\n";
  if (O.Threshold)
    OS << "Subpaths " << (O.Exact ? "counted" : "that ran") << " at least "
       << commas(*O.Threshold) << " times (" << Shown.size() << " of "
       << Total << ")";
  else
    OS << "Hottest subpaths (" << Shown.size() << " of " << Total << ")";
  if (O.Exact)
    OS << ": exact counts\n";
  else
    OS << ": estimated runs; bound: one-sided Chernoff at "
       << formatv("{0:F0}", 100 * E.Summary.Confidence)
       << "%; ranked by "
       << (O.Rank == RankBy::AtLeast ? "the estimate less its bound"
                                     : "the estimate")
       << "\n";
  if (Shown.empty()) {
    OS << "  none\n";
    return;
  }
  subpathRows(OS, L, Shown);
  if (L.Compared)
    comparisonRows(OS, *L.Compared, L.Exact->maxLength());
}

std::string OspReporter::json(const Loaded &L,
                              ArrayRef<EstimatedSubpath> Shown) const {
  const Estimates &E = O.Exact ? L.Counted : L.Sampled;
  std::string Text;
  raw_string_ostream OS(Text);
  json::OStream J(OS, 1);
  J.object([&] {
    J.attribute("format", "p3-osp-profile");
    J.attribute("version", 1);
    J.attribute("manifest", M.Hash);
    J.attribute("exact", O.Exact);
    J.attribute("confidence", E.Summary.Confidence);
    J.attribute("ranked_by", O.Exact || O.Rank == RankBy::Estimate
                                 ? "estimate"
                                 : "at_least");
    J.attributeArray("hot_lists", [&] {
      for (const HotListDump &D : L.Dumps)
        J.object([&] {
          J.attribute("file", D.File);
          J.attribute("pid", int64_t(D.Pid));
          J.attribute("dump", int64_t(D.Sequence));
          J.attribute("reason", D.Reason);
          J.attribute("mode", D.Mode);
          J.attribute("max_length", int64_t(D.MaxLength));
          J.attribute("memory", int64_t(D.Memory));
          J.attribute("period", int64_t(D.Period));
          J.attribute("max_samples", int64_t(D.MaxSamples));
          J.attribute("period_log2", D.PeriodLog2);
          J.attribute("blocks", int64_t(D.Blocks));
          J.attribute("starts", int64_t(D.Starts));
          J.attribute("windows", int64_t(D.Windows));
          J.attribute("samples", int64_t(D.Samples));
          J.attribute("resamples", int64_t(D.Resamples));
          J.attribute("dropped", int64_t(D.Dropped));
          J.attribute("entries", int64_t(D.Entries));
          J.attribute("memory_used", int64_t(D.MemoryUsed));
          J.attribute("memory_peak", int64_t(D.MemoryPeak));
          J.attribute("threads", int64_t(D.Threads));
        });
    });
    J.attributeObject("summary", [&] {
      J.attribute("blocks", int64_t(L.Exact && O.Exact ? L.Exact->blocks()
                                                        : E.Summary.Blocks));
      J.attribute("windows", int64_t(L.Exact && O.Exact ? L.Exact->windows()
                                                         : E.Summary.Windows));
      J.attribute("samples", int64_t(E.Summary.Samples));
      J.attribute("distinct", int64_t(L.Exact && O.Exact ? L.Exact->distinct()
                                                          : E.Subpaths.size()));
      if (L.Exact)
        J.attribute("exact_max_length", L.Exact->maxLength());
    });
    auto Blocks = [&](StringRef Key, const Subpath &S) {
      J.attributeArray(Key, [&] {
        for (BlockId B : S)
          J.value(B);
      });
    };
    J.attributeArray("subpaths", [&] {
      for (size_t I = 0; I < Shown.size(); ++I) {
        const EstimatedSubpath &S = Shown[I];
        J.object([&] {
          J.attribute("rank", int64_t(I + 1));
          J.attribute("estimate", S.Estimate);
          if (std::isfinite(S.Bound))
            J.attribute("bound", S.Bound);
          J.attribute("at_least", S.atLeast());
          J.attribute("samples", int64_t(S.Samples));
          J.attribute("length", int64_t(S.Blocks.size()));
          Blocks("blocks", S.Blocks);
          Blocks("shown", S.Shown);
          J.attribute("text", formatSubpath(M, S.Shown));
        });
      }
    });
    if (L.Compared)
      J.attributeObject("comparison", [&] {
        const Accuracy &A = *L.Compared;
        J.attribute("exact_max_length", L.Exact->maxLength());
        J.attribute("exact_blocks", int64_t(L.Exact->blocks()));
        J.attribute("within", A.Within);
        J.attribute("compared", int64_t(A.Rows.size()));
        J.attribute("mean_error", A.MeanError);
        J.attribute("median_error", A.MedianError);
        if (std::isfinite(A.MaxError))
          J.attribute("max_error", A.MaxError);
        J.attributeObject("precision", [&] {
          for (auto &[K, P] : A.Precision)
            J.attributeArray(utostr(K), [&] {
              J.value(P.first);
              J.value(P.second);
            });
        });
        J.attributeArray("exact", [&] {
          for (const AccuracyRow &R : A.Rows)
            J.value(int64_t(R.Exact));
        });
        J.attributeArray("exact_top", [&] {
          for (const CountedSubpath &C : L.Exact->top(std::max<size_t>(
                   20, A.Rows.size())))
            J.object([&] {
              J.attribute("count", int64_t(C.Count));
              Blocks("blocks", C.Blocks);
              J.attribute("text", formatSubpath(M, C.Shown));
            });
        });
      });
  });
  OS << "\n";
  return Text;
}

} // namespace

std::string formatSubpath(const OspManifest &M, const Subpath &S,
                          unsigned MaxBlocks) {
  size_t P = periodOf(S);
  if (P < S.size())
    return "(" +
           formatSteps(M, ArrayRef<BlockId>(S).take_front(P), MaxBlocks) +
           formatv(")×{0}", S.size() / P).str();
  return formatSteps(M, S, MaxBlocks);
}

OspReportOptions ospReportOptions(const ReportOptions &R) {
  OspReportOptions O;
  O.Dir = R.Dir;
  O.Files = R.RawFiles;
  O.IgnoreForeign = R.IgnoreForeign;
  O.Top = R.Top;
  O.JSON = R.JSON;
  O.PrintReport = R.PrintReport;
  O.Output = R.Output;
  O.ReportFile = R.ReportFile;
  O.ToolName = R.ToolName;
  return O;
}

bool isOspOutput(StringRef Dir) {
  SmallString<256> Path(Dir);
  sys::path::append(Path, "manifest.json");
  return OspManifest::isOspManifestFile(Path);
}

ReportResult runOspReport(const OspReportOptions &O, raw_ostream &Out,
                          raw_ostream &Err) {
  ReportResult Result;
  auto Fail = [&](const Twine &Msg) {
    Err << O.ToolName << ": error: " << Msg << "\n";
    Result.ExitCode = 2;
    Result.Summary = O.ToolName + ": OSP report failed (see above)";
    return Result;
  };
  if (O.ExactMaxLength &&
      (*O.ExactMaxLength < 2 || (*O.ExactMaxLength & (*O.ExactMaxLength - 1))))
    return Fail("--max-length must be a power of two, at least 2");
  if (O.Exact && O.Compare)
    return Fail("--exact and --compare-exact exclude each other");
  SmallString<256> ManifestPath(O.Dir);
  sys::path::append(ManifestPath, "manifest.json");
  Expected<OspManifest> M = OspManifest::readFile(ManifestPath);
  if (!M)
    return Fail(toString(M.takeError()));
  OspReporter R(O, *M, Err);
  Loaded L;
  if (Error E = R.load(L))
    return Fail(toString(std::move(E)));
  std::vector<EstimatedSubpath> Shown =
      O.Exact ? selectHottest(L.Counted, O.Top, O.Threshold, RankBy::Estimate)
              : selectHottest(L.Sampled, O.Top, O.Threshold, O.Rank);
  if (O.Compare) {
    std::vector<unsigned> Ks;
    for (unsigned K : {5u, 10u, 20u})
      if (K <= Shown.size())
        Ks.push_back(K);
    L.Compared = compareWithExact(Shown, *L.Exact, Ks);
  }

  std::string Output = O.Output;
  if (Output.empty()) {
    SmallString<256> Path(O.Dir);
    sys::path::append(Path, "osp-profile.json");
    Output = Path.str().str();
  }
  std::string JSONText = R.json(L, Shown);
  if (Error E = writeFileAtomically(Output, JSONText))
    return Fail(toString(std::move(E)));
  std::string Text;
  raw_string_ostream TS(Text);
  R.text(TS, L, Shown);
  if (!O.ReportFile.empty())
    if (Error E = writeFileAtomically(O.ReportFile, TS.str()))
      return Fail(toString(std::move(E)));
  if (O.PrintReport)
    Out << (O.JSON ? JSONText : TS.str());
  Result.Summary =
      formatv("{0}: {1} subpaths from {2}; report in {3}", O.ToolName,
              O.Exact ? L.Exact->distinct() : L.Sampled.Subpaths.size(),
              O.Exact ? "the traces"
                      : utostr(L.Dumps.size()) + " hot list" +
                            (L.Dumps.size() == 1 ? "" : "s"),
              O.ReportFile.empty() ? Output : O.ReportFile);
  return Result;
}

} // namespace p3
