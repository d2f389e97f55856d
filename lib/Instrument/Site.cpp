//===- Site.cpp - Places in a source file where probes can go ------------===//

#include "Instrument/Site.h"

#include <algorithm>

namespace p3 {

bool sameLowering(const LoweredFunction &A, const LoweredFunction &B) {
  auto SameSites = [](const Site &X, const Site &Y) {
    return X.Kind == Y.Kind && X.Begin == Y.Begin && X.End == Y.End &&
           X.NeedsBraces == Y.NeedsBraces && X.NeedsParens == Y.NeedsParens &&
           X.BeforeCaseLabel == Y.BeforeCaseLabel &&
           X.BeforeCaseLabelAfter == Y.BeforeCaseLabelAfter &&
           X.Sequenced == Y.Sequenced &&
           X.SequencedWithCalls == Y.SequencedWithCalls &&
           X.WholeStatement == Y.WholeStatement && X.ValueType == Y.ValueType &&
           X.CallValue == Y.CallValue && X.StatementEnd == Y.StatementEnd;
  };
  auto SameBlocks = [](const BlockSites &X, const BlockSites &Y) {
    return X.OncePerPass == Y.OncePerPass && X.Branch == Y.Branch &&
           X.OutcomeIsTrue == Y.OutcomeIsTrue &&
           X.EndsInNoReturn == Y.EndsInNoReturn &&
           X.EndsInComputedGoto == Y.EndsInComputedGoto &&
           X.CallsAfterCount == Y.CallsAfterCount &&
           X.HandlerStart == Y.HandlerStart && X.EdgeSites == Y.EdgeSites;
  };
  if (A.Skip.has_value() != B.Skip.has_value())
    return false;
  if (A.Skip)
    return A.Skip->Message == B.Skip->Message;
  return A.Graph.Entry == B.Graph.Entry && A.Graph.Exit == B.Graph.Exit &&
         A.Graph.Succs == B.Graph.Succs &&
         A.Graph.ExtraStarts == B.Graph.ExtraStarts &&
         A.BodyBegin == B.BodyBegin && A.BodyEnd == B.BodyEnd &&
         A.AllowExitGuard == B.AllowExitGuard &&
         A.CallsNothing == B.CallsNothing &&
         A.CallsOnlyInBlocks == B.CallsOnlyInBlocks &&
         A.CallingBlocks == B.CallingBlocks &&
         A.ReturnValues == B.ReturnValues && A.Joins == B.Joins &&
         A.CutCalls == B.CutCalls && A.SetjmpRestarts == B.SetjmpRestarts &&
         std::equal(A.Sites.begin(), A.Sites.end(), B.Sites.begin(),
                    B.Sites.end(), SameSites) &&
         std::equal(A.Blocks.begin(), A.Blocks.end(), B.Blocks.begin(),
                    B.Blocks.end(), SameBlocks);
}

} // namespace p3
