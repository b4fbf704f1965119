//===--- ProcessApiModelRows.cpp - Building and finding the model's rows --===//
//
// The table's construction (built-in models, user model files, the
// shorthand options, the Models selection) and its lookups: which active
// row or class row describes a declaration.  The questions the analysis
// asks are answered in ProcessApiModel.cpp.
//
//===----------------------------------------------------------------------===//

#include "model/ApiQuirks.h"
#include "support/AstHelpers.h"
#include "model/ModelFile.h"
#include "model/ProcessApiModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>

using namespace clang;

namespace reapcheck {

/// The model the shorthand options (StartFunctions...) fill.
static const char *const OptionsModel = "options";

ProcessApiModel::ProcessApiModel() {
  Models = builtinModels();
  ModelDescriptor Options;
  Options.Name = OptionsModel;
  Options.Library = "the check's StartFunctions, ReapFunctions and "
                    "HarmlessFunctions options";
  Models.push_back(std::move(Options));
  Selected.assign(Models.size(), 0);
  for (unsigned M = 0; M < Models.size(); ++M)
    index(M);
}

void ProcessApiModel::index(unsigned M) {
  const ModelDescriptor &Model = Models[M];
  for (unsigned I = 0; I < Model.Functions.size(); ++I) {
    const ApiDescriptor &Row = Model.Functions[I];
    Functions[Row.Name].push_back({M, I});
    for (const std::string &Alias : Row.Aliases)
      Functions[Alias].push_back({M, I});
  }
  for (unsigned I = 0; I < Model.Classes.size(); ++I) {
    const ClassDescriptor &Row = Model.Classes[I];
    Classes[Row.Name].push_back({M, I});
    for (const std::string &Alias : Row.Aliases)
      Classes[Alias].push_back({M, I});
  }
}

/// Splits `name` or `name:ARG`; qualified names keep their `::`.
static std::optional<std::string> parseEntry(llvm::StringRef Item,
                                             std::string &Name, int &Arg) {
  Arg = -1;
  Item.consume_front("::"); // A leading :: names the global namespace.
  Name = Item.str();
  size_t Colon = Item.rfind(':');
  if (Colon != llvm::StringRef::npos &&
      (Colon == 0 || Item[Colon - 1] != ':')) {
    llvm::StringRef Index = Item.substr(Colon + 1);
    unsigned Value = 0;
    if (Index.empty() || Index.getAsInteger(10, Value) || Value > 64)
      return "'" + Item.str() +
             "': the argument index after ':' must be a "
             "number from 0 to 64";
    Arg = static_cast<int>(Value);
    Name = Item.substr(0, Colon).str();
  }
  llvm::StringRef N(Name);
  if (N.empty())
    return "'" + Item.str() + "': missing function name";
  bool Ok = N.front() != ':' && N.back() != ':';
  for (char C : N)
    Ok &= (isalnum(static_cast<unsigned char>(C)) || C == '_' || C == ':' ||
           C == '~');
  if (!Ok || isdigit(static_cast<unsigned char>(N[0])))
    return "'" + Item.str() +
           "' is not a function name (expected 'name' or "
           "'name:ARG', qualified names allowed)";
  return std::nullopt;
}

/// The trimmed, non-empty items of a ';'-separated option value.
static llvm::SmallVector<llvm::StringRef, 8> listItems(llvm::StringRef Spec) {
  llvm::SmallVector<llvm::StringRef, 8> Items;
  Spec.split(Items, ';', -1, /*KeepEmpty=*/false);
  llvm::SmallVector<llvm::StringRef, 8> Result;
  for (llvm::StringRef Item : Items)
    if (!Item.trim().empty())
      Result.push_back(Item.trim());
  return Result;
}

std::optional<std::string> ProcessApiModel::addEntries(llvm::StringRef Spec,
                                                       ApiRole Role) {
  std::vector<ApiDescriptor> Parsed;
  for (llvm::StringRef Item : listItems(Spec)) {
    ApiDescriptor Row;
    int Arg;
    if (auto Error = parseEntry(Item, Row.Name, Arg))
      return Error;
    if (Row.Name.compare(0, 2, "::") == 0)
      Row.Name.erase(0, 2);
    Row.Role = Role;
    switch (Role) {
    case ApiRole::Start:
      Row.Handle = Arg >= 0 ? HandleSlot::OutArgument : HandleSlot::Return;
      break;
    case ApiRole::Reap:
      Row.Handle = HandleSlot::Argument;
      Arg = std::max(Arg, 0);
      break;
    default:
      Row.Handle = Arg >= 0 ? HandleSlot::Argument : HandleSlot::None;
      break;
    }
    Row.Arg = Arg;
    Row.Source = "option";
    Parsed.push_back(std::move(Row));
  }
  unsigned M = Models.size() - 1; // The options model comes last.
  for (ApiDescriptor &Row : Parsed)
    Models[M].Functions.push_back(std::move(Row));
  index(M);
  return std::nullopt;
}

std::optional<std::string> ProcessApiModel::addStarts(llvm::StringRef Spec) {
  return addEntries(Spec, ApiRole::Start);
}
std::optional<std::string> ProcessApiModel::addReaps(llvm::StringRef Spec) {
  return addEntries(Spec, ApiRole::Reap);
}
std::optional<std::string> ProcessApiModel::addHarmless(llvm::StringRef Spec) {
  return addEntries(Spec, ApiRole::Harmless);
}

std::optional<std::string>
ProcessApiModel::addModelFiles(llvm::StringRef Paths) {
  std::vector<ModelDescriptor> Read;
  for (llvm::StringRef Path : listItems(Paths)) {
    ModelDescriptor M;
    if (auto Error = readModelFile(Path, M))
      return Error;
    if (M.Name == OptionsModel)
      return Path.str() + ": the model name '" + M.Name +
             "' is reserved for the check's options";
    auto Taken = [&](const ModelDescriptor &Other) {
      return Other.Name == M.Name;
    };
    if (std::any_of(Models.begin(), Models.end(), Taken) ||
        std::any_of(Read.begin(), Read.end(), Taken))
      return Path.str() + ": the model name '" + M.Name +
             "' is taken by another model; the Models option could not "
             "tell them apart";
    Read.push_back(std::move(M));
  }
  // The options model stays last: its rows win over every file's.
  ModelDescriptor Options = std::move(Models.back());
  Models.pop_back();
  for (ModelDescriptor &M : Read)
    Models.push_back(std::move(M));
  Models.push_back(std::move(Options));
  Selected.assign(Models.size(), 0);
  Functions.clear();
  Classes.clear();
  for (unsigned M = 0; M < Models.size(); ++M)
    index(M);
  return std::nullopt;
}

std::optional<std::string>
ProcessApiModel::selectModels(llvm::StringRef Spec) {
  std::vector<int> Choice = Selected;
  for (llvm::StringRef Item : listItems(Spec)) {
    bool Off = Item.consume_front("-");
    unsigned M = 0;
    while (M < Models.size() && Models[M].Name != Item)
      ++M;
    if (M == Models.size()) {
      std::string Known;
      for (const ModelDescriptor &Model : Models)
        Known += (Known.empty() ? "" : ", ") + Model.Name;
      return "'" + Item.str() + "' is not a model (known: " + Known + ")";
    }
    Choice[M] = Off ? -1 : 1;
  }
  Selected = std::move(Choice);
  return std::nullopt;
}

/// True when \p Fragment (`glib/gspawn.h`, `boost/process`) names whole
/// components of \p File: `subprocess.h` is not `gio/gsubprocess.h`.
static bool pathHasFragment(llvm::StringRef File, llvm::StringRef Fragment) {
  for (size_t At = File.find(Fragment); At != llvm::StringRef::npos;
       At = File.find(Fragment, At + 1)) {
    size_t End = At + Fragment.size();
    if ((At == 0 || File[At - 1] == '/') &&
        (End == File.size() || File[End] == '/'))
      return true;
  }
  return false;
}

bool ProcessApiModel::isActive(unsigned M, const Decl &D) const {
  if (Selected[M] != 0)
    return Selected[M] > 0;
  const std::vector<std::string> &Headers = Models[M].Headers;
  if (Headers.empty())
    return true;
  const SourceManager &SM = D.getASTContext().getSourceManager();
  for (const Decl *R : D.redecls()) {
    llvm::StringRef File =
        SM.getFilename(SM.getExpansionLoc(R->getLocation()));
    for (const std::string &Header : Headers)
      if (pathHasFragment(File, Header))
        return true;
  }
  return false;
}

const ProcessApiModel::RowRef *
ProcessApiModel::lastActive(const llvm::SmallVector<RowRef, 1> &Rows,
                            const Decl &D) const {
  for (auto It = Rows.rbegin(); It != Rows.rend(); ++It)
    if (isActive(It->Model, D))
      return &*It;
  return nullptr;
}

const ClassDescriptor *ProcessApiModel::findClass(const CXXRecordDecl &Class,
                                                  unsigned *ModelIndex) const {
  const IdentifierInfo *Id = Class.getIdentifier();
  if (!Id || Classes.empty())
    return nullptr;
  auto It = Classes.find(Class.getQualifiedNameAsString());
  const RowRef *Ref =
      It == Classes.end() ? nullptr : lastActive(It->second, Class);
  if (!Ref)
    return nullptr;
  if (ModelIndex)
    *ModelIndex = Ref->Model;
  return &Models[Ref->Model].Classes[Ref->Index];
}

std::string ProcessApiModel::keyOf(const FunctionDecl &FD) const {
  // A declaration that an asm label links to another symbol (glibc's
  // signal() under a strict standard links to __sysv_signal) is the row of
  // that symbol, when the model has one.
  if (const auto *Label = FD.getAttr<AsmLabelAttr>()) {
    llvm::StringRef Symbol = Label->getLabel();
    Symbol.consume_front("\x01");
    if (Functions.count(Symbol))
      return Symbol.str();
  }
  // A method of a class template's specialization prints the template
  // arguments with its qualified name; the class's row name has none.
  if (const auto *Method = dyn_cast<CXXMethodDecl>(&FD))
    if (FD.getIdentifier()) {
      const CXXRecordDecl *Class = Method->getParent();
      if (const ClassDescriptor *Row = findClass(*Class))
        return Row->Name + "::" + FD.getName().str();
      if (isa<ClassTemplateSpecializationDecl>(Class))
        return Class->getQualifiedNameAsString() + "::" + FD.getName().str();
    }
  return FD.getQualifiedNameAsString();
}

const ApiDescriptor *ProcessApiModel::findActive(const FunctionDecl &FD,
                                                 unsigned *ModelIndex) const {
  auto [Cached, New] = RowCache.try_emplace(&FD, std::nullopt);
  if (New)
    if (const RowRef *Found = lookUp(FD))
      Cached->second = *Found;
  const std::optional<RowRef> &Ref = Cached->second;
  if (!Ref)
    return nullptr;
  if (ModelIndex)
    *ModelIndex = Ref->Model;
  return &Models[Ref->Model].Functions[Ref->Index];
}

const ProcessApiModel::RowRef *
ProcessApiModel::lookUp(const FunctionDecl &FD) const {
  // A C function (of the translation unit, or extern "C") is its own name:
  // no qualified name to print.
  std::string Qualified;
  llvm::StringRef Key;
  if (FD.getIdentifier() && !isa<CXXMethodDecl>(FD) &&
      FD.getDeclContext()->getRedeclContext()->isTranslationUnit() &&
      !FD.hasAttr<AsmLabelAttr>()) {
    Key = FD.getName();
  } else {
    Qualified = keyOf(FD);
    Key = Qualified;
  }
  auto It = Functions.find(Key);
  return It == Functions.end() ? nullptr : lastActive(It->second, FD);
}

const ApiDescriptor *ProcessApiModel::find(const FunctionDecl &FD) const {
  return findActive(FD, nullptr);
}

const ApiDescriptor *ProcessApiModel::rowOf(const CallExpr &Call) const {
  const FunctionDecl *FD = Call.getDirectCallee();
  return FD ? find(*FD) : nullptr;
}

/// True when \p Row may describe a wait for one specific child.
static bool mayWaitForOne(const ApiDescriptor &Row) {
  return Row.Role == ApiRole::Reap || Row.Role == ApiRole::Poll ||
         Row.Inner != InnerWait::None;
}

std::optional<SpecificWait>
ProcessApiModel::specificWaitOf(const CallExpr &Call,
                                const ASTContext &Ctx) const {
  const ApiDescriptor *Row = rowOf(Call);
  if (!Row || !mayWaitForOne(*Row) || !conditionsHold(Row->When, Call, Ctx))
    return std::nullopt;
  // waitpid(-1, ...) and waitpid(0, ...) reap whichever child has exited.
  if (Row->Role == ApiRole::Reap && !Row->AnyWhen.empty() &&
      conditionsHold(Row->AnyWhen, Call, Ctx))
    return std::nullopt;
  SpecificWait W;
  W.SigchldBlocked = Row->Inner == InnerWait::SigchldBlocked;
  if (Row->StatusArg >= 0 &&
      static_cast<unsigned>(Row->StatusArg) < Call.getNumArgs())
    W.StatusArg = Row->StatusArg;
  W.CFunction =
      Row->Handle != HandleSlot::Object && Row->Type != HandleType::Object;
  return W;
}

CalleeNameSet ProcessApiModel::specificWaitCallees() const {
  CalleeNameSet Set;
  for (const ModelDescriptor &M : Models)
    for (const ApiDescriptor &Row : M.Functions)
      if (mayWaitForOne(Row)) {
        Set.add(Row.Name);
        for (const std::string &Alias : Row.Aliases)
          Set.add(Alias);
      }
  return Set;
}

SignalSetOp ProcessApiModel::signalSetOp(const CallExpr &Call) const {
  const ApiDescriptor *Row = rowOf(Call);
  return Row ? Row->SignalSet : SignalSetOp::None;
}

bool ProcessApiModel::fromOptions(unsigned M) const {
  return Models[M].Name == OptionsModel;
}

bool ProcessApiModel::startsReaper(const CallExpr &Call,
                                   const ASTContext &Ctx) const {
  const ApiDescriptor *Row = rowOf(Call);
  return Row && Row->Role == ApiRole::StartsReaper &&
         conditionsHold(Row->When, Call, Ctx);
}

const FunctionDecl *
ProcessApiModel::threadRoutine(const CallExpr &Call,
                               const ASTContext &Ctx) const {
  const ApiDescriptor *Row = rowOf(Call);
  if (!Row || Row->Role != ApiRole::ThreadStart ||
      !conditionsHold(Row->When, Call, Ctx))
    return nullptr;
  int Index = argumentIndex(Call, Row->Arg, Row->Parameter);
  if (Index < 0 || static_cast<unsigned>(Index) >= Call.getNumArgs())
    return nullptr;
  return functionNamedBy(Call.getArg(Index));
}

} // namespace reapcheck
