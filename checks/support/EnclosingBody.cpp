//===--- EnclosingBody.cpp - Which body owns a statement? -----------------===//

#include "support/EnclosingBody.h"
#include "support/LocationFiles.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace reapcheck {
namespace {

struct Frame {
  const Stmt *S;
  const Decl *Owner;
  Stmt *Body;
};

/// Pushes the bodies a declaration holds, each with its owner.
static void pushBodies(const Decl *D, llvm::SmallVectorImpl<Frame> &Stack) {
  if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
    if (!FD->doesThisDeclarationHaveABody())
      return;
    Stack.push_back({FD->getBody(), FD, FD->getBody()});
    // A constructor's member initialisers run as part of its body.
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (Init->isWritten())
          Stack.push_back({Init->getInit(), FD, FD->getBody()});
  } else if (const auto *Var = dyn_cast<VarDecl>(D)) {
    if (Var->getInit())
      Stack.push_back({Var->getInit(), nullptr, nullptr});
  }
}

/// Calls \p Visit with every statement under \p Stack, and the body (and
/// its owner) it belongs to.
template <typename VisitFn>
static void walk(llvm::SmallVectorImpl<Frame> &Stack, VisitFn Visit) {
  while (!Stack.empty()) {
    Frame F = Stack.pop_back_val();
    if (!F.S)
      continue;
    Visit(F);
    if (const auto *Lambda = dyn_cast<LambdaExpr>(F.S)) {
      for (const Expr *Init : Lambda->capture_inits())
        Stack.push_back({Init, F.Owner, F.Body});
      Stack.push_back(
          {Lambda->getBody(), Lambda->getCallOperator(), Lambda->getBody()});
      continue;
    }
    if (const auto *Block = dyn_cast<BlockExpr>(F.S)) {
      Stack.push_back({Block->getBody(), Block->getBlockDecl(),
                       Block->getBlockDecl()->getBody()});
      continue;
    }
    for (const Stmt *Child : F.S->children())
      Stack.push_back({Child, F.Owner, F.Body});
  }
}

class DeclWalker {
public:
  DeclWalker(ASTContext &Ctx, SourceLocation Loc)
      : SM(Ctx.getSourceManager()), Loc(Loc), Where(SM) {
    // The files a declaration containing Loc can begin in: Loc's own and
    // those that include it, up the include stack (a body may #include a
    // fragment).  Most declarations of a unit are in other headers: they
    // are dismissed by FileID, without ordering locations across files.
    for (FileID F = Loc.isValid() ? SM.getFileID(Loc) : FileID();
         F.isValid() && Files.size() < 64;
         F = SM.getFileID(SM.getIncludeLoc(F)))
      Files.push_back(F);
  }

  /// Calls \p OnDecl for every declaration that may contain Loc (all of
  /// them outside system headers when Loc is invalid).
  template <typename Fn> bool each(const DeclContext *DC, Fn OnDecl) {
    for (const Decl *D : DC->decls()) {
      if (D->isImplicit())
        continue;
      if (Loc.isValid()) {
        // A declarator's beginning is cheap, its range is not (the end of
        // its type): a prototype in another file is dismissed first.
        if (const auto *DD = dyn_cast<DeclaratorDecl>(D))
          if (!beginsInFiles(DD->getBeginLoc()))
            continue;
        SourceRange R = D->getSourceRange();
        if (R.isInvalid() || !contains(R))
          continue;
      } else {
        // Every declaration outside system headers.  Its name's location
        // is enough to tell, and cheap: a source range computes its end
        // from the type (thousands of prototypes in glibc's headers).
        SourceLocation Begin = D->getLocation();
        if (Begin.isInvalid() || Where.isSystem(Begin))
          continue;
      }
      const Decl *Inner = D;
      if (const auto *Template = dyn_cast<TemplateDecl>(D))
        Inner = Template->getTemplatedDecl();
      if (!Inner)
        continue;
      if (OnDecl(Inner))
        return true;
      // Bodies and variables are in namespaces, linkage specifications and
      // C++ classes; not in enumerations, nor in C's structs and unions
      // (a big header's enumerators and fields, each looked at otherwise).
      if (isa<FunctionDecl, EnumDecl>(Inner) ||
          (isa<RecordDecl>(Inner) && !isa<CXXRecordDecl>(Inner)))
        continue;
      if (const auto *Nested = dyn_cast<DeclContext>(Inner))
        if (each(Nested, OnDecl))
          return true;
    }
    return false;
  }

private:
  bool beginsInFiles(SourceLocation Begin) {
    return Begin.isValid() && llvm::is_contained(Files, Where.fileOf(Begin));
  }

  bool contains(SourceRange R) const {
    SourceLocation Begin = SM.getExpansionLoc(R.getBegin());
    if (!llvm::is_contained(Files, SM.getFileID(Begin)))
      return false;
    SourceLocation End = SM.getExpansionLoc(R.getEnd());
    return !SM.isBeforeInTranslationUnit(Loc, Begin) &&
           !SM.isBeforeInTranslationUnit(End, Loc);
  }

  const SourceManager &SM;
  SourceLocation Loc;
  llvm::SmallVector<FileID, 4> Files;
  LocationFiles Where;
};

} // namespace

std::pair<const Decl *, Stmt *> findEnclosingBody(const Stmt &Target,
                                                  ASTContext &Ctx) {
  return EnclosingBodies().find(Target, Ctx);
}

std::pair<const Decl *, Stmt *>
EnclosingBodies::find(const Stmt &Target, ASTContext &Ctx) {
  auto Known = Owners.find(&Target);
  if (Known != Owners.end())
    return Known->second;
  SourceLocation Loc =
      Ctx.getSourceManager().getExpansionLoc(Target.getBeginLoc());
  if (Loc.isInvalid())
    return {};
  // Each declaration containing it is walked once, every statement's body
  // kept: a body with a thousand starts is not walked a thousand times.
  std::pair<const Decl *, Stmt *> Found{nullptr, nullptr};
  DeclWalker Walker(Ctx, Loc);
  Walker.each(Ctx.getTranslationUnitDecl(), [&](const Decl *D) {
    if (!Walked.insert(D).second)
      return false;
    llvm::SmallVector<Frame, 64> Stack;
    pushBodies(D, Stack);
    walk(Stack, [&](const Frame &F) {
      Owners.try_emplace(F.S, F.Owner, F.Body);
    });
    auto It = Owners.find(&Target);
    if (It == Owners.end())
      return false;
    Found = It->second;
    return true;
  });
  return Found;
}

void collectUserCalls(ASTContext &Ctx, CallsByCallee &Calls) {
  DeclWalker Walker(Ctx, SourceLocation());
  Walker.each(Ctx.getTranslationUnitDecl(), [&](const Decl *D) {
    llvm::SmallVector<Frame, 64> Stack;
    pushBodies(D, Stack);
    walk(Stack, [&](const Frame &F) {
      if (const auto *Call = dyn_cast<CallExpr>(F.S))
        if (const FunctionDecl *Callee = Call->getDirectCallee())
          if (Callee->hasBody())
            Calls[Callee->getCanonicalDecl()].push_back(Call);
    });
    return false;
  });
}

void forEachUserBody(
    ASTContext &Ctx,
    llvm::function_ref<void(const Decl *, const Stmt *)> Visit) {
  DeclWalker Walker(Ctx, SourceLocation());
  Walker.each(Ctx.getTranslationUnitDecl(), [&](const Decl *D) {
    llvm::SmallVector<Frame, 1> Bodies;
    pushBodies(D, Bodies);
    for (const Frame &F : Bodies)
      Visit(F.Owner, F.S);
    return false;
  });
}

void forEachUserDecl(ASTContext &Ctx,
                     llvm::function_ref<void(const Decl *)> Visit) {
  DeclWalker Walker(Ctx, SourceLocation());
  Walker.each(Ctx.getTranslationUnitDecl(), [&](const Decl *D) {
    Visit(D);
    return false;
  });
}

} // namespace reapcheck
