//===- OspRewrite.cpp - p3-rewrite --mode=osp: one copy with block actions ===//

#include "Instrument/OspRewrite.h"
#include "Instrument/BlockActions.h"
#include "Instrument/FileRewriter.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"

#include <set>

using namespace llvm;

namespace p3 {

/// For measuring what register mode across calls saves (bench): with
/// -osp-register-leaf-only, only functions that call nothing use it.
static cl::opt<bool> RegisterLeafOnly(
    "osp-register-leaf-only", cl::Hidden, cl::init(false),
    cl::desc("OSP register mode only in functions that call nothing (for "
             "measuring)"));

/// For checking chains (test/lit/osp): -osp-no-chains emits every straight
/// run of blocks as separate actions; traces must be the same.
static cl::opt<bool>
    NoChains("osp-no-chains", cl::Hidden, cl::init(false),
             cl::desc("OSP: no chained actions (for checking and measuring)"));

std::string ospPrologue(StringRef RuntimeInclude, unsigned FileIndex,
                        StringRef ManifestHash) {
  return formatv("#ifndef P3_OSP\n#define P3_OSP 1\n#endif\n"
                 "#include \"{0}\"\n#ifndef P3_OSP_UNIT_{1}\n"
                 "#define P3_OSP_UNIT_{1}\nP3_OSP_UNIT({1}, \"{2}\")\n"
                 "#endif\n#line 1\n",
                 RuntimeInclude, FileIndex, ManifestHash);
}

namespace {

/// "lines 8-9" or "line 8".
std::string linesOf(unsigned Line, unsigned End) {
  return Line == End ? formatv("line {0}", Line).str()
                     : formatv("lines {0}-{1}", Line, End).str();
}

std::string unobservedNote(const LoweredFunction &F,
                           ArrayRef<unsigned> Unobserved) {
  std::set<std::pair<unsigned, unsigned>> Spans;
  for (unsigned B : Unobserved)
    Spans.insert(F.BlockLines[B]);
  std::string Where;
  for (auto [Line, End] : Spans)
    Where += (Where.empty() ? "" : ", ") + linesOf(Line, End);
  return formatv("{0} block{1} with no place for an action (inside a macro "
                 "expansion or a constructor's initializers) on {2}: their "
                 "steps are not seen, the blocks around them form one step",
                 Unobserved.size(), Unobserved.size() == 1 ? "" : "s", Where);
}

} // namespace

Expected<OspRewritePlan>
planOspRewrite(ArrayRef<LoweredFunction> Functions,
               const std::map<std::string, std::string> &FileText,
               const OspRewriteOptions &Opts) {
  OspRewritePlan Plan;
  OspManifest &M = Plan.M;
  M.Tool = Opts.Tool;
  M.Root = Opts.Root;
  std::vector<BlockActionPlan> Actions(Functions.size());
  std::set<std::string> Files;
  for (unsigned I = 0; I < Functions.size(); ++I) {
    const LoweredFunction &F = Functions[I];
    OspFunction MF;
    MF.Index = I;
    MF.Id = F.Id;
    MF.Name = F.Name;
    MF.File = F.File;
    MF.Line = F.Line;
    MF.EndLine = F.EndLine;
    if (F.Skip) {
      MF.SkipReason = F.Skip->Message;
      M.Functions.push_back(std::move(MF));
      continue;
    }
    // Register mode for C functions whose calls are all in their blocks.
    Actions[I] = planBlockActions(
        F, unsigned(M.Blocks.size()) + 1,
        F.CallsNothing || (F.CallsOnlyInBlocks && !RegisterLeafOnly),
        !NoChains);
    const BlockActionPlan &A = Actions[I];
    if (A.Observed.empty()) {
      MF.SkipReason = A.Unobserved.empty()
                          ? "no block with code"
                          : "no block has a place for an action";
      M.Functions.push_back(std::move(MF));
      continue;
    }
    MF.Instrumented = true;
    for (unsigned B : A.Observed) {
      OspBlock Block;
      Block.Id = BlockId(M.Blocks.size() + 1);
      Block.Function = I;
      Block.CfgBlock = B;
      Block.Line = F.BlockLines[B].first;
      Block.EndLine = F.BlockLines[B].second;
      MF.Blocks.push_back(Block.Id);
      M.Blocks.push_back(Block);
    }
    for (unsigned B : A.Unobserved)
      MF.Unobserved.push_back({B, F.BlockLines[B].first, F.BlockLines[B].second});
    if (!A.Unobserved.empty())
      MF.Notes.push_back(unobservedNote(F, A.Unobserved));
    Files.insert(F.File);
    Plan.Summaries.push_back(
        {I, unsigned(A.Observed.size() + A.Unobserved.size()),
         unsigned(A.Observed.size())});
    M.Functions.push_back(std::move(MF));
  }
  M.Files.assign(Files.begin(), Files.end());
  M.Hash = M.computeHash();

  for (unsigned FileIndex = 0; FileIndex < M.Files.size(); ++FileIndex) {
    const std::string &File = M.Files[FileIndex];
    FileInstrumentation FI;
    FI.FileIndex = FileIndex;
    FI.ManifestHash = M.Hash;
    FI.OspPrologue = ospPrologue(runtimeIncludeFor(File), FileIndex, M.Hash);
    for (unsigned I = 0; I < Functions.size(); ++I)
      if (M.Functions[I].Instrumented && Functions[I].File == File)
        FI.Functions.push_back(
            {&Functions[I], &Actions[I].Code, 0, false, Actions[I].Enter});
    auto Text = FileText.find(File);
    if (Text == FileText.end())
      return createStringError(inconvertibleErrorCode(), "no text for " + File);
    std::string New = rewriteFile(Text->second, FI);
    if (New != Text->second)
      Plan.Files[File] = std::move(New);
  }
  return Plan;
}

} // namespace p3
