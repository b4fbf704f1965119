//===--- GroupLeaders.cpp - Calls that make a process lead a group --------===//
//
// Which calls make the calling process lead a new process group or session
// (setsid(), setpgid(0, 0), a helper that calls one), and what spawn
// attributes say about the group of the child posix_spawn() starts.
//
//===----------------------------------------------------------------------===//

#include "flow/ProcessGroups.h"
#include "flow/SummaryProvider.h"
#include "support/AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace reapcheck {

/// True for getpid(): setpgid(0, getpid()) is setpgid(0, 0).
static bool callsGetpid(const Expr *E) {
  const auto *Call = dyn_cast_or_null<CallExpr>(skipTransparent(E));
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  return FD && FD->getIdentifier() && FD->getName() == "getpid";
}

bool namesOwnGroup(const Expr *E) {
  const auto *Call = dyn_cast_or_null<CallExpr>(skipTransparent(E));
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD || !FD->getIdentifier())
    return false;
  if (FD->getName() == "getpgrp")
    return true;
  std::optional<int64_t> Pid;
  if (FD->getName() == "getpgid" && Call->getNumArgs() == 1)
    Pid = constantOf(Call->getArg(0), FD->getASTContext());
  return Pid && *Pid == 0;
}

bool pgidIsZero(const Expr *E, ASTContext &Ctx) {
  auto Value = constantOf(E, Ctx);
  return Value && *Value == 0;
}

std::optional<GroupLeader> callerLeadsIn(const ProcessApiModel &Model,
                                         const FunctionDecl *FD,
                                         ASTContext &Ctx, int Depth) {
  return GroupLeaders().in(Model, FD, Ctx, Depth);
}

const std::vector<GroupLeaders::Step> &
GroupLeaders::stepsOf(const ProcessApiModel &Model, const FunctionDecl *Def,
                      ASTContext &Ctx) {
  auto [It, New] = Steps.try_emplace(Def);
  if (!New)
    return It->second;
  std::vector<Step> Found;
  walkStmts(Def->getBody(), Closures::Skip, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    if (!Call)
      return true;
    GroupEffect Effect = Model.groupEffect(*Call, Ctx);
    if (Effect == GroupEffect::CallerTakesTerminal)
      Found.push_back({std::nullopt, nullptr});
    else if (auto Leader = callerLeadsBy(Model, *Call, Ctx))
      Found.push_back({Leader, nullptr});
    else if (Effect == GroupEffect::None && Call->getDirectCallee() &&
             Call->getDirectCallee()->hasBody())
      Found.push_back({std::nullopt, Call->getDirectCallee()});
    return true;
  });
  return It->second = std::move(Found);
}

std::optional<GroupLeader> GroupLeaders::in(const ProcessApiModel &Model,
                                            const FunctionDecl *FD,
                                            ASTContext &Ctx, int Depth) {
  const FunctionDecl *Def = nullptr;
  if (!FD || Depth < 0 || !FD->hasBody(Def) || !Def)
    return std::nullopt;
  auto Found = Known.find({Def, Depth});
  if (Found != Known.end())
    return Found->second;
  std::optional<GroupLeader> Leads;
  // A copy: asking about a callee may add to Steps and move its entries.
  std::vector<Step> Body = stepsOf(Model, Def, Ctx);
  for (const Step &S : Body) {
    bool TakesTerminal = !S.Leader && !S.Callee;
    // After a new session, the helper may still give it a terminal.
    if (Leads) {
      if (Leads->Session && TakesTerminal)
        Leads->Terminal = true;
      continue;
    }
    if (S.Leader)
      Leads = S.Leader;
    else if (S.Callee && S.Callee != FD)
      Leads = in(Model, S.Callee, Ctx, Depth - 1);
  }
  Known[{Def, Depth}] = Leads;
  return Leads;
}

std::optional<GroupLeader> callerLeadsBy(const ProcessApiModel &Model,
                                         const CallExpr &Call,
                                         ASTContext &Ctx) {
  GroupLeader Leader;
  Leader.Loc = Call.getBeginLoc();
  switch (Model.groupEffect(Call, Ctx)) {
  case GroupEffect::CallerLeadsTerminal:
    Leader.Terminal = true;
    [[fallthrough]];
  case GroupEffect::CallerLeadsSession:
    Leader.Session = true;
    [[fallthrough]];
  case GroupEffect::CallerLeadsGroup:
    return Leader;
  case GroupEffect::SetPgid:
    if (Call.getNumArgs() == 2 && pgidIsZero(Call.getArg(0), Ctx) &&
        (pgidIsZero(Call.getArg(1), Ctx) || callsGetpid(Call.getArg(1))))
      return Leader;
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

PidGroupEffect pidGroupIn(const ProcessApiModel &Model,
                          const FunctionDecl *FD, unsigned Index,
                          ASTContext &Ctx, const SummaryProvider *Summaries,
                          int Depth) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def || Index >= Def->getNumParams())
    return PidGroupEffect::None;
  const ParmVarDecl *Param = Def->getParamDecl(Index);
  PidGroupEffect Effect = PidGroupEffect::None;
  auto Add = [&Effect](PidGroupEffect E) {
    if (E == PidGroupEffect::Leads || Effect == PidGroupEffect::None)
      Effect = E;
  };
  walkStmts(Def->getBody(), Closures::Skip, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    if (!Call)
      return true;
    if (Model.groupEffect(*Call, Ctx) == GroupEffect::SetPgid) {
      if (Call->getNumArgs() == 2 && varOf(Call->getArg(0)) == Param) {
        const Expr *Pgid = Call->getArg(1);
        if (pgidIsZero(Pgid, Ctx) || varOf(Pgid) == Param)
          Add(PidGroupEffect::Leads);
        else if (!namesOwnGroup(Pgid))
          Add(PidGroupEffect::Joins);
      }
      return true;
    }
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || Callee == Def)
      return true;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (varOf(Call->getArg(I)) == Param)
        Add(pidGroupOfArgument(Model, *Callee, I, Ctx, Summaries, Depth - 1));
    return true;
  });
  return Effect;
}

PidGroupEffect pidGroupOfArgument(const ProcessApiModel &Model,
                                  const FunctionDecl &Callee, unsigned Index,
                                  ASTContext &Ctx,
                                  const SummaryProvider *Summaries,
                                  int Depth) {
  if (Callee.hasBody())
    return Depth >= 0 ? pidGroupIn(Model, &Callee, Index, Ctx, Summaries, Depth)
                      : PidGroupEffect::None;
  return Summaries ? Summaries->pidGroupElsewhere(&Callee, Index)
                   : PidGroupEffect::None;
}

namespace {

/// posix_spawnattr_t flags of glibc's <spawn.h>.
constexpr int64_t SpawnSetPgroup = 0x02;
constexpr int64_t SpawnSetSid = 0x80;

} // namespace

void collectSpawnAttrs(const VarDecl &Var, const Stmt *Body, ASTContext &Ctx,
                       const SummaryProvider *Summaries, int Depth,
                       SpawnAttrs &Out) {
  walkStmts(Body, Closures::Skip, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
    if (!FD || !FD->getIdentifier())
      return true;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const auto *Arg =
          dyn_cast<UnaryOperator>(skipTransparent(Call->getArg(I)));
      const Expr *Target = Arg && Arg->getOpcode() == UO_AddrOf
                               ? Arg->getSubExpr()
                               : Call->getArg(I);
      if (varOf(Target) != &Var)
        continue;
      bool Setter = Call->getNumArgs() == 2 && I == 0;
      const FunctionDecl *Def = nullptr;
      if (Setter && FD->getName() == "posix_spawnattr_setflags")
        Out.Flags |= constantOf(Call->getArg(1), Ctx).value_or(0);
      else if (Setter && FD->getName() == "posix_spawnattr_setpgroup")
        Out.OtherGroup |= !pgidIsZero(Call->getArg(1), Ctx);
      else if (FD->hasBody(Def) && Def && I < Def->getNumParams()) {
        if (Depth > 0)
          collectSpawnAttrs(*Def->getParamDecl(I), Def->getBody(), Ctx,
                            Summaries, Depth - 1, Out);
      } else if (!FD->hasBody()) {
        if (Summaries)
          Summaries->spawnAttrsElsewhere(FD, I, Out);
        Out.PassedOn.push_back({FD, I});
      }
    }
    return true;
  });
}

std::optional<GroupLeader> spawnLeader(const Expr *Attr, const Stmt *Body,
                                       ASTContext &Ctx,
                                       const SummaryProvider *Summaries,
                                       bool &Joins) {
  const auto *Addr = dyn_cast_or_null<UnaryOperator>(skipTransparent(Attr));
  const VarDecl *Var = Addr && Addr->getOpcode() == UO_AddrOf
                           ? varOf(Addr->getSubExpr())
                           : varOf(Attr);
  if (!Var || !Body)
    return std::nullopt;
  SpawnAttrs Found;
  collectSpawnAttrs(*Var, Body, Ctx, Summaries, 2, Found);
  GroupLeader Leader;
  Leader.Session = Found.Flags & SpawnSetSid;
  Joins = !Leader.Session && (Found.Flags & SpawnSetPgroup) && Found.OtherGroup;
  if (!Leader.Session &&
      (!(Found.Flags & SpawnSetPgroup) || Found.OtherGroup))
    return std::nullopt;
  return Leader;
}

} // namespace reapcheck
