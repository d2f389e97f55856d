//===- OverheadChart.h - Probe hits per copy as an SVG bar chart ---------===//
//
// The HTML report's picture of what each copy cost: per copy, the probe hits
// the overhead model gives on the merged profile (and, for probe-counting
// builds, what the copy measured), against SBL's (one copy profiling every
// path). Hand-written SVG: no library, no network.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_OVERHEADCHART_H
#define P3_PROFILE_OVERHEADCHART_H

#include "Profile/Overhead.h"

#include <string>

namespace p3 {

/// An <svg> element.
std::string overheadChartSVG(const CopyOverhead &O);

} // namespace p3

#endif
