//===- OspReport.cpp - p3-report for an OSP copy: hot subpaths as source --===//

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
#include <array>
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

std::string boundText(double B) {
  if (std::isinf(B))
    return "?";
  if (B == 0)
    return "exact";
  return formatv("±{0:F1}%", 100 * B).str();
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
  Estimates E;
  bool Exact = false;
  unsigned ExactMaxLength = 0;
  std::vector<std::string> Warnings;
};

std::string toJSON(const OspManifest &M, const Loaded &L,
                   ArrayRef<EstimatedSubpath> Shown) {
  std::string Text;
  raw_string_ostream OS(Text);
  json::OStream J(OS, 1);
  J.object([&] {
    J.attribute("format", "p3-osp-profile");
    J.attribute("version", 1);
    J.attribute("manifest", M.Hash);
    J.attribute("exact", L.Exact);
    J.attribute("confidence", L.E.Summary.Confidence);
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
          J.attribute("period_log2_start",
                      int64_t(std::log2(double(std::max<uint64_t>(1, D.Period)))));
          J.attribute("period_log2", D.PeriodLog2);
          J.attribute("blocks", int64_t(D.Blocks));
          J.attribute("starts", int64_t(D.Starts));
          J.attribute("windows", int64_t(D.Windows));
          J.attribute("resamples", int64_t(D.Resamples));
          J.attribute("dropped", int64_t(D.Dropped));
          J.attribute("entries", int64_t(D.Entries));
          J.attribute("memory_used", int64_t(D.MemoryUsed));
          J.attribute("memory_peak", int64_t(D.MemoryPeak));
          J.attribute("threads", int64_t(D.Threads));
        });
    });
    J.attributeObject("summary", [&] {
      J.attribute("blocks", int64_t(L.E.Summary.Blocks));
      J.attribute("windows", int64_t(L.E.Summary.Windows));
      J.attribute("samples", int64_t(L.E.Summary.Samples));
      J.attribute("distinct", int64_t(L.E.Subpaths.size()));
      if (L.Exact)
        J.attribute("exact_max_length", L.ExactMaxLength);
    });
    J.attributeArray("subpaths", [&] {
      for (size_t I = 0; I < Shown.size(); ++I) {
        const EstimatedSubpath &S = Shown[I];
        J.object([&] {
          J.attribute("rank", int64_t(I + 1));
          J.attribute("estimate", S.Estimate);
          if (std::isfinite(S.Bound))
            J.attribute("bound", S.Bound);
          J.attribute("samples", int64_t(S.Samples));
          J.attribute("length", int64_t(S.Blocks.size()));
          J.attributeArray("blocks", [&] {
            for (BlockId B : S.Blocks)
              J.value(B);
          });
          J.attributeArray("shown", [&] {
            for (BlockId B : S.Shown)
              J.value(B);
          });
          J.attribute("text", formatSubpath(M, S.Shown));
        });
      }
    });
  });
  OS << "\n";
  return Text;
}

void writeText(raw_ostream &OS, const OspReportOptions &O,
               const OspManifest &M, const Loaded &L,
               ArrayRef<EstimatedSubpath> Shown) {
  const EstimateSummary &S = L.E.Summary;
  unsigned Skipped = 0;
  for (const OspFunction &F : M.Functions)
    Skipped += !F.Instrumented;
  OS << "p3 OSP profile of " << O.Dir << " (manifest " << M.Hash << ")\n";
  OS << "  " << M.Functions.size() - Skipped << " functions instrumented, "
     << Skipped << " skipped; " << M.Blocks.size() << " blocks with an action\n";
  if (L.Exact) {
    OS << "  exact counts of every subpath of 2.." << L.ExactMaxLength
       << " blocks (lengths 2^n) in the traces: " << commas(double(S.Blocks))
       << " blocks, " << commas(double(S.Windows)) << " windows, "
       << commas(double(L.E.Subpaths.size())) << " distinct subpaths\n";
  }
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
       << ")\n    " << D.Entries << " subpaths, "
       << commas(double(std::accumulate(
              D.Subpaths.begin(), D.Subpaths.end(), uint64_t(0),
              [](uint64_t A, const SampledSubpath &P) { return A + P.Count; })))
       << " samples of " << commas(double(D.Windows))
       << " windows; hot list " << commas(double(D.MemoryUsed)) << " of "
       << commas(double(D.Memory)) << " bytes (peak "
       << commas(double(D.MemoryPeak)) << "); lengths 2.." << D.MaxLength
       << "; " << D.Threads << " thread" << (D.Threads == 1 ? "" : "s")
       << "\n";
  }
  for (const std::string &W : L.Warnings)
    OS << "\nWARNING: " << W << "\n";

  OS << "\n";
  if (O.Threshold)
    OS << "Subpaths " << (L.Exact ? "counted" : "estimated") << " at least "
       << commas(*O.Threshold) << " times (" << Shown.size() << " of "
       << L.E.Subpaths.size() << ")";
  else
    OS << "Hottest subpaths (" << Shown.size() << " of " << L.E.Subpaths.size()
       << ")";
  if (L.Exact)
    OS << ": exact counts\n";
  else
    OS << ": estimated runs; bound: one-sided Chernoff at "
       << formatv("{0:F0}", 100 * S.Confidence) << "%\n";
  if (Shown.empty()) {
    OS << "  none\n";
    return;
  }
  size_t RankW = 4, EstW = 8, BoundW = 5, SampW = 7, LenW = 6;
  std::vector<std::array<std::string, 5>> Rows;
  for (size_t I = 0; I < Shown.size(); ++I) {
    const EstimatedSubpath &P = Shown[I];
    Rows.push_back({utostr(I + 1), commas(P.Estimate), boundText(P.Bound),
                    commas(double(P.Samples)), utostr(P.Blocks.size())});
    RankW = std::max(RankW, Rows.back()[0].size());
    EstW = std::max(EstW, Rows.back()[1].size());
    BoundW = std::max(BoundW, Rows.back()[2].size());
    SampW = std::max(SampW, Rows.back()[3].size());
    LenW = std::max(LenW, Rows.back()[4].size());
  }
  auto Right = [](StringRef S, size_t W) {
    return std::string(W > S.size() ? W - S.size() : 0, ' ') + S.str();
  };
  OS << "  " << Right("rank", RankW) << "  "
     << (L.Exact ? Right("count", EstW)
                 : Right("estimate", EstW) + "  " + Right("bound", BoundW) +
                       "  " + Right("samples", SampW))
     << "  " << Right("length", LenW) << "  subpath\n";
  for (size_t I = 0; I < Shown.size(); ++I) {
    const auto &R = Rows[I];
    OS << "  " << Right(R[0], RankW) << "  "
       << (L.Exact ? Right(R[1], EstW)
                   : Right(R[1], EstW) + "  " + Right(R[2], BoundW) + "  " +
                         Right(R[3], SampW))
       << "  " << Right(R[4], LenW) << "  "
       << formatSubpath(M, Shown[I].Shown, 48) << "\n";
  }
}

/// Loads hot lists or traces and checks them against the manifest.
Error load(const OspReportOptions &O, const OspManifest &M, Loaded &L,
           raw_ostream &Err) {
  std::vector<std::string> Files = O.Files;
  StringRef Ext = O.Exact ? ".trace" : ".osp";
  if (Files.empty()) {
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
          O.Exact ? "no traces (*.trace) in " + ProfileDir +
                        ": run the copy with P3_OSP_MODE=trace"
                  : "no OSP hot lists (*.osp) in " + ProfileDir +
                        ": did the program run? (hot lists are written at "
                        "exit, or on the dump signal or timer)");
  }
  auto Foreign = [&](StringRef File, StringRef Hash) -> Error {
    std::string Msg = (File + " belongs to another rewrite (manifest " + Hash +
                       ", not " + M.Hash + ")")
                          .str();
    if (!O.IgnoreForeign)
      return createStringError(inconvertibleErrorCode(),
                               Msg + " (--ignore-foreign skips it)");
    Err << O.ToolName << ": warning: skipping " << Msg << "\n";
    return Error::success();
  };
  auto CheckIds = [&](StringRef File, const Subpath &S) -> Error {
    for (BlockId B : S)
      if (!M.block(B))
        return createStringError(inconvertibleErrorCode(),
                                 File + ": block id " + Twine(B) +
                                     " is not in the manifest");
    return Error::success();
  };

  if (O.Exact) {
    ExactCounter Counter(O.ExactMaxLength);
    unsigned Streams = 0;
    for (const std::string &File : Files) {
      Expected<TraceHeader> Head = readTraceHeader(File);
      if (!Head)
        return Head.takeError();
      if (Head->Hash != M.Hash) {
        if (Error E = Foreign(File, Head->Hash))
          return E;
        continue;
      }
      std::optional<Error> Bad;
      unsigned Base = Streams;
      unsigned MaxThread = 0;
      Expected<TraceHeader> H = readTrace(
          File, [&](unsigned Thread, ArrayRef<BlockId> Ids) {
            for (BlockId B : Ids)
              if (!Bad && !M.block(B))
                Bad.emplace(createStringError(
                    inconvertibleErrorCode(),
                    File + ": block id " + Twine(B) +
                        " is not in the manifest"));
            MaxThread = std::max(MaxThread, Thread);
            Counter.feed(Base + Thread, Ids);
          });
      if (!H) {
        if (Bad)
          consumeError(std::move(*Bad));
        return H.takeError();
      }
      if (Bad)
        return std::move(*Bad);
      Streams += MaxThread + 1;
    }
    L.Exact = true;
    L.ExactMaxLength = O.ExactMaxLength;
    L.E = exactEstimates(Counter);
    return Error::success();
  }

  for (const std::string &File : Files) {
    Expected<HotListDump> D = readHotList(File);
    if (!D)
      return D.takeError();
    if (D->Hash != M.Hash) {
      if (Error E = Foreign(File, D->Hash))
        return E;
      continue;
    }
    for (const SampledSubpath &S : D->Subpaths)
      if (Error E = CheckIds(File, S.Blocks))
        return E;
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
  L.E = estimateSubpaths(L.Dumps, O.Confidence);
  return Error::success();
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
  if (O.Exact && (O.ExactMaxLength < 2 ||
                  (O.ExactMaxLength & (O.ExactMaxLength - 1)) != 0))
    return Fail("--max-length must be a power of two, at least 2");
  SmallString<256> ManifestPath(O.Dir);
  sys::path::append(ManifestPath, "manifest.json");
  Expected<OspManifest> M = OspManifest::readFile(ManifestPath);
  if (!M)
    return Fail(toString(M.takeError()));
  Loaded L;
  if (Error E = load(O, *M, L, Err))
    return Fail(toString(std::move(E)));
  std::vector<EstimatedSubpath> Shown =
      selectHottest(L.E, O.Top, O.Threshold);

  std::string Output = O.Output;
  if (Output.empty()) {
    SmallString<256> Path(O.Dir);
    sys::path::append(Path, "osp-profile.json");
    Output = Path.str().str();
  }
  std::string JSONText = toJSON(*M, L, Shown);
  if (Error E = writeFileAtomically(Output, JSONText))
    return Fail(toString(std::move(E)));
  std::string Text;
  raw_string_ostream TS(Text);
  writeText(TS, O, *M, L, Shown);
  if (!O.ReportFile.empty())
    if (Error E = writeFileAtomically(O.ReportFile, TS.str()))
      return Fail(toString(std::move(E)));
  if (O.PrintReport)
    Out << (O.JSON ? JSONText : TS.str());
  Result.Summary = formatv("{0}: {1} subpaths from {2} {3}; report in {4}",
                           O.ToolName, L.E.Subpaths.size(),
                           L.Exact ? 1 : L.Dumps.size(),
                           L.Exact ? "exact count" : "hot list(s)",
                           O.ReportFile.empty() ? Output : O.ReportFile);
  return Result;
}

} // namespace p3
