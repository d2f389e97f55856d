//===- FileRewriterTest.cpp - The text of a rewritten file ---------------===//
//
// Insertions at one offset must nest like brackets, whatever order the sites
// come in: two wrappers of the same range (an arm's P3_SEQ and its first
// condition's P3_IF, ../shared/repro/seq-if-order.c) close in the reverse
// order they open.
//
//===----------------------------------------------------------------------===//

#include "Instrument/FileRewriter.h"

#include "gtest/gtest.h"

using namespace p3;

namespace {

struct Fixture {
  std::string Text;
  LoweredFunction F;
  FunctionCode Code;
  FileInstrumentation Plan;

  explicit Fixture(std::string Source) : Text(std::move(Source)) {
    F.BodyBegin = Text.find('{') + 1;
    F.BodyEnd = Text.rfind('}');
    Code.Instrumented = true;
    Plan.RuntimeInclude = "p3_runtime.h";
    Plan.ManifestHash = "0";
    Plan.Table.push_back({0, 8, false});
  }

  unsigned site(SiteKind Kind, llvm::StringRef Of) {
    Site S;
    S.Kind = Kind;
    S.Begin = Text.find(Of.str());
    S.End = S.Begin + Of.size();
    F.Sites.push_back(S);
    return F.Sites.size() - 1;
  }

  /// The function's text after the prologue ("#line 1").
  std::string rewrite() {
    Plan.Functions = {{&F, &Code, /*TableSlot=*/0, /*Guarded=*/false,
                       /*OspEnter=*/""}};
    std::string Out = rewriteFile(Text, Plan);
    return Out.substr(Out.find("#line 1\n") + 8);
  }
};

TEST(FileRewriter, WrappersOfOneRangeNest) {
  // Both orders of the two sites give the same, well-nested text.
  for (bool ConditionFirst : {false, true}) {
    Fixture X("void f(int p) { if (ON(p) && lib(p)) g(); }");
    unsigned Cond = 0, Arm = 0;
    if (ConditionFirst) {
      Cond = X.site(SiteKind::Condition, "lib(p)");
      Arm = X.site(SiteKind::Expression, "lib(p)");
    } else {
      Arm = X.site(SiteKind::Expression, "lib(p)");
      Cond = X.site(SiteKind::Condition, "lib(p)");
    }
    X.Code.Sites[Arm].Entry = {"P3_ADD(2)"};
    X.Code.Sites[Cond].IfTrue = {};
    X.Code.Sites[Cond].IfFalse = {"P3_BACK(1, 10)"};
    EXPECT_EQ(X.rewrite(),
              "void f(int p) { P3_ENTER(p3_functions_0, 0, p3_counts_0_0); if (ON(p) && "
              "P3_SEQ(P3_ADD(2), P3_IF(lib(p), P3_NONE, P3_BACK(1, 10)))) "
              "g(); }")
        << (ConditionFirst ? "condition site first" : "arm site first");
  }
}

TEST(FileRewriter, BracesWrapStatementsAroundTheirSites) {
  Fixture X("int f(int x) { if (x) x = 2; return x; }");
  unsigned Before = X.site(SiteKind::BeforeStatement, "x = 2;");
  unsigned After = X.site(SiteKind::AfterStatement, "x = 2;");
  X.F.Sites[Before].NeedsBraces = X.F.Sites[After].NeedsBraces = true;
  X.Code.Sites[Before].Entry = {"P3_ADD(1)"};
  X.Code.Sites[After].Exit = {"P3_ADD(2)"};
  EXPECT_EQ(X.rewrite(), "int f(int x) { P3_ENTER(p3_functions_0, 0, p3_counts_0_0); if (x) "
                         "{ P3_ADD(1); x = 2; P3_ADD(2); } return x; }");
}

TEST(FileRewriter, FallThroughReportStaysOnTheUsersLine) {
  Fixture X("void f(int x) { switch (x) { case 1: g(); case 2: h(); } }");
  unsigned After = X.site(SiteKind::AfterStatement, "g();");
  X.F.Sites[After].BeforeCaseLabelAfter = true;
  X.Code.Sites[After].Exit = {"P3_ADD(3)"};
  EXPECT_EQ(X.rewrite(),
            "void f(int x) { P3_ENTER(p3_functions_0, 0, p3_counts_0_0); switch (x) { case "
            "1: g(); (void)P3_ADD(3); case 2: h(); } }");
}

TEST(FileRewriter, ReturnValueIsAnExtension) {
  Fixture X("int f(int x) { return x ? g() : 1; }");
  unsigned Ret = X.site(SiteKind::ReturnValue, "x ? g() : 1");
  X.F.Sites[Ret].ValueType = "int p3_ret";
  X.Code.Sites[Ret].Exit = {"P3_COUNT(0)"};
  EXPECT_EQ(X.rewrite(), "int f(int x) { P3_ENTER(p3_functions_0, 0, p3_counts_0_0); return "
                         "__extension__ ({ int p3_ret = (x ? g() : 1); "
                         "P3_COUNT(0); p3_ret; }); }");
}

} // namespace
