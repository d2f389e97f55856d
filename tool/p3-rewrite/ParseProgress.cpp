//===- ParseProgress.cpp - What p3-rewrite shows while it parses ---------===//

#include "ParseProgress.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace p3 {

void ParseProgress::started(unsigned Index, StringRef Source) {
  Running[Index] = Source.str();
  if (Style == ProgressStyle::Terminal)
    drawStatus();
}

void ParseProgress::finished(unsigned Index, StringRef Source, bool Parsed,
                             StringRef Diagnostics) {
  Running.erase(Index);
  ++Finished;
  clearStatus();
  if (Style == ProgressStyle::Lines)
    OS << formatv("{0}: [{1}/{2}] {3}\n", Tool, Finished, Total, Source);
  OS << Diagnostics;
  if (!Parsed)
    WithColor::error(OS, Tool) << Source << " did not compile\n";
  if (Style == ProgressStyle::Terminal)
    drawStatus();
  OS.flush();
}

void ParseProgress::done() { clearStatus(); }

void ParseProgress::clearStatus() {
  if (!StatusShown)
    return;
  OS << "\r\x1b[K";
  StatusShown = false;
}

void ParseProgress::drawStatus() {
  if (Running.empty())
    return clearStatus();
  std::string Files;
  for (const auto &[Index, Source] : Running)
    Files += (Files.empty() ? "" : ", ") + Source;
  std::string Line =
      formatv("{0}: [{1}/{2}] parsing {3}", Tool, Finished, Total, Files);
  // One terminal row: a wrapped line could not be redrawn in place.
  unsigned Width = sys::Process::StandardErrColumns();
  if (Width == 0)
    Width = 80;
  if (Line.size() >= Width)
    Line = Line.substr(0, Width > 4 ? Width - 4 : 0) + "...";
  OS << "\r\x1b[K" << Line;
  OS.flush();
  StatusShown = true;
}

} // namespace p3
