//===--- FactsRecorder.cpp - One unit's facts, written in index mode ------===//

#include "facts/FactsWords.h"
#include "facts/ProjectFacts.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MD5.h"
#include "llvm/Support/raw_ostream.h"
#include <tuple>

using namespace clang;

namespace reapcheck {

const std::string &FactsRecorder::usr(const Decl *D) {
  auto [It, New] = Usrs.try_emplace(D);
  if (New)
    It->second = usrOf(D);
  return It->second;
}

FactsRecorder::Function &FactsRecorder::function(const FunctionDecl &FD) {
  const std::string &Usr = usr(&FD);
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

void FactsRecorder::addSigchldBlocker(const FunctionDecl &FD) {
  std::string Usr = usr(&FD);
  if (llvm::find(SigchldBlockers, Usr) == SigchldBlockers.end())
    SigchldBlockers.push_back(std::move(Usr));
}

void FactsRecorder::addConstructor(const FunctionDecl &FD) {
  function(FD).Constructor = true;
}

void FactsRecorder::addReaperRoutine(const FunctionDecl &FD, bool NeedsBlock) {
  function(FD).ReaperRoutine = true;
  function(FD).ReaperNeedsBlock = NeedsBlock;
}

void FactsRecorder::addReapsOnce(const FunctionDecl &FD) {
  function(FD).ReapsOnce = true;
}

void FactsRecorder::addNeverReturns(const FunctionDecl &FD) {
  function(FD).NeverReturns = true;
}

void FactsRecorder::addLoopsForever(const FunctionDecl &FD) {
  function(FD).LoopsForever = true;
}

void FactsRecorder::addSpawnAttrParam(const FunctionDecl &FD, unsigned Index,
                                      SpawnAttrs Attrs) {
  function(FD).SpawnAttrParams.push_back({Index, Attrs});
}

void FactsRecorder::addPidGroupParam(const FunctionDecl &FD, unsigned Index,
                                     PidGroupEffect Effect) {
  function(FD).PidGroupParams.push_back({Index, Effect});
}

void FactsRecorder::addSpawnAttrForward(const FunctionDecl &FD,
                                        unsigned Index,
                                        const FunctionDecl &Callee,
                                        unsigned Arg) {
  std::string CalleeUsr = usr(&Callee);
  function(FD).SpawnAttrForwards.emplace_back(Index, std::move(CalleeUsr),
                                              Arg);
}

void FactsRecorder::addEndsIn(const FunctionDecl &FD,
                              const FunctionDecl &Last) {
  // A copy: function() may add to Usrs, where usr() keeps its answer.
  std::string LastUsr = usr(&Last);
  function(FD).EndsIn = std::move(LastUsr);
}

void FactsRecorder::addReapsGroupOnly(const FunctionDecl &FD) {
  function(FD).ReapsGroupOnly = true;
}

void FactsRecorder::addLeadsGroup(const FunctionDecl &FD, bool Session,
                                  bool Terminal) {
  Function &F = function(FD);
  F.LeadsGroup = true;
  F.LeadsSession = Session;
  F.LeadsTerminal = Terminal;
}

void FactsRecorder::addResetsSigchld(const FunctionDecl &FD) {
  function(FD).ResetsSigchld = true;
}

void FactsRecorder::addInstallsTaker(const FunctionDecl &FD, unsigned Kind) {
  function(FD).InstallsTaker |= Kind;
}

void FactsRecorder::setEntryOrder(const FunctionDecl &FD,
                                  llvm::json::Object Order) {
  function(FD).EntryOrder = std::move(Order);
}

void FactsRecorder::addDefined(const FunctionDecl &FD) {
  function(FD).Defined = true;
}

void FactsRecorder::addCall(const FunctionDecl &Caller,
                            const FunctionDecl &Callee) {
  std::string Usr = usr(&Callee);
  if (Usr.empty())
    return;
  Function &F = function(Caller);
  if (F.Called.insert(Usr).second)
    F.Calls.push_back(Usr);
}

/// Adds \p Callee's USR to \p Into once.
static void addOnce(std::vector<std::string> &Into, std::string Usr) {
  if (!Usr.empty() && llvm::find(Into, Usr) == Into.end())
    Into.push_back(std::move(Usr));
}

void FactsRecorder::addThreadCall(const FunctionDecl &Caller,
                                  const FunctionDecl &Routine) {
  std::string Usr = usr(&Routine);
  addOnce(function(Caller).ThreadCalls, std::move(Usr));
}

void FactsRecorder::addTableCall(const FunctionDecl &Caller,
                                 const FunctionDecl &Target) {
  std::string Usr = usr(&Target);
  addOnce(function(Caller).TableCalls, std::move(Usr));
}

void FactsRecorder::addLoopCall(const FunctionDecl &Caller,
                                const FunctionDecl &Callee) {
  std::string Usr = usr(&Callee);
  std::vector<std::string> &Into = function(Caller).LoopCalls;
  if (!Usr.empty() && llvm::find(Into, Usr) == Into.end())
    Into.push_back(Usr);
}

void FactsRecorder::addChildCall(const FunctionDecl &Caller,
                                 const FunctionDecl &Callee) {
  std::string Usr = usr(&Callee);
  std::vector<std::string> &Into = function(Caller).ChildCalls;
  if (!Usr.empty() && llvm::find(Into, Usr) == Into.end())
    Into.push_back(Usr);
}

void FactsRecorder::addEntryCalls(const FunctionDecl &FD, EntryKind Kind,
                                  llvm::ArrayRef<const FunctionDecl *> Own,
                                  llvm::ArrayRef<const FunctionDecl *> Entered) {
  Function &F = function(FD);
  F.ResetFlow = true;
  auto Lists = Kind == EntryKind::Reset
                   ? std::pair(&F.ResetCalls, &F.EnteredCalls)
               : Kind == EntryKind::Covered
                   ? std::pair(&F.CoveredCalls, &F.EnteredCoveredCalls)
                   : std::pair(&F.AlwaysCalls, &F.EnteredAlwaysCalls);
  for (auto [From, Into] :
       {std::pair(Own, Lists.first), std::pair(Entered, Lists.second)})
    for (const FunctionDecl *Callee : From)
      if (std::string Usr = usr(Callee);
          !Usr.empty() && llvm::find(*Into, Usr) == Into->end())
        Into->push_back(Usr);
}

void FactsRecorder::addAnyPidCall(const FunctionDecl &Caller,
                                  const FunctionDecl &Callee, unsigned Index) {
  std::string Usr = usr(&Callee);
  if (!Usr.empty())
    function(Caller).AnyPidCalls.push_back({Usr, Index});
}

void FactsRecorder::addEntry(const FunctionDecl &FD) {
  std::string Usr = usr(&FD);
  if (!Usr.empty() && llvm::find(Entries, Usr) == Entries.end())
    Entries.push_back(Usr);
}

void FactsRecorder::addSigchldHandler(const FunctionDecl &FD) {
  std::string Usr = usr(&FD);
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
      Index, Handler ? usr(Handler) : std::string(), KernelReaps);
}

void FactsRecorder::addSigchldArg(const FunctionDecl &Caller,
                                  const FunctionDecl &Callee, unsigned Index) {
  std::string Usr = usr(&Callee);
  if (!Usr.empty())
    function(Caller).SigchldArgs.push_back({Usr, Index});
}

void FactsRecorder::addFunctionArg(const FunctionDecl &Caller,
                                   const FunctionDecl &Callee, unsigned Index,
                                   const FunctionDecl &Arg) {
  std::string CalleeUsr = usr(&Callee), ArgUsr = usr(&Arg);
  if (!CalleeUsr.empty() && !ArgUsr.empty())
    function(Caller).FunctionArgs.emplace_back(CalleeUsr, Index, ArgUsr);
}

void FactsRecorder::addTable(const VarDecl &Var,
                             llvm::ArrayRef<const Decl *> Named) {
  Table T;
  T.Var = usr(&Var);
  if (T.Var.empty())
    return;
  for (const Decl *D : Named) {
    std::string Usr = usr(D);
    auto &Into = isa<FunctionDecl>(D) ? T.Functions : T.Vars;
    if (!Usr.empty() && llvm::find(Into, Usr) == Into.end())
      Into.push_back(Usr);
  }
  Tables.push_back(std::move(T));
}

void FactsRecorder::addHolder(const ValueDecl &Holder, HolderDuty Duty,
                              bool Signalled, bool GroupSignalled) {
  std::string Usr = usr(&Holder);
  if (!Usr.empty())
    Holders.push_back({Usr, Duty, Signalled, GroupSignalled});
}

void FactsRecorder::addHolderGroup(const ValueDecl &Holder,
                                   HolderGroup Group) {
  std::string Usr = usr(&Holder);
  if (!Usr.empty())
    Groups.push_back({Usr, std::move(Group)});
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

llvm::json::Object FactsRecorder::toJson(llvm::StringRef Usr,
                                         const Function &F) {
  llvm::json::Object O{{"usr", Usr},
                       {"name", F.Name},
                       {"defined", F.Defined},
                       {"main", F.IsMain},
                       {"reaps_any", F.ReapsAny}};
  if (F.Wrapper)
    O["wrapper"] = specToJson(*F.Wrapper);
  // The flags, written only when set.
  for (const auto &[Key, Set] : {std::pair<const char *, bool>{
                                     "constructor", F.Constructor},
                                 {"reaps_once", F.ReapsOnce},
                                 {"reaps_group_only", F.ReapsGroupOnly},
                                 {"leads_group", F.LeadsGroup},
                                 {"leads_session", F.LeadsSession},
                                 {"leads_terminal", F.LeadsTerminal},
                                 {"never_returns", F.NeverReturns},
                                 {"loops_forever", F.LoopsForever},
                                 {"reaper_routine", F.ReaperRoutine},
                                 {"reaper_needs_block", F.ReaperNeedsBlock},
                                 {"resets_sigchld", F.ResetsSigchld}})
    if (Set)
      O[Key] = true;
  if (!F.EndsIn.empty())
    O["ends_in"] = F.EndsIn;
  if (F.InstallsTaker)
    O["installs_taker"] = static_cast<int64_t>(F.InstallsTaker);
  if (F.EntryOrder)
    O["entry_order"] = llvm::json::Object(*F.EntryOrder);
  llvm::json::Object Params;
  for (const auto &[Index, Summary] : F.Params)
    Params[std::to_string(Index)] = paramWord(Summary);
  O["params"] = std::move(Params);
  O["calls"] = arrayOf(F.Calls, Same);
  for (const auto &[Key, List] :
       {std::pair<const char *, const std::vector<std::string> *>{
            "child_calls", &F.ChildCalls},
        {"thread_calls", &F.ThreadCalls},
        {"table_calls", &F.TableCalls},
        {"loop_calls", &F.LoopCalls}})
    if (!List->empty())
      O[Key] = arrayOf(*List, Same);
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
    O["always_reset_calls"] = arrayOf(F.AlwaysCalls, Same);
    O["entered_always_reset_calls"] = arrayOf(F.EnteredAlwaysCalls, Same);
  }
  addSignalFacts(F, O);
  return O;
}

void FactsRecorder::addSignalFacts(const Function &F, llvm::json::Object &O) {
  if (!F.HandlerParams.empty())
    O["sigchld_handler_params"] = arrayOf(F.HandlerParams, Same);
  if (!F.SignalParams.empty())
    O["signal_params"] = arrayOf(F.SignalParams, [](const auto &P) {
      const auto &[Index, Handler, KernelReaps] = P;
      return llvm::json::Array{Index, Handler, KernelReaps};
    });
  if (!F.SigchldArgs.empty())
    O["sigchld_args"] = arrayOf(F.SigchldArgs, [](const auto &P) {
      return llvm::json::Array{P.first, P.second};
    });
  if (!F.SpawnAttrParams.empty())
    O["spawn_attr_params"] = arrayOf(F.SpawnAttrParams, [](const auto &P) {
      return llvm::json::Array{P.first, P.second.Flags, P.second.OtherGroup};
    });
  if (!F.PidGroupParams.empty())
    O["pid_group_params"] = arrayOf(F.PidGroupParams, [](const auto &P) {
      return llvm::json::Array{
          P.first, P.second == PidGroupEffect::Leads ? "leads" : "joins"};
    });
  if (!F.SpawnAttrForwards.empty())
    O["spawn_attr_forwards"] =
        arrayOf(F.SpawnAttrForwards, [](const auto &P) {
          const auto &[Index, Callee, Arg] = P;
          return llvm::json::Array{Index, Callee, Arg};
        });
  if (!F.FunctionArgs.empty())
    O["function_args"] = arrayOf(F.FunctionArgs, [](const auto &A) {
      const auto &[Callee, Index, Arg] = A;
      return llvm::json::Array{Callee, Index, Arg};
    });
}

/// The unit's SIGCHLD installs, for the merge's program rule,
/// process-reaper-conflict and child_only.
void FactsRecorder::addSigchldKeys(llvm::json::Object &Unit) const {
  if (!Installers.empty())
    Unit["installers"] = arrayOf(Installers, Same);
  if (!SigchldHandlers.empty())
    Unit["sigchld_handlers"] = arrayOf(SigchldHandlers, Same);
  if (!Takers.empty())
    Unit["sigchld_takers"] = arrayOf(Takers, [](const ForeignTaker &T) {
      llvm::json::Object O{{"file", T.File},
                           {"line", static_cast<int64_t>(T.Line)},
                           {"column", static_cast<int64_t>(T.Column)},
                           {"kind", T.Ignores ? "ignore" : "handler"}};
      if (!T.Ignores)
        O["handler"] = T.Handler;
      if (!T.Installer.empty())
        O["installer"] = T.Installer;
      return O;
    });
}

/// Holders come from the judge's map of declarations: put in USR order so
/// that one unit's facts are the same bytes on every run.
template <typename HolderT, typename GroupT>
static void sortHolders(std::vector<HolderT> &Holders,
                        std::vector<GroupT> &Groups) {
  auto HolderKey = [](const HolderT &H) {
    return std::make_tuple(llvm::StringRef(H.Usr), H.Duty, H.Signalled,
                           H.GroupSignalled);
  };
  llvm::sort(Holders, [&](const HolderT &A, const HolderT &B) {
    return HolderKey(A) < HolderKey(B);
  });
  auto GroupKey = [](const GroupT &E) {
    const HolderGroup &G = E.second;
    return std::make_tuple(llvm::StringRef(E.first), llvm::StringRef(G.File),
                           G.Line, G.Column, G.What, G.Session);
  };
  llvm::sort(Groups, [&](const GroupT &A, const GroupT &B) {
    return GroupKey(A) < GroupKey(B);
  });
}

llvm::json::Array FactsRecorder::functionsJson() const {
  // By USR: the unit's wrappers come first from a hash table, and a unit's
  // facts are the same bytes on every run.
  std::vector<llvm::StringRef> Sorted(Order.begin(), Order.end());
  llvm::sort(Sorted);
  llvm::json::Array Funcs;
  Funcs.reserve(Sorted.size());
  for (llvm::StringRef Usr : Sorted)
    if (!Usr.empty())
      Funcs.push_back(toJson(Usr, Functions.find(Usr)->second));
  return Funcs;
}

void FactsRecorder::write(llvm::StringRef Path, llvm::StringRef MainFile,
                          llvm::StringRef Variant) const {
  std::vector<Holder> SortedHolders = Holders;
  auto SortedGroups = Groups;
  sortHolders(SortedHolders, SortedGroups);
  llvm::json::Object Unit{
      {"version", FactsFormatVersion},
      {"file", MainFile},
      {"variant", Variant},
      {"installs_reaper", InstallsReaper},
      {"functions", functionsJson()},
      {"holders", arrayOf(SortedHolders, [](const Holder &H) {
         llvm::json::Object O{{"usr", H.Usr}, {"duty", dutyWord(H.Duty)}};
         if (H.Signalled)
           O["signalled"] = true;
         if (H.GroupSignalled)
           O["group_signalled"] = true;
         return O;
       })}};
  if (IgnoresSigchld)
    Unit["ignores_sigchld"] = true;
  if (ReapsGroupOnly)
    Unit["reaps_group_only"] = true;
  if (AdmitsSigchld)
    Unit["admits_sigchld"] = true;
  if (!SigchldBlockers.empty())
    Unit["blocks_sigchld"] = arrayOf(SigchldBlockers, Same);
  if (!SortedGroups.empty())
    Unit["holder_groups"] = arrayOf(SortedGroups, [](const auto &Entry) {
      const HolderGroup &G = Entry.second;
      return llvm::json::Object{{"usr", Entry.first},
                                {"kind", groupWord(G.What)},
                                {"file", G.File},
                                {"line", static_cast<int64_t>(G.Line)},
                                {"column", static_cast<int64_t>(G.Column)},
                                {"session", G.Session}};
    });
  if (!Tables.empty())
    Unit["tables"] = arrayOf(Tables, [](const Table &T) {
      return llvm::json::Object{{"var", T.Var},
                                {"functions", arrayOf(T.Functions, Same)},
                                {"vars", arrayOf(T.Vars, Same)}};
    });
  if (SharedObject)
    Unit["shared_object"] = true;
  addSigchldKeys(Unit);
  if (SpecificWaits)
    Unit["specific_waits"] = static_cast<int64_t>(SpecificWaits);
  if (!Entries.empty())
    Unit["entries"] = arrayOf(Entries, Same);
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC, llvm::sys::fs::OF_Append);
  if (EC)
    return;
  Out << llvm::json::Value(std::move(Unit)) << '\n';
}

} // namespace reapcheck
