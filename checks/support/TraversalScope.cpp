//===--- TraversalScope.cpp - Match only in the user's code ---------------===//

#include "support/TraversalScope.h"
#include "support/LocationFiles.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace reapcheck {

static constexpr llvm::StringLiteral UnitNode = "reapcheck-unit";

bool enablesOnlyOwnChecks(llvm::StringRef Checks) {
  llvm::SmallVector<llvm::StringRef, 8> Globs;
  Checks.split(Globs, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  // clang-tidy decides a name by the last glob that matches it: what comes
  // before a "-*" decides nothing.
  size_t From = 0;
  for (size_t I = 0; I < Globs.size(); ++I)
    if (Globs[I].trim() == "-*")
      From = I + 1;
  for (size_t I = From; I < Globs.size(); ++I) {
    llvm::StringRef Glob = Globs[I].trim();
    if (Glob.empty() || Glob.front() == '-')
      continue;
    // The literal text before the first wildcard must fix the module.
    llvm::StringRef Fixed = Glob.take_until([](char C) { return C == '*'; });
    // (StringRef::starts_with is not in every supported LLVM.)
    auto Begins = [&](llvm::StringRef Prefix) {
      return Fixed.take_front(Prefix.size()) == Prefix;
    };
    if (!Begins("process-") && !Begins("clang-diagnostic-"))
      return false;
  }
  return true;
}

void matchUnitForScope(const tidy::ClangTidyContext &Context,
                       MatchFinder &Finder,
                       MatchFinder::MatchCallback &Callback) {
  const auto &Checks = Context.getOptions().Checks;
  if (Checks && enablesOnlyOwnChecks(*Checks))
    Finder.addMatcher(translationUnitDecl().bind(UnitNode), &Callback);
}

/// False for a declaration that holds no code that runs: a prototype (but
/// one with default arguments, which run at each call), a typedef, an
/// enumeration, a static assertion, a C struct or union, a variable
/// without an initialiser.  Expressions in their types are never
/// evaluated (`sizeof`), and they are most of a big header: tmux.h's
/// 1,500 prototypes cost the matchers more than the unit's bodies.
static bool mayHoldCode(const Decl &D) {
  if (const auto *FD = dyn_cast<FunctionDecl>(&D))
    return FD->doesThisDeclarationHaveABody() ||
           llvm::any_of(FD->parameters(), [](const ParmVarDecl *P) {
             return P->hasDefaultArg();
           });
  if (const auto *Var = dyn_cast<VarDecl>(&D))
    return Var->hasInit();
  if (isa<TypedefNameDecl, EnumDecl, StaticAssertDecl, EmptyDecl>(D))
    return false;
  // A C++ class holds its methods' bodies.
  if (isa<RecordDecl>(D))
    return isa<CXXRecordDecl>(D);
  return true;
}

bool narrowUserScope(const MatchFinder::MatchResult &Result) {
  const auto *Unit = Result.Nodes.getNodeAs<TranslationUnitDecl>(UnitNode);
  if (!Unit)
    return false;
  ASTContext &Ctx = *Result.Context;
  std::vector<Decl *> Scope = Ctx.getTraversalScope();
  if (Scope.size() != 1 || Scope.front() != Unit)
    return true; // Narrowed already: clangd's main file, or another check.
  // The matcher sees the unit before its declarations: the walk reads the
  // scope after this callback.
  LocationFiles Where(Ctx.getSourceManager());
  Scope.clear();
  for (Decl *D : Unit->decls()) {
    SourceLocation Loc = D->getLocation();
    // Where it was written: a declaration a system macro expands to in the
    // user's code is the user's (isExpansionInSystemHeader()).
    if (Loc.isValid() && Where.isSystem(Loc))
      continue;
    if (mayHoldCode(*D))
      Scope.push_back(D);
  }
  Ctx.setTraversalScope(Scope);
  return true;
}

} // namespace reapcheck
