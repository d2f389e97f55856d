//===- Graphviz.cpp - Render dot text to SVG with Graphviz's dot ---------===//

#include "Profile/Graphviz.h"
#include "Profile/Fail.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace p3 {

Graphviz::Graphviz(StringRef Program, unsigned TimeoutSeconds)
    : Timeout(TimeoutSeconds) {
  if (Program.contains('/')) {
    if (sys::fs::can_execute(Program))
      Path = Program.str();
    else
      Problem = (Program + " is not an executable program").str();
    return;
  }
  if (ErrorOr<std::string> P = sys::findProgramByName(Program))
    Path = *P;
  else
    Problem = (Program + " not found in PATH (install Graphviz: apt-get "
                         "install graphviz)")
                  .str();
}

namespace {

std::string readText(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : std::string();
}

} // namespace

Expected<std::string> Graphviz::renderSVG(StringRef Dot) const {
  if (!available())
    return fail(Problem);
  SmallString<128> In, Out, Err;
  for (auto [Name, Suffix] : {std::pair{&In, "dot"}, std::pair{&Out, "svg"},
                              std::pair{&Err, "txt"}})
    if (std::error_code EC =
            sys::fs::createTemporaryFile("p3-graph", Suffix, *Name))
      return fail("cannot create a temporary file: " + EC.message());
  FileRemover RemoveIn(In), RemoveOut(Out), RemoveErr(Err);
  {
    std::error_code EC;
    raw_fd_ostream OS(In, EC);
    if (EC)
      return fail("cannot write " + In + ": " + EC.message());
    OS << Dot;
  }
  std::string Message;
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Out),
                                          StringRef(Err)};
  int Status = sys::ExecuteAndWait(Path, {Path, "-Tsvg", In}, std::nullopt,
                                   Redirects, Timeout, 0, &Message);
  if (Status != 0) {
    std::string Complaint = StringRef(readText(Err)).trim().split('\n').first.str();
    if (Status == -2)
      return fail(Path + " took more than " + Twine(Timeout) +
                  " seconds and was stopped");
    return fail(
        Path + " failed (" +
        (Status < 0 ? Message : "exit status " + std::to_string(Status)) + ")" +
        (Complaint.empty() ? "" : ": " + Complaint));
  }
  std::string SVG = readText(Out);
  size_t Start = SVG.find("<svg");
  if (Start == std::string::npos)
    return fail(Path + " wrote no SVG");
  return SVG.substr(Start);
}

} // namespace p3
