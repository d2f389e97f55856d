//===- OverheadChart.cpp - Probe hits per copy as an SVG bar chart -------===//

#include "Profile/OverheadChart.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace p3 {

std::string overheadChartSVG(const CopyOverhead &O) {
  unsigned K = O.ModelHits.size();
  bool Measured = !O.MeasuredHits.empty();
  uint64_t Max = O.SBLHits;
  for (unsigned C = 0; C < K; ++C) {
    Max = std::max(Max, O.ModelHits[C]);
    if (Measured)
      Max = std::max(Max, O.MeasuredHits[C]);
  }
  const double Left = 80, Right = 20, Top = 24, Bottom = 36, Plot = 180;
  double Slot = K > 40 ? 12 : 48;
  double Width = Left + Right + std::max(240.0, Slot * K);
  double Height = Top + Plot + Bottom;
  auto Y = [&](uint64_t V) {
    return Top + Plot - (Max ? Plot * double(V) / double(Max) : 0);
  };
  std::string Text;
  raw_string_ostream OS(Text);
  OS << formatv("<svg class=\"chart\" id=\"overhead\" xmlns=\"http://www.w3.org/2000/svg\" "
                "width=\"{0:F0}\" height=\"{1:F0}\" role=\"img\" "
                "aria-label=\"probe hits per copy\">\n",
                Width, Height);
  // Axis with three ticks.
  OS << formatv("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" "
                "stroke=\"#888\"/>\n",
                Left, Top, Top + Plot);
  for (unsigned T = 0; T <= 2; ++T) {
    uint64_t V = Max / 2 * T;
    if (T == 2)
      V = Max;
    OS << formatv("<text x=\"{0}\" y=\"{1:F1}\" text-anchor=\"end\">{2}</text>\n",
                  Left - 6, Y(V) + 4, V);
  }
  double BarWidth = Measured ? Slot * 0.35 : Slot * 0.6;
  for (unsigned C = 0; C < K; ++C) {
    double X = Left + Slot * C + Slot * 0.2;
    uint64_t Hits = O.ModelHits[C];
    OS << formatv("<rect class=\"model\" data-copy=\"{0}\" data-hits=\"{1}\" "
                  "x=\"{2:F1}\" y=\"{3:F1}\" width=\"{4:F1}\" height=\"{5:F1}\" "
                  "fill=\"#4a6fc7\"><title>copy {0}: {1} probe hits "
                  "(model)</title></rect>\n",
                  C, Hits, X, Y(Hits), BarWidth, Top + Plot - Y(Hits));
    if (Measured && O.Present[C]) {
      uint64_t M = O.MeasuredHits[C];
      OS << formatv("<rect class=\"measured\" data-copy=\"{0}\" "
                    "data-hits=\"{1}\" x=\"{2:F1}\" y=\"{3:F1}\" "
                    "width=\"{4:F1}\" height=\"{5:F1}\" fill=\"#3c9d4e\">"
                    "<title>copy {0}: {1} probe hits (measured)</title>"
                    "</rect>\n",
                    C, M, X + BarWidth, Y(M), BarWidth, Top + Plot - Y(M));
    }
    if (K <= 40)
      OS << formatv("<text x=\"{0:F1}\" y=\"{1:F1}\" text-anchor=\"middle\">"
                    "{2}</text>\n",
                    X + (Measured ? BarWidth : BarWidth / 2), Top + Plot + 14,
                    C);
  }
  OS << formatv("<text x=\"{0:F1}\" y=\"{1:F1}\" text-anchor=\"middle\">copy"
                "</text>\n",
                Left + (Width - Left - Right) / 2, Top + Plot + 30);
  OS << formatv("<line class=\"sbl\" x1=\"{0}\" y1=\"{1:F1}\" x2=\"{2:F1}\" "
                "y2=\"{1:F1}\" stroke=\"#b70d28\" stroke-dasharray=\"5,3\"/>\n"
                "<text x=\"{2:F1}\" y=\"{3:F1}\" text-anchor=\"end\" "
                "fill=\"#b70d28\">SBL {4}</text>\n",
                Left, Y(O.SBLHits), Width - Right, Y(O.SBLHits) - 4, O.SBLHits);
  OS << formatv("<text x=\"{0}\" y=\"14\">probe hits: <tspan fill=\"#4a6fc7\">"
                "model</tspan>{1}</text>\n",
                Left,
                Measured ? ", <tspan fill=\"#3c9d4e\">measured</tspan>" : "");
  OS << "</svg>\n";
  return OS.str();
}

} // namespace p3
