//===--- ProjectFacts.cpp - What other files of the program do ------------===//

#include "facts/ProjectFacts.h"
#include "facts/FactsFile.h"
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

void ProjectFacts::readFunctions(const llvm::json::Object &Root) {
  if (const auto *Listed = Root.getObject("functions"))
    for (const auto &Entry : *Listed) {
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
          Names.push_back(Name->rsplit("::").second.empty()
                                    ? Name->str()
                                    : Name->rsplit("::").second.str());
      Functions[Entry.first] = std::move(F);
    }
}

void ProjectFacts::readCoverage(const llvm::json::Object &Root) {
  if (const auto *Duties = Root.getObject("holders"))
    for (const auto &Entry : *Duties)
      if (const auto *O = Entry.second.getAsObject())
        if (auto Duty = O->getString("duty")) {
          Holders[Entry.first] = dutyFromWord(*Duty);
          if (auto Signalled = O->getBoolean("signalled");
              Signalled && *Signalled)
            SignalledHolders.insert(Entry.first);
        }
  // Lists of paths (covered_*) and of USRs.
  for (auto [Key, Into] : {std::pair("covered_files", &Covered),
                            std::pair("loop_covered_files", &LoopCovered),
                            std::pair("entries", &Entries),
                            std::pair("entered_reset", &EnteredReset),
                            std::pair("entered_covered", &EnteredCovered)})
    if (const auto *Names = Root.getArray(Key))
      for (const auto &Item : *Names)
        if (auto Name = Item.getAsString())
          Into->insert(*Name);
  for (auto [Key, Into] :
       {std::pair("covered_functions", &CoveredFunctions),
        std::pair("loop_covered_functions", &LoopCoveredFunctions)})
    if (const auto *ByFile = Root.getObject(Key))
      for (const auto &Entry : *ByFile)
        if (const auto *Usrs = Entry.second.getAsArray())
          for (const auto &Usr : *Usrs)
            if (auto Name = Usr.getAsString())
              (*Into)[Entry.first].insert(*Name);
}

std::optional<ProjectFacts> ProjectFacts::load(llvm::StringRef Path,
                                               std::string &Error) {
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
            std::to_string(FactsFormatVersion) + "; write it again with: " +
            rewriteCommandFor(ProjectFacts(), Path);
    return std::nullopt;
  }
  ProjectFacts Facts;
  Facts.readFunctions(*Root);
  Facts.readCoverage(*Root);
  Facts.readFiles(*Root);
  return Facts;
}

void ProjectFacts::readFiles(const llvm::json::Object &Root) {
  if (const auto *Files = Root.getObject("files"))
    for (const auto &Entry : *Files) {
      FileStamp S;
      if (const auto *O = Entry.second.getAsObject()) {
        if (auto Size = O->getInteger("size"))
          S.Size = *Size;
        if (auto Mtime = O->getInteger("mtime"))
          S.Mtime = *Mtime;
        if (auto Sha = O->getString("sha256"))
          S.Sha256 = Sha->str();
      }
      Stamps[Entry.first] = std::move(S);
    }
  if (const auto *Listed = Root.getArray("programs"))
    for (const auto &Program : *Listed) {
      const auto *O = Program.getAsObject();
      const auto *Members = O ? O->getArray("files") : nullptr;
      if (!Members)
        continue;
      Programs.emplace_back();
      for (const auto &File : *Members)
        if (auto Name = File.getAsString())
          Programs.back().push_back(Name->str());
    }
  if (auto Command = Root.getString("rewrite"))
    Rewrite = Command->str();
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

/// \p File (as \p Variant) is in \p Set.
static bool hasFile(const llvm::StringSet<> &Set, llvm::StringRef File,
                    llvm::StringRef Variant) {
  return Set.contains(File) || Set.contains(variantKey(File, Variant));
}

/// \p Usr, defined in \p File (as \p Variant), is in \p Map.
static bool hasFunction(const llvm::StringMap<llvm::StringSet<>> &Map,
                        llvm::StringRef File, llvm::StringRef Variant,
                        llvm::StringRef Usr) {
  for (const std::string &Key : {File.str(), variantKey(File, Variant)}) {
    auto It = Map.find(Key);
    if (It != Map.end() && It->second.contains(Usr))
      return true;
  }
  return false;
}

bool ProjectFacts::isCoveredByReaper(llvm::StringRef File,
                                     llvm::StringRef Variant) const {
  return hasFile(Covered, File, Variant);
}

bool ProjectFacts::isCoveredByLoop(llvm::StringRef File,
                                   llvm::StringRef Variant) const {
  return hasFile(LoopCovered, File, Variant);
}

bool ProjectFacts::isCoveredByLoop(llvm::StringRef File,
                                   llvm::StringRef Variant,
                                   llvm::StringRef Usr) const {
  return hasFunction(LoopCoveredFunctions, File, Variant, Usr);
}

bool ProjectFacts::isCoveredByReaper(llvm::StringRef File,
                                     llvm::StringRef Variant,
                                     llvm::StringRef Usr) const {
  return hasFunction(CoveredFunctions, File, Variant, Usr);
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

void FactsRecorder::addEntryCalls(const FunctionDecl &FD, bool Covered,
                                  llvm::ArrayRef<const FunctionDecl *> Own,
                                  llvm::ArrayRef<const FunctionDecl *> Entered) {
  Function &F = function(FD);
  F.ResetFlow = true;
  for (auto [From, Into] :
       {std::pair(Own, Covered ? &F.CoveredCalls : &F.ResetCalls),
        std::pair(Entered, Covered ? &F.EnteredCoveredCalls : &F.EnteredCalls)})
    for (const FunctionDecl *Callee : From)
      if (std::string Usr = usrOf(Callee);
          !Usr.empty() && llvm::find(*Into, Usr) == Into->end())
        Into->push_back(Usr);
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

void FactsRecorder::addHolder(const ValueDecl &Holder, HolderDuty Duty,
                              bool Signalled) {
  std::string Usr = usrOf(&Holder);
  if (!Usr.empty())
    Holders.push_back({Usr, Duty, Signalled});
}

std::string FactsRecorder::variantOf(llvm::StringRef Predefines) {
  llvm::MD5 Hash;
  Hash.update(Predefines);
  llvm::MD5::MD5Result Result;
  Hash.final(Result);
  return Result.digest().substr(0, 16).str();
}

/// A JSON array of \p Items, each made by \p Make.
template <typename Range, typename Fn>
static llvm::json::Array arrayOf(const Range &Items, Fn Make) {
  llvm::json::Array A;
  for (const auto &Item : Items)
    A.push_back(Make(Item));
  return A;
}

/// The identity, for arrayOf() of strings and numbers.
static const auto Same = [](const auto &V) { return V; };

llvm::json::Object FactsRecorder::toJson(const std::string &Usr,
                                         const Function &F) {
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
  O["calls"] = arrayOf(F.Calls, Same);
  auto Pair = [](const auto &P) {
    return llvm::json::Array{P.first, P.second};
  };
  if (!F.AnyPidCalls.empty())
    O["any_pid_calls"] = arrayOf(F.AnyPidCalls, Pair);
  if (F.ResetFlow) {
    O["reset_calls"] = arrayOf(F.ResetCalls, Same);
    O["entered_reset_calls"] = arrayOf(F.EnteredCalls, Same);
    O["covered_calls"] = arrayOf(F.CoveredCalls, Same);
    O["entered_covered_calls"] = arrayOf(F.EnteredCoveredCalls, Same);
  }
  if (!F.HandlerParams.empty())
    O["sigchld_handler_params"] = arrayOf(F.HandlerParams, Same);
  if (!F.SignalParams.empty())
    O["signal_params"] = arrayOf(F.SignalParams, [](const auto &P) {
      const auto &[Index, Handler, KernelReaps] = P;
      return llvm::json::Array{Index, Handler, KernelReaps};
    });
  if (!F.SigchldArgs.empty())
    O["sigchld_args"] = arrayOf(F.SigchldArgs, Pair);
  if (!F.FunctionArgs.empty())
    O["function_args"] = arrayOf(F.FunctionArgs, [](const auto &A) {
      const auto &[Callee, Index, Arg] = A;
      return llvm::json::Array{Callee, Index, Arg};
    });
  return O;
}

void FactsRecorder::write(llvm::StringRef Path, llvm::StringRef MainFile,
                          llvm::StringRef Variant) const {
  llvm::json::Array Funcs;
  for (const std::string &Usr : Order)
    if (!Usr.empty())
      Funcs.push_back(toJson(Usr, Functions.find(Usr)->second));
  llvm::json::Object Unit{
      {"version", FactsFormatVersion},
      {"file", MainFile},
      {"variant", Variant},
      {"installs_reaper", InstallsReaper},
      {"functions", std::move(Funcs)},
      {"holders", arrayOf(Holders, [](const Holder &H) {
         llvm::json::Object O{{"usr", H.Usr}, {"duty", dutyWord(H.Duty)}};
         if (H.Signalled)
           O["signalled"] = true;
         return O;
       })}};
  if (!Tables.empty())
    Unit["tables"] = arrayOf(Tables, [](const Table &T) {
      return llvm::json::Object{{"var", T.Var},
                                {"functions", arrayOf(T.Functions, Same)},
                                {"vars", arrayOf(T.Vars, Same)}};
    });
  if (SharedObject)
    Unit["shared_object"] = true;
  if (!SigchldHandlers.empty())
    Unit["sigchld_handlers"] = arrayOf(SigchldHandlers, Same);
  if (!Entries.empty())
    Unit["entries"] = arrayOf(Entries, Same);
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC, llvm::sys::fs::OF_Append);
  if (EC)
    return;
  Out << llvm::json::Value(std::move(Unit)) << '\n';
}

} // namespace reapcheck
