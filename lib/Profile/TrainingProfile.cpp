//===- TrainingProfile.cpp - Frequencies for auto from a profile ---------===//

#include "Profile/TrainingProfile.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;

namespace p3 {

StringRef frequencySourceText(FrequencySource S) {
  switch (S) {
  case FrequencySource::Static:
    return "static";
  case FrequencySource::Trained:
    return "trained";
  case FrequencySource::Changed:
    return "static: changed since the training run";
  case FrequencySource::NotExecuted:
    return "static: never executed in the training run";
  case FrequencySource::Absent:
    return "static: not in the training profile";
  case FrequencySource::Unusable:
    return "static: unusable in the training profile";
  }
  return "?";
}

unsigned TrainingMatch::count(FrequencySource S) const {
  return std::count(Source.begin(), Source.end(), S);
}

std::string TrainingMatch::summary() const {
  std::string Static;
  auto Add = [&](FrequencySource S, StringRef What) {
    if (unsigned N = count(S))
      Static += formatv("{0}{1} {2}", Static.empty() ? "" : ", ", N, What);
  };
  Add(FrequencySource::Changed, "changed since the training run");
  Add(FrequencySource::NotExecuted, "never executed in it");
  Add(FrequencySource::Absent, "not in it");
  Add(FrequencySource::Unusable, "with unusable entries");
  std::string Line = formatv("{0} of {1} functions trained",
                             count(FrequencySource::Trained), Source.size());
  if (!Static.empty())
    Line += "; static estimates for " + Static;
  return Line;
}

TrainingMatch staticFrequencies(size_t Functions,
                                ArrayRef<double> Invocations) {
  TrainingMatch M;
  M.Frequencies.resize(Functions);
  for (size_t F = 0; F < Functions && F < Invocations.size(); ++F)
    M.Frequencies[F].Invocations = Invocations[F];
  M.Source.assign(Functions, FrequencySource::Static);
  M.Detail.resize(Functions);
  return M;
}

TrainingMatch matchTrainingProfile(const ProfileFile &Profile,
                                   ArrayRef<TrainingTarget> Targets) {
  TrainingMatch M = staticFrequencies(Targets.size());
  std::vector<double> Invocations; // of the trained functions
  for (unsigned T = 0; T < Targets.size(); ++T) {
    const TrainingTarget &Target = Targets[T];
    const FunctionGraph &G = *Target.Graph;
    FunctionFrequency &Freq = M.Frequencies[T];
    auto It = Profile.Functions.find(Target.Id);
    if (It == Profile.Functions.end() || It->second.CFGHash.empty()) {
      M.Source[T] = FrequencySource::Absent;
      continue;
    }
    const ProfileFile::Function &PF = It->second;
    if (PF.CFGHash != Target.CFGHash) {
      // The old path ids mean other paths; only their number is kept.
      double Executions = 0;
      for (auto [Id, Count] : PF.Paths)
        Executions += double(Count);
      M.Source[T] = FrequencySource::Changed;
      M.Detail[T] = formatv("CFG hash {0} in the profile, {1} now",
                            PF.CFGHash, Target.CFGHash);
      if (Executions > 0)
        Freq.Invocations = Executions / pathStarts(G.DAG, staticFlow(G.DAG));
      continue;
    }
    if (PF.Paths.empty()) {
      M.Source[T] = FrequencySource::NotExecuted;
      continue;
    }
    Expected<EdgeFrequencies> Flow = profileFlow(G, PF.Paths);
    if (!Flow) {
      M.Source[T] = FrequencySource::Unusable;
      M.Detail[T] = toString(Flow.takeError());
      continue;
    }
    M.Source[T] = FrequencySource::Trained;
    Freq.Flow = std::move(*Flow);
    Invocations.push_back(invocations(G.DAG, Freq.Flow));
  }

  // Functions the profile says nothing usable about: a typical function.
  double Typical = 1;
  if (!Invocations.empty()) {
    std::sort(Invocations.begin(), Invocations.end());
    Typical = std::max(1.0, Invocations[Invocations.size() / 2]);
  }
  for (unsigned T = 0; T < Targets.size(); ++T)
    if (M.Source[T] == FrequencySource::Absent ||
        M.Source[T] == FrequencySource::Unusable)
      M.Frequencies[T].Invocations = Typical;
  return M;
}

} // namespace p3
