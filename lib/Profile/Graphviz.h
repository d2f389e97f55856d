//===- Graphviz.h - Render dot text to SVG with Graphviz's dot -----------===//
//
// The HTML report embeds each function's picture as inline SVG, rendered at
// report time by the "dot" program when it is installed. A missing, failing
// or slow dot is an error the caller reports; the report goes on without the
// picture.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_GRAPHVIZ_H
#define P3_PROFILE_GRAPHVIZ_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace p3 {

class Graphviz {
public:
  /// Looks \p Program up in PATH (or takes it as a path).
  explicit Graphviz(llvm::StringRef Program = "dot",
                    unsigned TimeoutSeconds = 60);

  /// Whether the program was found; if not, why().
  bool available() const { return !Path.empty(); }
  const std::string &why() const { return Problem; }

  /// The SVG element (XML prolog and doctype removed), or an error with
  /// dot's first line of complaint.
  llvm::Expected<std::string> renderSVG(llvm::StringRef Dot) const;

private:
  std::string Path, Problem;
  unsigned Timeout;
};

} // namespace p3

#endif
