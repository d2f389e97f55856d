//===- RawProfileTest.cpp - The raw-profile reader -----------------------===//
//
// Every way a raw profile can be damaged (a process killed while writing, a
// full disk, files concatenated or edited) must be an error that names the
// file and line, never a different profile. The runtime's own output is
// checked by test/lit/runtime, which feeds real files to FileCheck.
//
//===----------------------------------------------------------------------===//

#include "Profile/RawProfile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>

using namespace p3;
using namespace llvm;

namespace {

const char *Hash = "9f2c0a1b2c3d4e5f";

std::string header(unsigned Copy = 2, uint64_t Pid = 4242) {
  return std::string("P3RAW 1 ") + Hash + " " + std::to_string(Copy) + " " +
         std::to_string(Pid) + "\n";
}

RawProfile parseOk(const std::string &Text) {
  Expected<RawProfile> P = parseRawProfile(Text, "ok.raw");
  if (!P) {
    ADD_FAILURE() << toString(P.takeError()) << "\nin:\n" << Text;
    return RawProfile();
  }
  return std::move(*P);
}

/// Parsing must fail at \p Line with a message containing \p Substr.
void expectError(const std::string &Text, unsigned Line,
                 const std::string &Substr) {
  Expected<RawProfile> P = parseRawProfile(Text, "bad.raw");
  ASSERT_FALSE(static_cast<bool>(P)) << "accepted:\n" << Text;
  std::string Msg = toString(P.takeError());
  std::string Where = "bad.raw:" + std::to_string(Line) + ": ";
  EXPECT_EQ(Msg.rfind(Where, 0), 0u)
      << Msg << "\nexpected it to start with " << Where << "\nin:\n"
      << Text;
  EXPECT_NE(Msg.find(Substr), std::string::npos)
      << Msg << "\nexpected it to contain: " << Substr << "\nin:\n"
      << Text;
}

bool sameRecords(const std::vector<RawRecord> &A,
                 const std::vector<RawRecord> &B) {
  if (A.size() != B.size())
    return false;
  for (size_t I = 0; I < A.size(); ++I)
    if (A[I].Function != B[I].Function || A[I].Id != B[I].Id ||
        A[I].Count != B[I].Count)
      return false;
  return true;
}

void expectSame(const RawProfile &A, const RawProfile &B) {
  ASSERT_EQ(A.Sections.size(), B.Sections.size());
  for (size_t I = 0; I < A.Sections.size(); ++I) {
    const RawSection &X = A.Sections[I], &Y = B.Sections[I];
    EXPECT_EQ(X.ManifestHash, Y.ManifestHash);
    EXPECT_EQ(X.Copy, Y.Copy);
    EXPECT_EQ(X.Pid, Y.Pid);
    EXPECT_EQ(X.ProbeHits, Y.ProbeHits);
    EXPECT_EQ(X.Forked, Y.Forked);
    EXPECT_TRUE(sameRecords(X.Records, Y.Records)) << "section " << I;
    ASSERT_EQ(X.Dropped.size(), Y.Dropped.size());
    for (size_t J = 0; J < X.Dropped.size(); ++J) {
      EXPECT_EQ(X.Dropped[J].Function, Y.Dropped[J].Function);
      EXPECT_EQ(X.Dropped[J].Count, Y.Dropped[J].Count);
    }
    ASSERT_EQ(X.Lost.size(), Y.Lost.size());
    for (size_t J = 0; J < X.Lost.size(); ++J) {
      EXPECT_EQ(X.Lost[J].Function, Y.Lost[J].Function);
      EXPECT_EQ(X.Lost[J].Count, Y.Lost[J].Count);
    }
    ASSERT_EQ(X.FunctionProbes.size(), Y.FunctionProbes.size());
    for (size_t J = 0; J < X.FunctionProbes.size(); ++J) {
      EXPECT_EQ(X.FunctionProbes[J].Function, Y.FunctionProbes[J].Function);
      EXPECT_EQ(X.FunctionProbes[J].Count, Y.FunctionProbes[J].Count);
    }
  }
}

TEST(RawProfile, ParsesWhatTheRuntimeWrites) {
  // Two sections: an appended second run under a reused pid, and a unit of
  // another copy; extremes of every number.
  std::string Text = header() +
                     "0 0 3\n"
                     "0 1 18446744073709551615\n"
                     "12 18446744073709551615 1\n"
                     "dropped 0 18446744073709551615\n"
                     "dropped 12 5\n"
                     "lost 12 7\n"
                     "function-probes 0 123456700\n"
                     "function-probes 12 89\n"
                     "probes 123456789\n"
                     "end 3\n" +
                     header(4294967295u, 18446744073709551615ull) + "end 0\n";
  RawProfile P = parseOk(Text);
  EXPECT_EQ(P.Path, "ok.raw");
  ASSERT_EQ(P.Sections.size(), 2u);
  const RawSection &S = P.Sections[0];
  EXPECT_EQ(S.ManifestHash, Hash);
  EXPECT_EQ(S.Copy, 2u);
  EXPECT_EQ(S.Pid, 4242u);
  ASSERT_TRUE(S.ProbeHits.has_value());
  EXPECT_EQ(*S.ProbeHits, 123456789u);
  ASSERT_EQ(S.Records.size(), 3u);
  EXPECT_EQ(S.Records[1].Count, UINT64_MAX);
  EXPECT_EQ(S.Records[2].Function, 12u);
  EXPECT_EQ(S.Records[2].Id, UINT64_MAX);
  ASSERT_EQ(S.Dropped.size(), 2u);
  EXPECT_EQ(S.Dropped[0].Function, 0u);
  EXPECT_EQ(S.Dropped[0].Count, UINT64_MAX);
  EXPECT_EQ(S.Dropped[1].Function, 12u);
  EXPECT_EQ(S.Dropped[1].Count, 5u);
  ASSERT_EQ(S.Lost.size(), 1u);
  EXPECT_EQ(S.Lost[0].Function, 12u);
  EXPECT_EQ(S.Lost[0].Count, 7u);
  ASSERT_EQ(S.FunctionProbes.size(), 2u);
  EXPECT_EQ(S.FunctionProbes[1].Function, 12u);
  EXPECT_EQ(S.FunctionProbes[1].Count, 89u);
  const RawSection &T = P.Sections[1];
  EXPECT_EQ(T.Copy, 4294967295u);
  EXPECT_EQ(T.Pid, UINT64_MAX);
  EXPECT_FALSE(T.ProbeHits.has_value());
  EXPECT_TRUE(T.Records.empty());
  EXPECT_EQ(printRawProfile(P), Text);
}

TEST(RawProfile, RoundTrip) {
  RawProfile P;
  for (unsigned I = 0; I < 3; ++I) {
    RawSection S;
    S.ManifestHash = I == 1 ? "0123456789abcdef" : Hash;
    S.Copy = I;
    S.Pid = 1000 + I;
    if (I != 1)
      S.ProbeHits = 77 * I;
    for (unsigned F = 0; F < 5; ++F)
      for (uint64_t Id = 0; Id < 4 + I; ++Id)
        S.Records.push_back({F, Id * 1000003u + I, (Id + 1) * (F + 1)});
    if (I == 2)
      S.Lost.push_back({4, 9});
    if (I != 0)
      S.Dropped.push_back({3, 1000 * I});
    if (I == 2)
      S.FunctionProbes = {{0, 100}, {4, 54}}; // 77 * 2 probes in all
    S.Forked = I == 1;

    P.Sections.push_back(S);
  }
  std::string Text = printRawProfile(P);
  RawProfile Q = parseOk(Text);
  expectSame(P, Q);
  EXPECT_EQ(printRawProfile(Q), Text);
}

TEST(RawProfile, ReadsFiles) {
  SmallString<128> Path;
  ASSERT_FALSE(sys::fs::createTemporaryFile("p3-raw-test", "raw", Path));
  {
    std::error_code EC;
    raw_fd_ostream OS(Path, EC);
    ASSERT_FALSE(EC);
    OS << header() << "3 4 5\nend 1\n";
  }
  Expected<RawProfile> P = readRawProfile(Path);
  ASSERT_TRUE(static_cast<bool>(P)) << toString(P.takeError());
  EXPECT_EQ(P->Path, Path.str().str());
  ASSERT_EQ(P->Sections.size(), 1u);
  ASSERT_EQ(P->Sections[0].Records.size(), 1u);
  EXPECT_EQ(P->Sections[0].Records[0].Count, 5u);

  // Errors in a file carry its name.
  {
    std::error_code EC;
    raw_fd_ostream OS(Path, EC);
    ASSERT_FALSE(EC);
    OS << header() << "3 4 5\n";
  }
  P = readRawProfile(Path);
  ASSERT_FALSE(static_cast<bool>(P));
  std::string Msg = toString(P.takeError());
  EXPECT_EQ(Msg.rfind((Path + ":2: ").str(), 0), 0u) << Msg;
  sys::fs::remove(Path);

  P = readRawProfile(Path);
  ASSERT_FALSE(static_cast<bool>(P));
  Msg = toString(P.takeError());
  EXPECT_NE(Msg.find(Path.str().str()), std::string::npos) << Msg;
  EXPECT_NE(Msg.find("cannot read"), std::string::npos) << Msg;
}

TEST(RawProfile, Truncated) {
  expectError("", 1, "empty raw profile");
  // Cut inside a line: the last line has no newline.
  expectError(header() + "0 1", 2, "last line has no newline");
  expectError(header() + "0 1 2\nend 1", 3, "last line has no newline");
  expectError("P3RAW 1 9f2c", 1, "last line has no newline");
  // Cut at a line boundary: no end.
  expectError(header(), 1, "no 'end' line");
  expectError(header() + "0 1 2\n", 2, "no 'end' line");
  expectError(header() + "0 1 2\nprobes 4\n", 3, "no 'end' line");
  // A truncated section followed by an appended one.
  expectError(header() + "0 1 2\n" + header(), 3, "truncated section");
}

TEST(RawProfile, WrongEndCount) {
  expectError(header() + "0 1 2\nend 2\n", 3, "'end' says 2 records");
  expectError(header() + "0 1 2\n0 2 2\nend 1\n", 4, "but the section has 2");
  expectError(header() + "end 1\n", 2, "'end' says 1 records");
  expectError(header() + "0 1 2\nend\n", 3, "malformed 'end' line");
  expectError(header() + "0 1 2\nend 1 1\n", 3, "malformed 'end' line");
  expectError(header() + "0 1 2\nend x\n", 3, "record count 'x'");
}

TEST(RawProfile, BadHeader) {
  expectError("0 1 2\nend 1\n", 1, "expected a section header");
  expectError("P3RAWX 1 9f2c0a1b2c3d4e5f 2 4\nend 0\n", 1,
              "expected a section header");
  expectError("P3RAW 1 9f2c0a1b2c3d4e5f 2\nend 0\n", 1,
              "malformed section header");
  expectError("P3RAW 1 9f2c0a1b2c3d4e5f 2 4 5\nend 0\n", 1,
              "malformed section header");
  expectError("P3RAW 2 9f2c0a1b2c3d4e5f 2 4\nend 0\n", 1,
              "unsupported raw profile version '2'");
  expectError("P3RAW 1 9F2C0A1B2C3D4E5F 2 4\nend 0\n", 1,
              "not 16 lowercase hexadecimal digits");
  expectError("P3RAW 1 9f2c0a1b2c3d4e5 2 4\nend 0\n", 1,
              "not 16 lowercase hexadecimal digits");
  expectError("P3RAW 1 9f2c0a1b2c3d4e5fa 2 4\nend 0\n", 1,
              "not 16 lowercase hexadecimal digits");
  expectError("P3RAW 1 9f2c0a1b2c3d4e5g 2 4\nend 0\n", 1,
              "not 16 lowercase hexadecimal digits");
  expectError("P3RAW 1 9f2c0a1b2c3d4e5f -2 4\nend 0\n", 1, "copy '-2'");
  expectError("P3RAW 1 9f2c0a1b2c3d4e5f 4294967296 4\nend 0\n", 1,
              "copy '4294967296' does not fit 32 bits");
  expectError("P3RAW 1 9f2c0a1b2c3d4e5f 2 18446744073709551616\nend 0\n", 1,
              "pid '18446744073709551616' does not fit 64 bits");
  // The second section's header is checked as strictly as the first.
  expectError(header() + "end 0\nP3RAW 1 9f2c0a1b2c3d4e5f 2 x\nend 0\n", 3,
              "pid 'x'");
}

TEST(RawProfile, BadNumber) {
  expectError(header() + "0 x 2\nend 1\n", 2, "path id 'x'");
  expectError(header() + "0 -1 2\nend 1\n", 2, "path id '-1'");
  expectError(header() + "0 +1 2\nend 1\n", 2, "path id '+1'");
  expectError(header() + "0 0x10 2\nend 1\n", 2, "path id '0x10'");
  expectError(header() + "0 1 2.5\nend 1\n", 2, "count '2.5'");
  expectError(header() + "0 01 2\nend 1\n", 2, "leading zero");
  expectError(header() + "00 1 2\nend 1\n", 2, "leading zero");
  expectError(header() + "0a 1 2\nend 1\n", 2, "function index '0a'");
  expectError(header() + "0 1 2\nprobes -3\nend 1\n", 3, "probe count '-3'");
  expectError(header() + "lost 1 z\nend 0\n", 2, "lost count 'z'");
}

TEST(RawProfile, Overflow) {
  expectError(header() + "0 18446744073709551616 2\nend 1\n", 2,
              "path id '18446744073709551616' does not fit 64 bits");
  expectError(header() + "0 1 18446744073709551616\nend 1\n", 2,
              "count '18446744073709551616' does not fit 64 bits");
  expectError(header() + "0 1 99999999999999999999999\nend 1\n", 2,
              "does not fit 64 bits");
  expectError(header() + "4294967296 1 2\nend 1\n", 2,
              "function index '4294967296' does not fit 32 bits");
  expectError(header() + "0 1 2\nprobes 18446744073709551616\nend 1\n", 3,
              "does not fit 64 bits");
  expectError(header() + "0 1 2\nend 18446744073709551616\n", 3,
              "does not fit 64 bits");
}

TEST(RawProfile, MalformedLines) {
  expectError(header() + "0 1\nend 1\n", 2, "malformed record");
  expectError(header() + "0 1 2 3\nend 1\n", 2, "malformed record");
  expectError(header() + "hello world 1\nend 1\n", 2, "malformed record");
  expectError(header() + "0  1 2\nend 1\n", 2, "exactly one space");
  expectError(header() + "0 1 2 \nend 1\n", 2, "exactly one space");
  expectError(header() + " 0 1 2\nend 1\n", 2, "exactly one space");
  expectError(header() + "0\t1 2\nend 1\n", 2, "unexpected character");
  expectError(header() + "0 1 2\r\nend 1\n", 2, "unexpected character");
  expectError(header() + "\nend 0\n", 2, "empty line");
  expectError(header() + "0 1 0\nend 1\n", 2, "zero count");
  expectError(header() + "0 1 2\n0 1 3\nend 2\n", 3,
              "second record for function 0, path id 1");
  expectError(header() + "0 1 2\nprobes\nend 1\n", 3, "malformed 'probes'");
  expectError(header() + "lost 3\nend 0\n", 2, "malformed 'lost'");
  expectError(header() + "lost 3 0\nend 0\n", 2, "zero count");
  expectError(header() + "lost 3 1\nlost 3 1\nend 0\n", 3,
              "second 'lost' line for function 3");
  expectError(header() + "dropped 3\nend 0\n", 2, "malformed 'dropped'");
  expectError(header() + "dropped 3 0\nend 0\n", 2, "zero count");
  expectError(header() + "dropped x 1\nend 0\n", 2, "function index 'x'");
  expectError(header() + "dropped 3 1\ndropped 3 1\nend 0\n", 3,
              "second 'dropped' line for function 3");
}

TEST(RawProfile, FunctionCountLines) {
  // 'dropped', 'lost' and 'function-probes' lines share one syntax,
  // '<keyword> <function> <count>', and the same checks.
  struct Keyword {
    std::string Name, CountName, Syntax;
  } Keywords[] = {
      {"dropped", "dropped count", "'dropped <function> <count>'"},
      {"lost", "lost count", "'lost <function> <count>'"},
      {"function-probes", "probe count", "'function-probes <function> <n>'"},
  };
  for (const Keyword &K : Keywords) {
    SCOPED_TRACE(K.Name);
    std::string Start = header() + K.Name + " ";
    // What may follow the line in a section (function-probes lines need the
    // probes line after them).
    std::string Rest =
        K.Name == "function-probes" ? "probes 9\nend 0\n" : "end 0\n";
    expectError(Start + "3\n" + Rest, 2,
                "malformed '" + K.Name + "' line: expected " + K.Syntax);
    expectError(Start + "3 1 1\n" + Rest, 2,
                "malformed '" + K.Name + "' line: expected " + K.Syntax);
    expectError(Start + "x 1\n" + Rest, 2,
                "function index 'x' is not an unsigned decimal number");
    expectError(Start + "4294967296 1\n" + Rest, 2,
                "function index '4294967296' does not fit 32 bits");
    expectError(Start + "03 1\n" + Rest, 2,
                "function index '03' has a leading zero");
    expectError(Start + "3 y\n" + Rest, 2,
                K.CountName + " 'y' is not an unsigned decimal number");
    expectError(Start + "3 18446744073709551616\n" + Rest, 2,
                K.CountName + " '18446744073709551616' does not fit 64 bits");
    expectError(Start + "3 0\n" + Rest, 2,
                "'" + K.Name + "' line with a zero count");
    expectError(Start + "3 1\n" + K.Name + " 3 1\n" + Rest, 3,
                "second '" + K.Name + "' line for function 3");
    // The largest function index and count are read, and printed back.
    std::string Largest =
        Start + "4294967295 18446744073709551615\n" +
        (K.Name == "function-probes" ? "probes 18446744073709551615\n" : "") +
        "end 0\n";
    EXPECT_EQ(printRawProfile(parseOk(Largest)), Largest);
  }
}

TEST(RawProfile, OrderWithinASection) {
  // Records, then dropped lines, then lost lines, then probes, then end: the
  // runtime's order.
  expectError(header() + "lost 3 1\n0 1 2\nend 1\n", 3, "after 'lost' lines");
  expectError(header() + "dropped 3 1\n0 1 2\nend 1\n", 3,
              "after 'dropped' lines");
  expectError(header() + "lost 3 1\ndropped 3 1\nend 0\n", 3,
              "'dropped' line after a 'lost' line");
  expectError(header() + "probes 3\ndropped 1 2\nend 0\n", 3,
              "expected 'end <records>'");
  expectError(header() + "probes 3\n0 1 2\nend 1\n", 3,
              "expected 'end <records>' after the 'probes' line");
  expectError(header() + "probes 3\nlost 1 2\nend 0\n", 3,
              "expected 'end <records>'");
  expectError(header() + "probes 3\nprobes 3\nend 0\n", 3,
              "second 'probes' line");
}

TEST(RawProfile, FunctionProbes) {
  // Per-function probe counts come after the lost lines and add up to the
  // probes line, which must follow them.
  expectError(header() + "function-probes 1 2\nprobes 3\nend 0\n", 3,
              "'probes 3' but the 'function-probes' lines add up to 2");
  expectError(header() + "function-probes 1 2\nend 0\n", 3,
              "'function-probes' lines without a 'probes' line");
  expectError(header() + "function-probes 1 0\nprobes 0\nend 0\n", 2,
              "'function-probes' line with a zero count");
  expectError(header() + "function-probes 1 2\nfunction-probes 1 2\n"
                         "probes 4\nend 0\n",
              3, "second 'function-probes' line for function 1");
  expectError(header() + "function-probes 1 2\nlost 1 2\nprobes 2\nend 0\n", 3,
              "expected a 'function-probes' or 'probes' line");
  expectError(header() + "function-probes 1 2\n0 1 2\nprobes 2\nend 1\n", 3,
              "expected a 'function-probes' or 'probes' line");
  expectError(header() + "probes 2\nfunction-probes 1 2\nend 0\n", 3,
              "expected 'end <records>' after the 'probes' line");
  expectError(header() + "function-probes 1\nprobes 2\nend 0\n", 2,
              "malformed 'function-probes' line");
  expectError(header() + "function-probes 1 18446744073709551615\n"
                         "function-probes 2 1\nprobes 18446744073709551615\n"
                         "end 0\n",
              4, "add up to more than 18446744073709551615");
}

TEST(RawProfile, Forked) {
  RawProfile P =
      parseOk(header() + "forked\n0 1 2\nend 1\n" + header() + "end 0\n");
  ASSERT_EQ(P.Sections.size(), 2u);
  EXPECT_TRUE(P.Sections[0].Forked);
  EXPECT_FALSE(P.Sections[1].Forked);
  expectError(header() + "0 1 2\nforked\nend 1\n", 3,
              "'forked' line not right after the section header");
  expectError(header() + "forked\nforked\nend 0\n", 3,
              "'forked' line not right after the section header");
  expectError(header() + "forked 12\nend 0\n", 2, "malformed 'forked' line");
}

TEST(RawProfile, GarbageAfterEnd) {
  expectError(header() + "0 1 2\nend 1\ngarbage\n", 4,
              "expected a section header");
  expectError(header() + "0 1 2\nend 1\n0 1 2\n", 4,
              "expected a section header");
  expectError(header() + "0 1 2\nend 1\nend 1\n", 4,
              "expected a section header");
  expectError(header() + "0 1 2\nend 1\n\n", 4, "empty line");
  std::string Nul = header() + "end 0\n";
  Nul += '\0';
  Nul += '\n';
  expectError(Nul, 3, "unexpected character");
}

} // namespace
