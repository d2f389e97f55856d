//===- TraceFile.cpp - Block traces for the exact counter (*.trace) -------===//

#include "Sampling/TraceFile.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstring>

using namespace llvm;

namespace p3 {

namespace {

Expected<TraceHeader> parseHeader(StringRef Path, StringRef Data) {
  auto Fail = [&](const Twine &Msg) {
    return createStringError(inconvertibleErrorCode(), Path + ": " + Msg);
  };
  size_t EOL = Data.find('\n');
  if (EOL == StringRef::npos)
    return Fail("not an OSP trace (no header line)");
  SmallVector<StringRef> W;
  Data.substr(0, EOL).split(W, ' ');
  TraceHeader H;
  if (W.size() != 4 || W[0] != "P3OSPTRACE")
    return Fail("not an OSP trace (no P3OSPTRACE header)");
  if (W[1] != "1")
    return Fail("unsupported trace version " + W[1]);
  H.Hash = W[2].str();
  if (W[3].getAsInteger(10, H.Pid))
    return Fail("the pid is not a number");
  return H;
}

} // namespace

Expected<TraceHeader> readTraceHeader(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFileSlice(
      Path, 256, 0);
  if (!Buf)
    return createStringError(Buf.getError(), Path + ": cannot read: " +
                                                 Buf.getError().message());
  return parseHeader(Path, (*Buf)->getBuffer());
}

Expected<TraceHeader>
readTrace(StringRef Path,
          function_ref<void(unsigned, ArrayRef<BlockId>)> Chunk) {
  auto Fail = [&](const Twine &Msg) {
    return createStringError(inconvertibleErrorCode(), Path + ": " + Msg);
  };
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(
      Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buf)
    return Fail("cannot read: " + Buf.getError().message());
  StringRef Data = (*Buf)->getBuffer();
  Expected<TraceHeader> H = parseHeader(Path, Data);
  if (!H)
    return H.takeError();
  size_t Pos = Data.find('\n') + 1;
  std::vector<BlockId> Ids;
  while (Pos < Data.size()) {
    uint32_t Head[2];
    if (Data.size() - Pos < sizeof(Head))
      return Fail(formatv("truncated chunk header at byte {0}", Pos));
    std::memcpy(Head, Data.data() + Pos, sizeof(Head));
    Pos += sizeof(Head);
    uint64_t Bytes = uint64_t(Head[1]) * 4;
    if (Data.size() - Pos < Bytes)
      return Fail(formatv("truncated chunk at byte {0}: {1} blocks announced",
                          Pos, Head[1]));
    Ids.resize(Head[1]);
    std::memcpy(Ids.data(), Data.data() + Pos, Bytes);
    Pos += Bytes;
    Chunk(Head[0], Ids);
  }
  return H;
}

} // namespace p3
