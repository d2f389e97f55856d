//===- Diagnostics.h - Problems found in the inputs, one line each -------===//
//
// The report tools keep going after a bad input so that the user sees every
// problem at once; each message is one line and names the file.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_DIAGNOSTICS_H
#define P3_PROFILE_DIAGNOSTICS_H

#include "llvm/ADT/Twine.h"

#include <string>
#include <vector>

namespace p3 {

struct Diagnostics {
  std::vector<std::string> Errors;
  std::vector<std::string> Warnings;

  void error(const llvm::Twine &Msg) { Errors.push_back(Msg.str()); }
  void warning(const llvm::Twine &Msg) { Warnings.push_back(Msg.str()); }
  bool hasErrors() const { return !Errors.empty(); }
};

} // namespace p3

#endif
