//===--- CallerFacts.cpp - Facts for a function's callers ---------------===//
//
// Facts about one function that only its callers in other files need:
// whether a call of it returns (or loops forever), and what it sets on the spawn attributes
// it is given.  Written by the index (FactsIndex.cpp).
//
//===----------------------------------------------------------------------===//

#include "unit/CallerFacts.h"
#include "facts/FactsRecorder.h"
#include "facts/ProjectFacts.h"
#include "flow/ProcessGroups.h"
#include "unit/TranslationUnitScan.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace reapcheck {

/// True when \p FD is a function of another file of the project: external,
/// declared outside the system headers.
static bool isProjectFunction(const FunctionDecl &FD, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  return FD.isExternallyVisible() &&
         !SM.isInSystemHeader(SM.getExpansionLoc(FD.getLocation()));
}

void indexEnding(TranslationUnitScan &Unit, const FunctionDecl &FD,
                 FactsRecorder &Recorder) {
  if (FD.isNoReturn() || Unit.summaries().isInferredNoReturn(&FD))
    return Recorder.addNeverReturns(FD);
  if (Unit.summaries().loopsForever(&FD))
    return Recorder.addLoopsForever(FD);
  const FunctionDecl *Last = endingCallee(FD);
  if (Last && !Last->hasBody() && !Last->isNoReturn() &&
      isProjectFunction(*Last, *Unit.astContext()))
    Recorder.addEndsIn(FD, *Last);
}

void indexSpawnAttrs(TranslationUnitScan &Unit, const FunctionDecl &FD,
                     FactsRecorder &Recorder) {
  for (unsigned I = 0; I < FD.getNumParams(); ++I) {
    QualType T = FD.getParamDecl(I)->getType();
    const auto *Named =
        T->isPointerType() ? T->getPointeeType()->getAs<TypedefType>() : nullptr;
    if (!Named || Named->getDecl()->getName() != "posix_spawnattr_t")
      continue;
    SpawnAttrs Attrs;
    collectSpawnAttrs(*FD.getParamDecl(I), FD.getBody(), *Unit.astContext(),
                      &Unit.summaries(), 2, Attrs);
    if (Attrs.Flags || Attrs.OtherGroup)
      Recorder.addSpawnAttrParam(FD, I, Attrs);
    for (const auto &[Callee, Arg] : Attrs.PassedOn)
      if (isProjectFunction(*Callee, *Unit.astContext()))
        Recorder.addSpawnAttrForward(FD, I, *Callee, Arg);
  }
}

} // namespace reapcheck
