//===- DotGraph.h - A function's paths as a Graphviz picture -------------===//
//
// The function's CFG as the path profile sees it, in Graphviz's dot
// language: one node per block that some path reaches (labelled with its
// source lines; the tooltip shows their text when the source is at hand),
// ENTRY and EXIT; one edge per CFG edge. Loop back edges (where Ball-Larus
// paths end and begin) are dashed, cuts dotted. Edge widths and colours
// follow the execution counts in the style of LLVM's -dot-cfg with
// -cfg-heat-colors (cold blue to hot red, relative to the hottest edge), and
// the edges of the function's hottest path are bold. Elements carry ids
// ("b<block>", "e<block>_<successor>") so that the HTML report can highlight
// a path in the rendered SVG.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_DOTGRAPH_H
#define P3_PROFILE_DOTGRAPH_H

#include "Profile/EdgeFlow.h"
#include "Profile/Manifest.h"
#include "Profile/SourceFiles.h"

namespace p3 {

/// "#rrggbb" for a heat in [0, 1] (0 cold, 1 hottest).
std::string heatColor(double Heat);

/// Heat of \p Count relative to \p Max, on a logarithmic scale.
double heatOf(uint64_t Count, uint64_t Max);

/// The dot text. \p Src may be null (tooltips then show line numbers only).
/// \p IdPrefix goes before every element id (several pictures on one page).
std::string functionDot(const ManifestFunction &MF, const FunctionGraph &G,
                        const EdgeFlow &Flow, const PathCounts &Counts,
                        const SourceFile *Src, llvm::StringRef IdPrefix = "");

/// "3-5, 8" for a list of lines.
std::string formatLineList(llvm::ArrayRef<unsigned> Lines);

} // namespace p3

#endif
