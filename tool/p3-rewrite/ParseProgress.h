//===- ParseProgress.h - What p3-rewrite shows while it parses -----------===//
//
// On a terminal, one status line redrawn in place: files done / total and the
// files being parsed. Otherwise (a log, a pipe) one plain line per finished
// file, as ninja does. Either way, clang's diagnostics for a file and the
// one-line verdict on a file that does not compile come out whole, never
// interleaved with another file's.
//
//===----------------------------------------------------------------------===//

#ifndef P3_TOOL_PARSEPROGRESS_H
#define P3_TOOL_PARSEPROGRESS_H

#include "Frontend/ProgramParse.h"

#include "llvm/Support/raw_ostream.h"

#include <map>

namespace p3 {

enum class ProgressStyle { Terminal, Lines, None };

class ParseProgress : public ParseObserver {
public:
  ParseProgress(llvm::raw_ostream &OS, ProgressStyle Style, unsigned Total,
                llvm::StringRef Tool)
      : OS(OS), Style(Style), Total(Total), Tool(Tool.str()) {}

  void started(unsigned Index, llvm::StringRef Source) override;
  void finished(unsigned Index, llvm::StringRef Source, bool Parsed,
                llvm::StringRef Diagnostics) override;
  /// Clears the status line (call once, after the last file).
  void done();

private:
  void clearStatus();
  void drawStatus();

  llvm::raw_ostream &OS;
  ProgressStyle Style;
  unsigned Total;
  unsigned Finished = 0;
  std::string Tool;
  std::map<unsigned, std::string> Running; ///< By index, for a stable line.
  bool StatusShown = false;
};

} // namespace p3

#endif
