//===- SlurmStates.cpp - What Slurm says about a job array's tasks -------===//

#include "Run/SlurmStates.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace p3 {

std::string arraySpec(ArrayRef<unsigned> Copies) {
  bool Consecutive = true;
  for (unsigned I = 1; I < Copies.size(); ++I)
    Consecutive &= Copies[I] == Copies[I - 1] + 1;
  if (Consecutive && Copies.size() > 1)
    return formatv("{0}-{1}", Copies.front(), Copies.back()).str();
  std::string S;
  for (unsigned C : Copies)
    S += (S.empty() ? "" : ",") + std::to_string(C);
  return S;
}

std::map<unsigned, TaskState> parseScontrol(StringRef Text) {
  std::map<unsigned, TaskState> States;
  SmallVector<StringRef> Lines, Words;
  Text.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef Line : Lines) {
    Words.clear();
    Line.split(Words, ' ', -1, /*KeepEmpty=*/false);
    std::map<StringRef, StringRef> Fields;
    for (StringRef W : Words) {
      auto [K, V] = W.split('=');
      Fields.try_emplace(K, V);
    }
    unsigned Task;
    if (!Fields.count("ArrayTaskId") ||
        Fields["ArrayTaskId"].getAsInteger(10, Task))
      continue;
    States[Task] = {Fields["JobState"].str(), Fields["Reason"].str(),
                    Fields["ExitCode"].str()};
  }
  return States;
}

std::map<unsigned, TaskState> parseSacct(StringRef Text) {
  std::map<unsigned, TaskState> States;
  SmallVector<StringRef> Lines, Fields;
  Text.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef Line : Lines) {
    Fields.clear();
    Line.split(Fields, '|');
    unsigned Task;
    if (Fields.size() < 4 ||
        Fields[0].rsplit('_').second.getAsInteger(10, Task))
      continue;
    // "CANCELLED by 0" -> "CANCELLED"
    States[Task] = {Fields[1].split(' ').first.str(), Fields[3].str(),
                    Fields[2].str()};
  }
  return States;
}

} // namespace p3
