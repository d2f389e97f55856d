//===- BuildCompilerTest.cpp - The compiler that will build the copies ---===//
//
// Reading "cc -dM -E" output, telling gcc from clang and tcc by their macros,
// and which name the build compiler is taken from.
//
//===----------------------------------------------------------------------===//

#include "Frontend/BuildCompiler.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdlib>

using namespace p3;

namespace {

TEST(BuildCompilerTest, ParsesDefines) {
  PredefinedMacros M = parsePredefinedMacros("#define __GNUC__ 12\n"
                                             "#define __VERSION__ \"12.2.0\"\n"
                                             "#define __STDC__ 1\r\n"
                                             "#define EMPTY\n"
                                             "#define F(x) x\n"
                                             "# define  SPACED   3  \n"
                                             "#undef X\n"
                                             "garbage\n");
  EXPECT_EQ(M["__GNUC__"], "12");
  EXPECT_EQ(M["__VERSION__"], "\"12.2.0\"");
  EXPECT_EQ(M["__STDC__"], "1");
  EXPECT_EQ(M.count("EMPTY"), 1u);
  EXPECT_EQ(M["EMPTY"], "");
  EXPECT_EQ(M["SPACED"], "3");
  EXPECT_EQ(M.count("F"), 0u);
  EXPECT_EQ(M.count("X"), 0u);
  EXPECT_EQ(M.size(), 5u);
}

TEST(BuildCompilerTest, KindFromMacros) {
  EXPECT_EQ(compilerKind({{"__GNUC__", "12"}}), CompilerKind::GCC);
  EXPECT_EQ(compilerKind({{"__GNUC__", "4"}, {"__clang__", "1"}}),
            CompilerKind::Clang);
  EXPECT_EQ(compilerKind({{"__TINYC__", "927"}, {"__GNUC__", "2"}}),
            CompilerKind::TCC);
  // icx says __clang__ and __GNUC__, but its branches are its own.
  EXPECT_EQ(compilerKind({{"__GNUC__", "4"},
                          {"__clang__", "1"},
                          {"__INTEL_LLVM_COMPILER", "20240000"}}),
            CompilerKind::Other);
  EXPECT_EQ(compilerKind({{"__STDC__", "1"}}), CompilerKind::Other);
  BuildCompiler C;
  C.Kind = CompilerKind::GCC;
  C.Macros = {{"__GNUC__", "12"},
              {"__GNUC_MINOR__", "2"},
              {"__GNUC_PATCHLEVEL__", "0"}};
  EXPECT_EQ(C.describe(), "gcc 12.2.0");
}

TEST(BuildCompilerTest, NameFromOptionCommandOrEnvironment) {
  ::setenv("CC", "ccache gcc-12 -m64", 1);
  ::setenv("CXX", "clang++-19", 1);
  std::vector<std::string> Build = {"/usr/bin/cc", "-O2", "-c", "a.c"};
  std::vector<std::string> Wrapped = {"ccache", "gcc", "-c", "a.c"};
  std::vector<std::string> Fixed = {"/some/dir/clang-tool", "-O2", "a.c"};
  EXPECT_EQ(buildCompilerName("tcc", Build, false), "tcc");
  EXPECT_EQ(buildCompilerName("", Build, false), "/usr/bin/cc");
  EXPECT_EQ(buildCompilerName("", Wrapped, false), "gcc");
  EXPECT_EQ(buildCompilerName("", Fixed, false), "gcc-12");
  EXPECT_EQ(buildCompilerName("", Fixed, true), "clang++-19");
  EXPECT_TRUE(isBuildCommand(Build));
  EXPECT_FALSE(isBuildCommand(Fixed));
  ::unsetenv("CC");
  EXPECT_EQ(buildCompilerName("", Fixed, false), std::nullopt);
  ::unsetenv("CXX");
}

TEST(BuildCompilerTest, IdentityAndQueries) {
  EXPECT_TRUE(isIdentityMacro("__GNUC__"));
  EXPECT_TRUE(isIdentityMacro("__clang_major__"));
  EXPECT_FALSE(isIdentityMacro("__STDC_VERSION__"));
  EXPECT_TRUE(isFeatureQuery("__has_builtin"));
  EXPECT_TRUE(isOptimizationMacro("__OPTIMIZE__"));
}

// ccache's masquerading links (/usr/lib/ccache/gcc -> ../../bin/ccache, as
// Debian installs them, and as a build names its compiler with ccache on
// PATH): the link is the compiler; ccache itself would take -dM for one.
TEST(BuildCompilerTest, MasqueradingWrapperLinkIsTheCompiler) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("p3-masquerade", Dir));
  llvm::SmallString<128> Wrapper(Dir), Link(Dir);
  llvm::sys::path::append(Wrapper, "ccache");
  llvm::sys::path::append(Link, "gcc");
  {
    std::error_code EC;
    llvm::raw_fd_ostream Script(Wrapper, EC);
    ASSERT_FALSE(EC);
    Script << "#!/bin/sh\nexit 1\n";
  }
  ASSERT_FALSE(llvm::sys::fs::setPermissions(Wrapper, llvm::sys::fs::all_exe |
                                                          llvm::sys::fs::owner_all));
  ASSERT_FALSE(llvm::sys::fs::create_link("ccache", Link));
  EXPECT_EQ(findCompilerProgram(Link, ""), std::string(Link));
  EXPECT_EQ(findCompilerProgram(Wrapper, ""), std::string(Wrapper));
  llvm::sys::fs::remove_directories(Dir);
}

} // namespace
