//===--- FactsRecorder.cpp - One unit's facts, collected in index mode ----===//

#include "facts/FactsRecorder.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MD5.h"

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

void FactsRecorder::addWrapperUnless(const FunctionDecl &FD,
                                     const FunctionDecl &Callee,
                                     unsigned Index) {
  std::string Usr = usr(&Callee);
  if (!Usr.empty())
    function(FD).WrapperUnless.emplace_back(std::move(Usr), Index);
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

void FactsRecorder::addInstallsOnce(const FunctionDecl &FD) {
  function(FD).InstallsOnce = true;
}

void FactsRecorder::addReapsByPoll(const FunctionDecl &FD) {
  function(FD).ReapsByPoll = true;
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
               : Kind == EntryKind::Uncovered
                   ? std::pair(&F.UncoveredCalls, &F.EnteredUncoveredCalls)
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

} // namespace reapcheck
