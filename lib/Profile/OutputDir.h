//===- OutputDir.h - Write a directory of files all at once --------------===//
//
// A report directory (--html, --dot-all) is written into a temporary
// directory next to its destination and renamed into place when complete,
// so that nothing half-written is ever left where the report should be. An
// existing destination is replaced only when it is a report p3 wrote (it
// holds the marker file ".p3-report") or is empty.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_OUTPUTDIR_H
#define P3_PROFILE_OUTPUTDIR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace p3 {

class OutputDir {
public:
  /// Checks \p Dest and creates the temporary directory beside it. Errors
  /// name \p Dest and say why (not writable, not a p3 report, ...).
  static llvm::Expected<OutputDir> create(llvm::StringRef Dest,
                                          llvm::StringRef What);
  OutputDir(OutputDir &&Other);
  OutputDir &operator=(OutputDir &&) = delete;
  /// Removes the temporary directory unless commit() succeeded.
  ~OutputDir();

  /// Writes \p Relative (may contain '/') with \p Contents.
  llvm::Error write(llvm::StringRef Relative, llvm::StringRef Contents);
  /// Moves the finished directory into place (replacing an earlier report).
  llvm::Error commit();

  const std::string &path() const { return Temp; }

private:
  OutputDir(std::string Dest, std::string Temp, std::string What)
      : Dest(std::move(Dest)), Temp(std::move(Temp)), What(std::move(What)) {}
  std::string Dest, Temp, What;
  bool Done = false;
};

} // namespace p3

#endif
