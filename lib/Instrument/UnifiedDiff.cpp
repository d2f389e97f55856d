//===- UnifiedDiff.cpp - Unified diffs of rewritten files ----------------===//

#include "Instrument/UnifiedDiff.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;

namespace p3 {

namespace {

std::vector<StringRef> splitLines(StringRef Text) {
  std::vector<StringRef> Lines;
  while (!Text.empty()) {
    size_t End = Text.find('\n');
    if (End == StringRef::npos) {
      Lines.push_back(Text);
      break;
    }
    Lines.push_back(Text.take_front(End + 1));
    Text = Text.drop_front(End + 1);
  }
  return Lines;
}

enum class Op : uint8_t { Keep, Remove, Add };

/// p3's rewrites add lines only at the top (the prologue) and change others
/// in place: line I of the old text is line I + Extra of the new one. This
/// script is then exact and linear.
std::vector<std::pair<Op, StringRef>>
alignedScript(const std::vector<StringRef> &A, const std::vector<StringRef> &B) {
  size_t Extra = B.size() - A.size();
  std::vector<std::pair<Op, StringRef>> Script;
  for (size_t J = 0; J < Extra; ++J)
    Script.push_back({Op::Add, B[J]});
  for (size_t I = 0; I < A.size(); ++I) {
    if (A[I] == B[Extra + I]) {
      Script.push_back({Op::Keep, A[I]});
      continue;
    }
    Script.push_back({Op::Remove, A[I]});
    Script.push_back({Op::Add, B[Extra + I]});
  }
  return Script;
}

/// Edit script between two line lists. Common prefix and suffix are trimmed
/// first; the middle is diffed with an LCS table when small, and otherwise
/// replaced as a block (still a correct diff).
std::vector<std::pair<Op, StringRef>> editScript(const std::vector<StringRef> &A,
                                                 const std::vector<StringRef> &B) {
  size_t Pre = 0;
  while (Pre < A.size() && Pre < B.size() && A[Pre] == B[Pre])
    ++Pre;
  size_t Suf = 0;
  while (Suf < A.size() - Pre && Suf < B.size() - Pre &&
         A[A.size() - 1 - Suf] == B[B.size() - 1 - Suf])
    ++Suf;
  std::vector<std::pair<Op, StringRef>> Script;
  for (size_t I = 0; I < Pre; ++I)
    Script.push_back({Op::Keep, A[I]});
  size_t N = A.size() - Pre - Suf, M = B.size() - Pre - Suf;
  auto MidA = [&](size_t I) { return A[Pre + I]; };
  auto MidB = [&](size_t J) { return B[Pre + J]; };
  if (N * M <= 4000000) {
    std::vector<std::vector<uint32_t>> L(N + 1, std::vector<uint32_t>(M + 1, 0));
    for (size_t I = N; I-- > 0;)
      for (size_t J = M; J-- > 0;)
        L[I][J] = MidA(I) == MidB(J) ? L[I + 1][J + 1] + 1
                                     : std::max(L[I + 1][J], L[I][J + 1]);
    size_t I = 0, J = 0;
    while (I < N || J < M) {
      if (I < N && J < M && MidA(I) == MidB(J)) {
        Script.push_back({Op::Keep, MidA(I)});
        ++I, ++J;
      } else if (J < M && (I == N || L[I][J + 1] >= L[I + 1][J])) {
        Script.push_back({Op::Add, MidB(J++)});
      } else {
        Script.push_back({Op::Remove, MidA(I++)});
      }
    }
  } else {
    for (size_t I = 0; I < N; ++I)
      Script.push_back({Op::Remove, MidA(I)});
    for (size_t J = 0; J < M; ++J)
      Script.push_back({Op::Add, MidB(J)});
  }
  for (size_t I = A.size() - Suf; I < A.size(); ++I)
    Script.push_back({Op::Keep, A[I]});
  return Script;
}

void appendLine(std::string &Out, char Mark, StringRef Line) {
  Out += Mark;
  Out += Line;
  if (!Line.ends_with("\n"))
    Out += "\n\\ No newline at end of file\n";
}

} // namespace

std::string unifiedDiff(StringRef Path, StringRef Old, StringRef New) {
  if (Old == New)
    return "";
  std::vector<StringRef> A = splitLines(Old), B = splitLines(New);
  std::vector<std::pair<Op, StringRef>> Script =
      B.size() >= A.size() ? alignedScript(A, B) : editScript(A, B);
  const size_t Context = 3;
  std::string Out = formatv("--- a/{0}\n+++ b/{0}\n", Path);
  size_t I = 0;
  // Line numbers of Script[Counted] in the old and new text.
  size_t Counted = 0, OldAt = 1, NewAt = 1;
  while (I < Script.size()) {
    // Find the next change, then extend the hunk while changes are close.
    size_t First = I;
    while (First < Script.size() && Script[First].first == Op::Keep)
      ++First;
    if (First == Script.size())
      break;
    size_t Begin = First > Context ? First - Context : 0;
    size_t End = First;
    for (size_t Quiet = 0; End < Script.size() && Quiet <= 2 * Context; ++End)
      Quiet = Script[End].first == Op::Keep ? Quiet + 1 : 0;
    // Trim trailing context to Context lines.
    size_t LastChange = End;
    while (LastChange > Begin && Script[LastChange - 1].first == Op::Keep)
      --LastChange;
    End = std::min(Script.size(), LastChange + Context);

    for (; Counted < Begin; ++Counted) {
      OldAt += Script[Counted].first != Op::Add;
      NewAt += Script[Counted].first != Op::Remove;
    }
    size_t OldLine = OldAt, NewLine = NewAt;
    size_t OldCount = 0, NewCount = 0;
    for (size_t K = Begin; K < End; ++K) {
      OldCount += Script[K].first != Op::Add;
      NewCount += Script[K].first != Op::Remove;
    }
    Out += formatv("@@ -{0},{1} +{2},{3} @@\n", OldCount ? OldLine : OldLine - 1,
                   OldCount, NewCount ? NewLine : NewLine - 1, NewCount);
    for (size_t K = Begin; K < End; ++K)
      appendLine(Out, Script[K].first == Op::Keep     ? ' '
                      : Script[K].first == Op::Remove ? '-'
                                                      : '+',
                 Script[K].second);
    I = End;
  }
  return Out;
}

std::string newFileDiff(StringRef Path, StringRef Text) {
  std::vector<StringRef> Lines = splitLines(Text);
  std::string Out =
      formatv("--- /dev/null\n+++ b/{0}\n@@ -0,0 +1,{1} @@\n", Path, Lines.size());
  for (StringRef L : Lines)
    appendLine(Out, '+', L);
  return Out;
}

} // namespace p3
