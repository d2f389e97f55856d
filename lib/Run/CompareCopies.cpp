//===- CompareCopies.cpp - Did the copies behave like the program? -------===//

#include "Run/CompareCopies.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace p3 {

namespace {

/// The line of \p Text around \p Offset, shortened and escaped for display.
std::string lineAt(StringRef Text, size_t Offset) {
  size_t Begin = Text.rfind('\n', Offset == 0 ? 0 : Offset - 1);
  Begin = Begin == StringRef::npos || Offset == 0 ? 0 : Begin + 1;
  if (Offset > 0 && Text[Offset - 1] == '\n')
    Begin = Offset;
  size_t End = Text.find('\n', Begin);
  StringRef Line =
      Text.slice(Begin, End == StringRef::npos ? Text.size() : End);
  std::string Out;
  raw_string_ostream OS(Out);
  OS << '"';
  printEscapedString(Line.take_front(80), OS);
  OS << (Line.size() > 80 ? "...\"" : "\"");
  return OS.str();
}

/// Reports how copy \p C's stream differs from copy \p Ref's; false if
/// equal.
bool compareStream(StringRef Name, unsigned Ref, unsigned C, StringRef PathRef,
                   StringRef PathC, StringRef Tool, raw_ostream &OS) {
  // Mapped, not copied: a program's output can be large.
  auto Read = [](StringRef P) -> std::unique_ptr<MemoryBuffer> {
    ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(
        P, /*IsText=*/false, /*RequiresNullTerminator=*/false);
    return B ? std::move(*B) : MemoryBuffer::getMemBuffer("");
  };
  std::unique_ptr<MemoryBuffer> BufA = Read(PathRef), BufB = Read(PathC);
  StringRef A = BufA->getBuffer(), B = BufB->getBuffer();
  if (A == B)
    return false;
  size_t Offset = 0;
  while (Offset < A.size() && Offset < B.size() && A[Offset] == B[Offset])
    ++Offset;
  size_t Line = 1 + A.take_front(Offset).count('\n');
  OS << formatv("{0}: nondeterminism: copy {1} {2} differs from copy {3} at "
                "line {4}, byte {5}: ",
                Tool, C, Name, Ref, Line, Offset + 1);
  if (Offset == A.size())
    OS << "copy " << Ref << "'s ends there, copy " << C << " has "
       << lineAt(B, Offset) << "\n";
  else if (Offset == B.size())
    OS << "copy " << C << "'s ends there, copy " << Ref << " has "
       << lineAt(A, Offset) << "\n";
  else
    OS << "copy " << Ref << " has " << lineAt(A, Offset) << ", copy " << C
       << " has " << lineAt(B, Offset) << "\n";
  return true;
}

} // namespace

bool reportNondeterminism(const TaskSpec &Spec, ArrayRef<CopyOutcome> Outcomes,
                          unsigned Ref, StringRef Tool, raw_ostream &OS) {
  const CopyRecord &First = *Outcomes[Ref].Record;
  bool Differs = false;
  for (unsigned C = 0; C < Outcomes.size(); ++C) {
    if (C == Ref || !Outcomes[C].ran())
      continue;
    const CopyRecord &Other = *Outcomes[C].Record;
    if (Other.statusCode() != First.statusCode() || Other.End != First.End) {
      OS << Tool << ": nondeterminism: copy " << C << " " << Other.describe()
         << ", copy " << Ref << " " << First.describe() << "\n";
      Differs = true;
    }
    Differs |= compareStream("stdout", Ref, C, Spec.stdoutPath(Ref),
                             Spec.stdoutPath(C), Tool, OS);
    Differs |= compareStream("stderr", Ref, C, Spec.stderrPath(Ref),
                             Spec.stderrPath(C), Tool, OS);
  }
  return Differs;
}

} // namespace p3
