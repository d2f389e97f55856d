//===- ProgramCollector.cpp - What p3-rewrite learns from the sources ----===//

#include "Frontend/ProgramCollector.h"
#include "Frontend/CompilerConditionals.h"
#include "Frontend/FunctionLowering.h"
#include "Frontend/LoopFacts.h"
#include "Frontend/ParseAsCompiler.h"

#include "Graph/FunctionGraph.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace p3 {

namespace {

class Collector : public RecursiveASTVisitor<Collector> {
public:
  Collector(ASTContext &Ctx, ProgramModel &Model, const CollectorOptions &Opts,
            llvm::ArrayRef<CompilerConditional> Conditionals,
            llvm::StringRef ConditionalWhy)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Model(Model), Opts(Opts),
        Conditionals(Conditionals), ConditionalWhy(ConditionalWhy),
        Names(Ctx) {
    if (Opts.HeaderFilter)
      Filter.emplace(*Opts.HeaderFilter);
  }

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (FD)
      Enclosing.push_back(FD);
    bool Result = RecursiveASTVisitor::TraverseDecl(D);
    if (FD)
      Enclosing.pop_back();
    return Result;
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    classify(FD);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *L) {
    classify(L->getCallOperator());
    if (FunctionTemplateDecl *T = L->getDependentCallOperator())
      for (FunctionDecl *Spec : T->specializations())
        classify(Spec);
    return true;
  }

  bool VisitCallExpr(CallExpr *C) {
    if (inDependentCode())
      return true;
    if (const Expr *Callee = C->getCallee())
      if (const auto *Ref =
              dyn_cast<DeclRefExpr>(Callee->IgnoreParenImpCasts()))
        CalleeRefs.insert(Ref);
    if (const FunctionDecl *FD = C->getDirectCallee())
      countCall(FD);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    if (!inDependentCode())
      countCall(C->getConstructor());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *FD = dyn_cast<FunctionDecl>(Ref->getDecl())) {
      if (!CalleeRefs.count(Ref) && !inDependentCode())
        Model.CallSites[callKey(FD)] = UnknownCallSites;
      noteFork(FD, Ref->getLocation());
    }
    return true;
  }

  /// Lowers the templates whose instantiations were all seen.
  void finishTranslationUnit();

private:
  bool inDependentCode() const {
    return !Enclosing.empty() && Enclosing.back()->isDependentContext();
  }
  void countCall(const FunctionDecl *FD) {
    unsigned &N = Model.CallSites[callKey(FD)];
    if (N != UnknownCallSites)
      ++N;
  }
  /// Records a call of (or a reference to) a C library function that forks
  /// a child which runs on (ProgramModel::ForkRefs); vfork's child shares
  /// the parent's memory until it execs or exits.
  void noteFork(const FunctionDecl *FD, SourceLocation Loc) {
    const IdentifierInfo *Id = FD->getIdentifier();
    if (!Id || !FD->isExternC() ||
        !llvm::StringSwitch<bool>(Id->getName())
             .Cases("fork", "_Fork", "__fork", "__libc_fork", "daemon",
                    "forkpty", true)
             .Default(false))
      return;
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
    if (P.isInvalid())
      return;
    StringRef File = P.getFilename();
    if (File.starts_with(Opts.Root + "/"))
      File = File.drop_front(Opts.Root.size() + 1);
    Model.ForkRefs.insert(
        (File + ":" + Twine(P.getLine()) + " " + Id->getName()).str());
  }
  void classify(FunctionDecl *FD);
  void collect(const FunctionDecl *Pattern,
               llvm::ArrayRef<const FunctionDecl *> Bodies);
  std::optional<std::string> rewritablePath(FileID FID);
  std::optional<unsigned> compilerConditionalLine(const FunctionDecl *FD);
  std::string callKey(const FunctionDecl *FD);
  std::string identity(const FunctionDecl *FD, const std::string &File);
  std::string displayName(const FunctionDecl *FD);

  ASTContext &Ctx;
  SourceManager &SM;
  ProgramModel &Model;
  const CollectorOptions &Opts;
  llvm::ArrayRef<CompilerConditional> Conditionals;
  /// What a compiler-dependent skip reason says after "tests the compiler".
  llvm::StringRef ConditionalWhy;
  ASTNameGenerator Names;
  std::optional<llvm::Regex> Filter;
  std::vector<const FunctionDecl *> Enclosing;
  llvm::SmallPtrSet<const DeclRefExpr *, 32> CalleeRefs;
  std::map<FileID, std::optional<std::string>> PathCache;
  std::vector<const FunctionDecl *> Patterns;
  std::map<const FunctionDecl *, std::vector<const FunctionDecl *>> Instances;
  llvm::SmallPtrSet<const FunctionDecl *, 32> Seen;
};

std::optional<std::string> Collector::rewritablePath(FileID FID) {
  auto [It, New] = PathCache.try_emplace(FID);
  if (!New)
    return It->second;
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
  if (!FE || SM.isInSystemHeader(SM.getLocForStartOfFile(FID)))
    return std::nullopt;
  llvm::SmallString<256> Real;
  // Through the file system the parse used: its working directory is the
  // compile command's (ClangTool sets it), which need not be the process's.
  if (SM.getFileManager().getVirtualFileSystem().getRealPath(FE->getName(),
                                                             Real))
    return std::nullopt;
  llvm::StringRef Path = Real;
  if (!Path.consume_front(Opts.Root) || !Path.consume_front("/"))
    return std::nullopt;
  bool IsSource =
      FID == SM.getMainFileID() && Opts.Sources.count(std::string(Real));
  bool Wanted = IsSource || (Filter && Filter->match(Path));
  if (Wanted)
    It->second = Path.str();
  return It->second;
}

/// The line of the first compiler-dependent #if group that overlaps FD's
/// text (encloses it, or lies in it, or straddles its beginning or end).
std::optional<unsigned>
Collector::compilerConditionalLine(const FunctionDecl *FD) {
  auto [File, Begin] =
      SM.getDecomposedLoc(SM.getExpansionLoc(FD->getBeginLoc()));
  auto [EndFile, End] =
      SM.getDecomposedLoc(SM.getExpansionLoc(FD->getEndLoc()));
  if (File != EndFile)
    return std::nullopt;
  for (const CompilerConditional &C : Conditionals) {
    auto [IfFile, If] = SM.getDecomposedLoc(C.If);
    auto [EndifFile, Endif] = SM.getDecomposedLoc(C.Endif);
    if (IfFile == File && EndifFile == File && If <= End && Begin <= Endif)
      return SM.getLineNumber(IfFile, If);
  }
  return std::nullopt;
}

std::string Collector::callKey(const FunctionDecl *FD) {
  FD = FD->getFirstDecl();
  std::string Name = FD->isDependentContext() ? FD->getQualifiedNameAsString()
                                              : Names.getName(FD);
  if (FD->isExternallyVisible() && !FD->isDependentContext())
    return "ext:" + Name;
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(FD->getLocation()));
  return llvm::formatv("int:{0}:{1}", P.isValid() ? P.getFilename() : "?",
                       Name);
}

std::string Collector::displayName(const FunctionDecl *FD) {
  if (const auto *M = dyn_cast<CXXMethodDecl>(FD))
    if (M->getParent()->isLambda()) {
      PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(M->getLocation()));
      return llvm::formatv("lambda at line {0}", P.isValid() ? P.getLine() : 0);
    }
  return FD->getQualifiedNameAsString();
}

std::string Collector::identity(const FunctionDecl *FD,
                                const std::string &File) {
  if (!FD->isDependentContext() && !FD->getDescribedFunctionTemplate())
    return File + ":" + Names.getName(FD);
  // Template patterns cannot be mangled: name them by what the user wrote.
  std::string Sig = FD->getQualifiedNameAsString() + "(";
  for (unsigned I = 0; I < FD->getNumParams(); ++I)
    Sig += (I ? ", " : "") + FD->getParamDecl(I)->getType().getAsString();
  return File + ":" + Sig + ")";
}

void Collector::classify(FunctionDecl *FD) {
  if (!FD || !FD->doesThisDeclarationHaveABody() || FD->isImplicit() ||
      FD->isDefaulted() || FD->isDeleted() || !Seen.insert(FD).second)
    return;
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern()) {
    if (Pattern != FD &&
        FD->getTemplateSpecializationKind() != TSK_ExplicitSpecialization) {
      Instances[Pattern].push_back(FD);
      return;
    }
  }
  if (FD->isDependentContext()) {
    Patterns.push_back(FD);
    return;
  }
  collect(FD, {FD});
}

void Collector::finishTranslationUnit() {
  for (const FunctionDecl *P : Patterns)
    collect(P, Instances[P]);
}

/// Lowers Bodies (the function itself, or every instantiation of a pattern)
/// and records the result for Pattern's text.
void Collector::collect(const FunctionDecl *Pattern,
                        llvm::ArrayRef<const FunctionDecl *> Bodies) {
  const Stmt *Body = Pattern->getBody();
  if (!Body)
    return;
  FileID FID = SM.getFileID(SM.getExpansionLoc(Body->getBeginLoc()));
  std::optional<std::string> File = rewritablePath(FID);
  if (!File)
    return;

  LoweredFunction F;
  F.File = *File;
  F.Id = identity(Pattern, *File);
  F.Name = displayName(Pattern);
  F.Line = SM.getExpansionLineNumber(Pattern->getBeginLoc());
  F.EndLine = SM.getExpansionLineNumber(Pattern->getEndLoc());
  if (!isa<CXXMethodDecl>(Pattern) && Pattern->getIdentifier()) {
    F.NameText = Lexer::getSourceText(
                     SM.getExpansionRange(Pattern->getLocation()), SM,
                     Ctx.getLangOpts())
                     .str();
    F.Identifier = Pattern->getName().str();
  }
  if (Bodies.empty()) {
    F.Skip = SkipReason{"template never instantiated"};
  } else if (std::optional<unsigned> Line = compilerConditionalLine(Pattern)) {
    F.Skip = SkipReason{
        llvm::formatv("compiler-dependent preprocessing: the #if on line {0} "
                      "tests the compiler (__GNUC__, __clang__, __has_builtin, "
                      "__OPTIMIZE__ or a macro built on them){1}",
                      *Line, ConditionalWhy)
            .str()};
  } else {
    const LoweredFunction Identity = F;
    for (size_t I = 0; I < Bodies.size() && !F.Skip; ++I) {
      LoweredFunction L = Identity;
      if (std::string Why = checkUnsupportedConstructs(Ctx, Bodies[I]);
          !Why.empty())
        L.Skip = SkipReason{Why};
      else
        lowerFunction(
            Ctx, Bodies[I], FID, L,
            [this](const FunctionDecl *Callee) { return callKey(Callee); });
      if (I == 0)
        F = std::move(L);
      else if (!sameLowering(F, L))
        F.Skip = SkipReason{"template instantiations have different control "
                            "flow (if constexpr, dependent noreturn calls...)"};
      else
        mergeLoopRefusals(F, L);
    }
  }

  unsigned Offset = SM.getFileOffset(SM.getExpansionLoc(Body->getBeginLoc()));
  FunctionKey Key{*File, Offset, F.Id};
  if (!Model.FileText.count(*File))
    Model.FileText.emplace(*File, SM.getBufferData(FID).str());
  std::set<std::string> &Keys = Model.CallKeys[Key];
  if (Bodies.empty())
    Keys.insert(callKey(Pattern));
  for (const FunctionDecl *Body : Bodies)
    Keys.insert(callKey(Body));
  if (isa<CXXDestructorDecl>(Pattern) ||
      (isa<CXXMethodDecl>(Pattern) &&
       cast<CXXMethodDecl>(Pattern)->isVirtual()))
    for (const std::string &K : Keys)
      Model.CallSites[K] = UnknownCallSites;
  Model.addFunction(Key, std::move(F));
}

class CollectorConsumer : public ASTConsumer {
public:
  CollectorConsumer(ProgramModel &Model, const CollectorOptions &Opts)
      : Model(Model), Opts(Opts) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    if (Opts.ClosedWorld)
      assumeClosedWorld(Ctx);
    Collector C(Ctx, Model, Opts, Conditionals, ConditionalWhy);
    C.TraverseDecl(Ctx.getTranslationUnitDecl());
    C.finishTranslationUnit();
  }

  /// Filled by the preprocessor while the translation unit is parsed.
  std::vector<CompilerConditional> Conditionals;
  std::string ConditionalWhy;

private:
  ProgramModel &Model;
  const CollectorOptions &Opts;
};

/// Decides how the unit sees the compiler's macros: as the build compiler
/// when one is named and is gcc or clang (and --portable is off), as clang
/// otherwise. Returns what the skip reasons add after "tests the compiler
/// (...)", which says how to get the function instrumented.
std::string parseAsBuildCompiler(CompilerInstance &CI,
                                 const CollectorOptions &Opts,
                                 UnitCompiler *Unit,
                                 KnownCompilerMacros &Known) {
  Preprocessor &PP = CI.getPreprocessor();
  if (Opts.Portable)
    return ", and --portable asks for copies that every compiler builds "
           "alike (without it, p3-rewrite parses the file as the compiler "
           "that builds the copies and instruments the function)";
  static const char *const Unnamed =
      ", so the build may compile other code here than clang parsed (name "
      "the compiler that builds the copies, with --compiler=gcc, CC or the "
      "compile command, to have the file parsed as that compiler)";
  if (!Unit)
    return Unnamed;
  bool CPlusPlus = PP.getLangOpts().CPlusPlus;
  std::optional<std::string> Name =
      buildCompilerName(Opts.Compiler, Unit->CommandLine, CPlusPlus);
  if (!Name)
    return Unnamed;
  std::optional<std::string> Program =
      findCompilerProgram(*Name, Unit->Directory);
  if (!Program)
    return llvm::formatv(", so the build may compile other code here than "
                         "clang parsed (the compiler {0} is not found, so "
                         "the file was parsed as clang)",
                         *Name);
  llvm::Expected<std::shared_ptr<const BuildCompiler>> C =
      queryBuildCompiler(*Program, CPlusPlus);
  if (!C) {
    std::string Why = llvm::toString(C.takeError());
    return llvm::formatv(", so the build may compile other code here than "
                         "clang parsed ({0}, so the file was parsed as clang)",
                         Why);
  }
  const BuildCompiler &BC = **C;
  if (BC.Kind != CompilerKind::GCC && BC.Kind != CompilerKind::Clang)
    return llvm::formatv(", so the build may compile other code here than "
                         "clang parsed ({0} builds the copies; p3-rewrite can "
                         "parse as gcc or clang only)",
                         BC.describe());
  if (Unit->AsClangBecause)
    return llvm::formatv(", so the build may compile other code here than "
                         "clang parsed (parsing the file as {0} failed: {1}; "
                         "it was parsed as clang)",
                         BC.describe(), *Unit->AsClangBecause);
  Known.Identity = parseAsCompiler(PP, BC);
  // Errors of this parse are not the user's to see (ProgramParse.cpp parses
  // again as clang): no "N errors generated" either. (The diagnostics
  // printer has options of its own: only that line goes.)
  CI.getDiagnosticOpts().ShowCarets = false;
  // __has_builtin and the other queries stay unknown: clang answers them
  // for clang 19, and the evaluator does not answer them at all.
  // A compile command from a compilation database is the build's own: the
  // parse has its -O flags. One given after "--" may not be.
  Known.Optimization = isBuildCommand(Unit->CommandLine);
  Unit->ParsedAs = *C;
  return llvm::formatv(", with a test p3-rewrite cannot answer for {0} "
                       "(__has_builtin and the other __has_* queries; "
                       "__OPTIMIZE__ unless the compile command is the "
                       "build's, from -p)",
                       BC.describe());
}

class CollectorAction : public ASTFrontendAction {
public:
  CollectorAction(ProgramModel &Model, const CollectorOptions &Opts,
                  UnitCompiler *Unit)
      : Model(Model), Opts(Opts), Unit(Unit) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    auto Consumer = std::make_unique<CollectorConsumer>(Model, Opts);
    KnownCompilerMacros Known;
    Consumer->ConditionalWhy =
        parseAsBuildCompiler(CI, Opts, Unit, Known);
    recordCompilerConditionals(CI.getPreprocessor(), Consumer->Conditionals,
                               std::move(Known));
    return Consumer;
  }

private:
  ProgramModel &Model;
  const CollectorOptions &Opts;
  UnitCompiler *Unit;
};

class CollectorFactory : public tooling::FrontendActionFactory {
public:
  CollectorFactory(ProgramModel &Model, const CollectorOptions &Opts,
                   UnitCompiler *Unit)
      : Model(Model), Opts(Opts), Unit(Unit) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<CollectorAction>(Model, Opts, Unit);
  }

private:
  ProgramModel &Model;
  const CollectorOptions &Opts;
  UnitCompiler *Unit;
};

} // namespace

void ProgramModel::addFunction(const FunctionKey &Key, LoweredFunction F) {
  auto [It, New] = Functions.try_emplace(Key, std::move(F));
  if (New)
    return;
  if (!sameLowering(It->second, F) && !It->second.Skip)
    It->second.Skip = SkipReason{"lowers differently in different translation "
                                 "units (macros or flags differ)"};
  else
    mergeLoopRefusals(It->second, F);
}

void ProgramModel::merge(ProgramModel &&Unit) {
  // A unit's own function is the fold of its lowerings: it differs from this
  // model's exactly when one of those lowerings does (a unit that saw two
  // different lowerings has marked its copy skipped, which differs too).
  for (auto &[Key, F] : Unit.Functions)
    addFunction(Key, std::move(F));
  for (auto &[File, Text] : Unit.FileText)
    FileText.try_emplace(File, std::move(Text));
  // Counts add up; an address taken anywhere makes them unknown for good.
  for (const auto &[Callee, N] : Unit.CallSites) {
    unsigned &Mine = CallSites[Callee];
    uint64_t Sum = uint64_t(Mine) + N;
    Mine = Mine == UnknownCallSites || N == UnknownCallSites ||
                   Sum >= UnknownCallSites
               ? UnknownCallSites
               : unsigned(Sum);
  }
  for (auto &[Key, Keys] : Unit.CallKeys)
    CallKeys[Key].insert(Keys.begin(), Keys.end());
  ForkRefs.insert(Unit.ForkRefs.begin(), Unit.ForkRefs.end());
}

void ProgramModel::assignCallSites() {
  for (auto &[Key, F] : Functions) {
    uint64_t Sum = 0;
    for (const std::string &K : CallKeys[Key]) {
      auto It = CallSites.find(K);
      Sum += It == CallSites.end() ? 0 : It->second;
    }
    F.CallSites = Sum >= UnknownCallSites ? UnknownCallSites : unsigned(Sum);
  }
}

void ProgramModel::resolveCalls() {
  std::map<std::string, unsigned> Position;
  unsigned I = 0;
  for (const auto &[Key, F] : Functions) {
    for (const std::string &K : CallKeys[Key])
      Position.try_emplace(K, I);
    ++I;
  }
  for (auto &[Key, F] : Functions) {
    F.Calls.clear();
    for (const auto &[Block, K] : F.CallKeys)
      if (auto It = Position.find(K); It != Position.end())
        F.Calls.push_back({Block, It->second});
  }
}

std::unique_ptr<tooling::FrontendActionFactory>
newCollectorActionFactory(ProgramModel &Model, const CollectorOptions &Opts,
                          UnitCompiler *Unit) {
  return std::make_unique<CollectorFactory>(Model, Opts, Unit);
}

} // namespace p3
