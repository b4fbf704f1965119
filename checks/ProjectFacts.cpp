//===--- ProjectFacts.cpp - What other files of the program do ------------===//

#include "ProjectFacts.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Index/USRGeneration.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MD5.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace reapcheck {

std::string usrOf(const Decl *D) {
  llvm::SmallString<128> Buf;
  if (!D || index::generateUSRForDecl(D, Buf))
    return "";
  return std::string(Buf);
}

//===----------------------------------------------------------------------===//
// Words of the format.
//===----------------------------------------------------------------------===//

static const char *paramWord(ParamSummary S) {
  return S == ParamSummary::Reaps ? "reaps" : "harmless";
}

static std::optional<ParamSummary> paramFromWord(llvm::StringRef W) {
  if (W == "reaps")
    return ParamSummary::Reaps;
  if (W == "harmless")
    return ParamSummary::Harmless;
  return std::nullopt;
}

static const char *dutyWord(HolderDuty D) {
  switch (D) {
  case HolderDuty::Reaped:
    return "reaped";
  case HolderDuty::HandedOn:
    return "handed-on";
  case HolderDuty::Neglected:
    return "neglected";
  case HolderDuty::Unjudged:
    break;
  }
  return "unjudged";
}

static HolderDuty dutyFromWord(llvm::StringRef W) {
  if (W == "reaped")
    return HolderDuty::Reaped;
  if (W == "handed-on")
    return HolderDuty::HandedOn;
  if (W == "neglected")
    return HolderDuty::Neglected;
  return HolderDuty::Unjudged;
}

static llvm::json::Object specToJson(const StartSpec &S) {
  return llvm::json::Object{
      {"handle_arg", S.HandleArg},
      {"kind", S.Kind == HandleKind::Stream ? "stream" : "pid"},
      {"returns_status", S.ReturnsStatus},
      {"result_is_success", S.ResultIsSuccess}};
}

static std::optional<StartSpec> specFromJson(const llvm::json::Object &O) {
  StartSpec S;
  auto Arg = O.getInteger("handle_arg");
  auto Kind = O.getString("kind");
  if (!Arg || !Kind || *Arg < -1 || *Arg > 64)
    return std::nullopt;
  S.HandleArg = static_cast<int>(*Arg);
  S.Kind = *Kind == "stream" ? HandleKind::Stream : HandleKind::Pid;
  auto Status = O.getBoolean("returns_status");
  S.ReturnsStatus = Status && *Status;
  auto Success = O.getBoolean("result_is_success");
  S.ResultIsSuccess = Success && *Success;
  return S;
}

//===----------------------------------------------------------------------===//
// Reading.
//===----------------------------------------------------------------------===//

/// Files the facts describe whose size or modification time changed.
static std::vector<std::string> changedFiles(const llvm::json::Object &Files) {
  std::vector<std::string> Changed;
  for (const auto &Entry : Files) {
    const auto *Stamp = Entry.second.getAsObject();
    llvm::sys::fs::file_status Status;
    if (!Stamp || llvm::sys::fs::status(Entry.first.str(), Status)) {
      Changed.push_back(Entry.first.str());
      continue;
    }
    auto Size = Stamp->getInteger("size");
    auto Mtime = Stamp->getInteger("mtime");
    auto Now = llvm::sys::toTimeT(Status.getLastModificationTime());
    if (!Size || !Mtime || static_cast<uint64_t>(*Size) != Status.getSize() ||
        *Mtime != static_cast<int64_t>(Now))
      Changed.push_back(Entry.first.str());
  }
  std::sort(Changed.begin(), Changed.end());
  return Changed;
}

std::optional<ProjectFacts> ProjectFacts::load(llvm::StringRef Path,
                                               std::string &Error,
                                               std::string &Warning) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer) {
    Error = "cannot read facts file '" + Path.str() +
            "': " + Buffer.getError().message();
    return std::nullopt;
  }
  auto Parsed = llvm::json::parse((*Buffer)->getBuffer());
  if (!Parsed) {
    Error = "facts file '" + Path.str() +
            "' is not valid JSON: " + llvm::toString(Parsed.takeError());
    return std::nullopt;
  }
  const auto *Root = Parsed->getAsObject();
  if (!Root ||
      Root->getString("format") != llvm::StringRef("reapcheck-facts")) {
    Error = "'" + Path.str() + "' is not a reapcheck facts file";
    return std::nullopt;
  }
  auto Version = Root->getInteger("version");
  if (!Version || *Version != FactsFormatVersion) {
    Error = "facts file '" + Path.str() + "' has format version " +
            (Version ? std::to_string(*Version) : std::string("?")) +
            ", this reapcheck reads version " +
            std::to_string(FactsFormatVersion) +
            "; write it again with tools/reapcheck --facts";
    return std::nullopt;
  }
  ProjectFacts Facts;
  if (const auto *Functions = Root->getObject("functions"))
    for (const auto &Entry : *Functions) {
      const auto *O = Entry.second.getAsObject();
      if (!O)
        continue;
      FunctionFacts F;
      if (const auto *W = O->getObject("wrapper"))
        F.Wrapper = specFromJson(*W);
      if (const auto *Params = O->getObject("params"))
        for (const auto &P : *Params) {
          unsigned Index = 0;
          auto Word = P.second.getAsString();
          if (!llvm::StringRef(P.first).getAsInteger(10, Index) && Word)
            if (auto S = paramFromWord(*Word))
              F.Params[Index] = *S;
        }
      auto ReapsAny = O->getBoolean("reaps_any");
      F.ReapsAny = ReapsAny && *ReapsAny;
      if (F.Wrapper)
        if (auto Name = O->getString("name"))
          Facts.Names.push_back(Name->rsplit("::").second.empty()
                                    ? Name->str()
                                    : Name->rsplit("::").second.str());
      Facts.Functions[Entry.first] = std::move(F);
    }
  if (const auto *Holders = Root->getObject("holders"))
    for (const auto &Entry : *Holders)
      if (const auto *O = Entry.second.getAsObject())
        if (auto Duty = O->getString("duty"))
          Facts.Holders[Entry.first] = dutyFromWord(*Duty);
  if (const auto *Covered = Root->getArray("covered_files"))
    for (const auto &File : *Covered)
      if (auto Name = File.getAsString())
        Facts.Covered.insert(*Name);
  if (const auto *Entries = Root->getArray("entries"))
    for (const auto &Usr : *Entries)
      if (auto Name = Usr.getAsString())
        Facts.Entries.insert(*Name);
  if (const auto *ByFile = Root->getObject("covered_functions"))
    for (const auto &Entry : *ByFile)
      if (const auto *Usrs = Entry.second.getAsArray())
        for (const auto &Usr : *Usrs)
          if (auto Name = Usr.getAsString())
            Facts.CoveredFunctions[Entry.first].insert(*Name);
  if (const auto *Files = Root->getObject("files")) {
    std::vector<std::string> Changed = changedFiles(*Files);
    if (!Changed.empty())
      Warning = "facts file '" + Path.str() +
                "' is stale: " + std::to_string(Changed.size()) +
                " file(s) changed or vanished since it was written (first: " +
                Changed.front() +
                "); facts about them may be wrong until tools/reapcheck "
                "--facts writes it again";
  }
  return Facts;
}

const FunctionFacts *ProjectFacts::function(llvm::StringRef Usr) const {
  auto It = Functions.find(Usr);
  return It == Functions.end() ? nullptr : &It->second;
}

HolderDuty ProjectFacts::holderDuty(llvm::StringRef Usr) const {
  auto It = Holders.find(Usr);
  return It == Holders.end() ? HolderDuty::Unjudged : It->second;
}

/// The key of a unit in the facts: its path, or `path#variant` where the
/// merge saw the path compiled several ways.
static std::string variantKey(llvm::StringRef File, llvm::StringRef Variant) {
  return (File + "#" + Variant).str();
}

bool ProjectFacts::isCoveredByReaper(llvm::StringRef File,
                                     llvm::StringRef Variant) const {
  return Covered.contains(File) || Covered.contains(variantKey(File, Variant));
}

bool ProjectFacts::isCoveredByReaper(llvm::StringRef File,
                                     llvm::StringRef Variant,
                                     llvm::StringRef Usr) const {
  for (const std::string &Key : {File.str(), variantKey(File, Variant)}) {
    auto It = CoveredFunctions.find(Key);
    if (It != CoveredFunctions.end() && It->second.contains(Usr))
      return true;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Summaries backed by the facts.
//===----------------------------------------------------------------------===//

ParamSummary ProjectSummaries::paramSummary(const FunctionDecl *FD,
                                            unsigned Index, ASTContext &Ctx) {
  ParamSummary Local = TranslationUnitSummaries::paramSummary(FD, Index, Ctx);
  if (Local != ParamSummary::Unknown || !Facts || !FD || FD->hasBody())
    return Local;
  const FunctionFacts *F = Facts->function(usrOf(FD));
  if (!F)
    return Local;
  auto It = F->Params.find(Index);
  return It == F->Params.end() ? Local : It->second;
}

bool ProjectSummaries::callReapsAny(const CallExpr &Call, ASTContext &Ctx) {
  if (TranslationUnitSummaries::callReapsAny(Call, Ctx))
    return true;
  const FunctionDecl *FD = Call.getDirectCallee();
  if (!Facts || !FD || FD->hasBody())
    return false;
  const FunctionFacts *F = Facts->function(usrOf(FD));
  return F && F->ReapsAny;
}

const WrapperSummary *ProjectSummaries::wrapper(const FunctionDecl *FD) const {
  if (const WrapperSummary *Local = TranslationUnitSummaries::wrapper(FD))
    return Local;
  if (!Facts || !FD || FD->hasBody())
    return nullptr;
  auto [It, Inserted] = FactWrappers.try_emplace(FD->getCanonicalDecl());
  if (Inserted) {
    const FunctionFacts *F = Facts->function(usrOf(FD));
    if (F && F->Wrapper)
      It->second = WrapperSummary{*F->Wrapper, FD->getNameAsString()};
  }
  const std::optional<WrapperSummary> &Found = It->second;
  return Found.has_value() ? &Found.value() : nullptr;
}

//===----------------------------------------------------------------------===//
// Writing, in index mode.
//===----------------------------------------------------------------------===//

FactsRecorder::Function &FactsRecorder::function(const FunctionDecl &FD) {
  std::string Usr = usrOf(&FD);
  auto [It, Inserted] = Functions.try_emplace(Usr);
  if (Inserted) {
    Order.push_back(Usr);
    It->second.Name = FD.getQualifiedNameAsString();
    It->second.IsMain = FD.isMain();
  }
  return It->second;
}

void FactsRecorder::addWrapper(const FunctionDecl &FD, const StartSpec &Spec) {
  function(FD).Wrapper = Spec;
}

void FactsRecorder::addParam(const FunctionDecl &FD, unsigned Index,
                             ParamSummary Summary) {
  if (Summary != ParamSummary::Unknown)
    function(FD).Params.push_back({Index, Summary});
}

void FactsRecorder::addReapsAny(const FunctionDecl &FD) {
  function(FD).ReapsAny = true;
}

void FactsRecorder::addDefined(const FunctionDecl &FD) {
  function(FD).Defined = true;
}

void FactsRecorder::addCall(const FunctionDecl &Caller,
                            const FunctionDecl &Callee) {
  std::string Usr = usrOf(&Callee);
  if (Usr.empty())
    return;
  function(Caller).Calls.push_back(Usr);
}

void FactsRecorder::addAnyPidCall(const FunctionDecl &Caller,
                                  const FunctionDecl &Callee, unsigned Index) {
  std::string Usr = usrOf(&Callee);
  if (!Usr.empty())
    function(Caller).AnyPidCalls.push_back({Usr, Index});
}

void FactsRecorder::addEntry(const FunctionDecl &FD) {
  std::string Usr = usrOf(&FD);
  if (!Usr.empty() && llvm::find(Entries, Usr) == Entries.end())
    Entries.push_back(Usr);
}

void FactsRecorder::addSigchldHandler(const FunctionDecl &FD) {
  std::string Usr = usrOf(&FD);
  if (!Usr.empty() && llvm::find(SigchldHandlers, Usr) == SigchldHandlers.end())
    SigchldHandlers.push_back(Usr);
}

void FactsRecorder::addHandlerParam(const FunctionDecl &FD, unsigned Index) {
  std::vector<unsigned> &Params = function(FD).HandlerParams;
  if (llvm::find(Params, Index) == Params.end())
    Params.push_back(Index);
}

void FactsRecorder::addSignalParam(const FunctionDecl &FD, unsigned Index,
                                   const FunctionDecl *Handler,
                                   bool KernelReaps) {
  function(FD).SignalParams.emplace_back(
      Index, Handler ? usrOf(Handler) : std::string(), KernelReaps);
}

void FactsRecorder::addSigchldArg(const FunctionDecl &Caller,
                                  const FunctionDecl &Callee, unsigned Index) {
  std::string Usr = usrOf(&Callee);
  if (!Usr.empty())
    function(Caller).SigchldArgs.push_back({Usr, Index});
}

void FactsRecorder::addFunctionArg(const FunctionDecl &Caller,
                                   const FunctionDecl &Callee, unsigned Index,
                                   const FunctionDecl &Arg) {
  std::string CalleeUsr = usrOf(&Callee), ArgUsr = usrOf(&Arg);
  if (!CalleeUsr.empty() && !ArgUsr.empty())
    function(Caller).FunctionArgs.emplace_back(CalleeUsr, Index, ArgUsr);
}

void FactsRecorder::addTable(const VarDecl &Var,
                             llvm::ArrayRef<const Decl *> Named) {
  Table T;
  T.Var = usrOf(&Var);
  if (T.Var.empty())
    return;
  for (const Decl *D : Named) {
    std::string Usr = usrOf(D);
    auto &Into = isa<FunctionDecl>(D) ? T.Functions : T.Vars;
    if (!Usr.empty() && llvm::find(Into, Usr) == Into.end())
      Into.push_back(Usr);
  }
  Tables.push_back(std::move(T));
}

void FactsRecorder::addHolder(const ValueDecl &Holder, HolderDuty Duty) {
  std::string Usr = usrOf(&Holder);
  if (!Usr.empty())
    Holders.push_back({Usr, Duty});
}

std::string FactsRecorder::variantOf(llvm::StringRef Predefines) {
  llvm::MD5 Hash;
  Hash.update(Predefines);
  llvm::MD5::MD5Result Result;
  Hash.final(Result);
  return Result.digest().substr(0, 16).str();
}

void FactsRecorder::write(llvm::StringRef Path, llvm::StringRef MainFile,
                          llvm::StringRef Variant) const {
  llvm::json::Array Funcs;
  for (const std::string &Usr : Order) {
    const Function &F = Functions.find(Usr)->second;
    if (Usr.empty())
      continue;
    llvm::json::Object O{{"usr", Usr},
                         {"name", F.Name},
                         {"defined", F.Defined},
                         {"main", F.IsMain},
                         {"reaps_any", F.ReapsAny}};
    if (F.Wrapper)
      O["wrapper"] = specToJson(*F.Wrapper);
    llvm::json::Object Params;
    for (const auto &[Index, Summary] : F.Params)
      Params[std::to_string(Index)] = paramWord(Summary);
    O["params"] = std::move(Params);
    llvm::json::Array Calls;
    for (const std::string &C : F.Calls)
      Calls.push_back(C);
    O["calls"] = std::move(Calls);
    if (!F.AnyPidCalls.empty()) {
      llvm::json::Array AnyPid;
      for (const auto &[Callee, Index] : F.AnyPidCalls)
        AnyPid.push_back(llvm::json::Array{Callee, Index});
      O["any_pid_calls"] = std::move(AnyPid);
    }
    if (!F.HandlerParams.empty()) {
      llvm::json::Array Params;
      for (unsigned Index : F.HandlerParams)
        Params.push_back(Index);
      O["sigchld_handler_params"] = std::move(Params);
    }
    if (!F.SignalParams.empty()) {
      llvm::json::Array Params;
      for (const auto &[Index, Handler, KernelReaps] : F.SignalParams)
        Params.push_back(llvm::json::Array{Index, Handler, KernelReaps});
      O["signal_params"] = std::move(Params);
    }
    if (!F.SigchldArgs.empty()) {
      llvm::json::Array Args;
      for (const auto &[Callee, Index] : F.SigchldArgs)
        Args.push_back(llvm::json::Array{Callee, Index});
      O["sigchld_args"] = std::move(Args);
    }
    if (!F.FunctionArgs.empty()) {
      llvm::json::Array Args;
      for (const auto &[Callee, Index, Arg] : F.FunctionArgs)
        Args.push_back(llvm::json::Array{Callee, Index, Arg});
      O["function_args"] = std::move(Args);
    }
    Funcs.push_back(std::move(O));
  }
  llvm::json::Array HolderArray;
  for (const auto &[Usr, Duty] : Holders)
    HolderArray.push_back(
        llvm::json::Object{{"usr", Usr}, {"duty", dutyWord(Duty)}});
  llvm::json::Object Unit{{"version", FactsFormatVersion},
                          {"file", MainFile},
                          {"variant", Variant},
                          {"installs_reaper", InstallsReaper},
                          {"functions", std::move(Funcs)},
                          {"holders", std::move(HolderArray)}};
  if (!Tables.empty()) {
    llvm::json::Array TableArray;
    for (const Table &T : Tables) {
      llvm::json::Array Functions, Vars;
      for (const std::string &Usr : T.Functions)
        Functions.push_back(Usr);
      for (const std::string &Usr : T.Vars)
        Vars.push_back(Usr);
      TableArray.push_back(
          llvm::json::Object{{"var", T.Var},
                             {"functions", std::move(Functions)},
                             {"vars", std::move(Vars)}});
    }
    Unit["tables"] = std::move(TableArray);
  }
  if (SharedObject)
    Unit["shared_object"] = true;
  if (!SigchldHandlers.empty()) {
    llvm::json::Array HandlerArray;
    for (const std::string &Usr : SigchldHandlers)
      HandlerArray.push_back(Usr);
    Unit["sigchld_handlers"] = std::move(HandlerArray);
  }
  if (!Entries.empty()) {
    llvm::json::Array EntryArray;
    for (const std::string &Usr : Entries)
      EntryArray.push_back(Usr);
    Unit["entries"] = std::move(EntryArray);
  }
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC, llvm::sys::fs::OF_Append);
  if (EC)
    return;
  Out << llvm::json::Value(std::move(Unit)) << '\n';
}

} // namespace reapcheck
