//===--- FactsJson.cpp - One unit's facts, written as JSON ------------===//
//
// FactsRecorder's part of the facts as the driver reads it (docs/facts.md):
// the functions in USR order, the holders, the unit's keys, written to the
// file REAPCHECK_INDEX names.
//
//===----------------------------------------------------------------------===//

#include "facts/FactsRecorder.h"
#include "facts/FactsWords.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <tuple>

using namespace clang;

namespace reapcheck {

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
                                 {"reaps_by_poll", F.ReapsByPoll},
                                 {"installs_once", F.InstallsOnce},
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
  if (!F.WrapperUnless.empty())
    O["wrapper_unless"] = arrayOf(F.WrapperUnless, Pair);
  if (F.ResetFlow)
    addEntryFlow(F, O);
  addSignalFacts(F, O);
  return O;
}

void FactsRecorder::addEntryFlow(const Function &F, llvm::json::Object &O) {
  O["reset_calls"] = arrayOf(F.ResetCalls, Same);
  O["entered_reset_calls"] = arrayOf(F.EnteredCalls, Same);
  O["covered_calls"] = arrayOf(F.CoveredCalls, Same);
  O["entered_covered_calls"] = arrayOf(F.EnteredCoveredCalls, Same);
  O["uncovered_calls"] = arrayOf(F.UncoveredCalls, Same);
  O["entered_uncovered_calls"] = arrayOf(F.EnteredUncoveredCalls, Same);
  O["always_reset_calls"] = arrayOf(F.AlwaysCalls, Same);
  O["entered_always_reset_calls"] = arrayOf(F.EnteredAlwaysCalls, Same);
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

/// One holder's group, with the calls the merge is to judge (`via`).
static llvm::json::Object holderGroupJson(llvm::StringRef Usr,
                                          const HolderGroup &G) {
  llvm::json::Object O{{"usr", Usr},
                       {"kind", groupWord(G.What)},
                       {"file", G.File},
                       {"line", static_cast<int64_t>(G.Line)},
                       {"column", static_cast<int64_t>(G.Column)},
                       {"session", G.Session}};
  if (!G.Via.empty())
    O["via"] = arrayOf(G.Via, [](const auto &V) {
      const auto &[Callee, Arg, Line, Column] = V;
      return llvm::json::Array{Callee, Arg, Line, Column};
    });
  return O;
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
      return holderGroupJson(Entry.first, Entry.second);
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
