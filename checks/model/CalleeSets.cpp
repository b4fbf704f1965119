//===--- CalleeSets.cpp - The callee names the check's matchers test -----===//
//
// Sets of function and class names, resolved once per translation unit to
// identifiers so that a matcher's test is a pointer comparison.
//
//===----------------------------------------------------------------------===//

#include "model/ProcessApiModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/IdentifierTable.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace reapcheck {

void CalleeNameSet::add(llvm::StringRef Name) {
  llvm::StringRef Last = Name.rsplit("::").second;
  Names.push_back((Last.empty() ? Name : Last).str());
  CachedFor = nullptr;
}

void CalleeNameSet::refresh(IdentifierTable &Table) const {
  if (CachedFor == &Table)
    return;
  Ids.clear();
  for (const std::string &Name : Names)
    Ids.insert(&Table.get(Name));
  CachedFor = &Table;
}

bool CalleeNameSet::contains(const IdentifierInfo *Name,
                             IdentifierTable &Table) const {
  if (!Name)
    return false;
  refresh(Table);
  return Ids.count(Name);
}

bool CalleeNameSet::contains(const FunctionDecl &FD) const {
  return contains(FD.getIdentifier(), FD.getASTContext().Idents);
}

void CalleeNameSet::forgetTranslationUnit() const {
  CachedFor = nullptr;
  Ids.clear();
}

static const char *const StreamOpenerNames[] = {
    "popen",   "fopen",    "fdopen",        "freopen",
    "tmpfile", "fmemopen", "open_memstream"};

CalleeNameSet ProcessApiModel::streamOpeners() {
  CalleeNameSet Set;
  for (const char *Name : StreamOpenerNames)
    Set.add(Name);
  return Set;
}

/// The names and aliases of the rows of \p Rows that \p Keep accepts.
template <typename Row>
static void addRows(CalleeNameSet &Set, const std::vector<Row> &Rows,
                    llvm::function_ref<bool(const Row &)> Keep) {
  for (const Row &R : Rows) {
    if (!Keep(R))
      continue;
    Set.add(R.Name);
    for (const std::string &Alias : R.Aliases)
      Set.add(Alias);
  }
}

CalleeNameSet ProcessApiModel::interestingCallees() const {
  CalleeNameSet Set;
  for (const ModelDescriptor &M : Models)
    addRows<ApiDescriptor>(Set, M.Functions, [](const ApiDescriptor &Row) {
      // The mask calls too: a handler of a program that blocks SIGCHLD for
      // good never runs.
      return Row.Role == ApiRole::Start || Row.Role == ApiRole::SignalInstall ||
             Row.Role == ApiRole::CloseStream ||
             Row.Role == ApiRole::StartsReaper ||
             Row.Role == ApiRole::ThreadStart ||
             Row.SignalSet == SignalSetOp::Mask ||
             Row.SignalSet == SignalSetOp::Admit ||
             Row.SignalSet == SignalSetOp::Take;
    });
  for (const char *Name : StreamOpenerNames)
    Set.add(Name);
  return Set;
}

CalleeNameSet ProcessApiModel::processCallees() const {
  CalleeNameSet Set = interestingCallees();
  for (const ModelDescriptor &M : Models)
    addRows<ApiDescriptor>(Set, M.Functions, [](const ApiDescriptor &Row) {
      return Row.Role != ApiRole::Harmless || Row.Group != GroupEffect::None;
    });
  return Set;
}

CalleeNameSet ProcessApiModel::killCallees() const {
  CalleeNameSet Set;
  for (const ModelDescriptor &M : Models)
    addRows<ApiDescriptor>(Set, M.Functions, [](const ApiDescriptor &Row) {
      return Row.Role == ApiRole::Kill && Row.Handle == HandleSlot::Argument;
    });
  return Set;
}

CalleeNameSet ProcessApiModel::startingClasses() const {
  CalleeNameSet Set;
  for (const ModelDescriptor &M : Models)
    addRows<ClassDescriptor>(Set, M.Classes, [](const ClassDescriptor &Row) {
      return Row.Starts != ClassDescriptor::Ctor::None;
    });
  return Set;
}

} // namespace reapcheck
