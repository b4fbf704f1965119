//===--- ProcessGroups.cpp - Which children lead a process group ----------===//

#include "flow/ProcessGroups.h"
#include "flow/BranchConditions.h"
#include "flow/ChildSide.h"
#include "flow/Solver.h"
#include "flow/SummaryProvider.h"
#include "support/AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Analysis/CFG.h"

using namespace clang;

namespace reapcheck {

const Expr *withoutMinus(const Expr *E, bool &Negated) {
  Negated = false;
  E = skipTransparent(E);
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(E))
    if (U->getOpcode() == UO_Minus) {
      Negated = true;
      return skipTransparent(U->getSubExpr());
    }
  return E;
}

bool signalIsZero(const CallExpr &Call, int HandleArg, ASTContext &Ctx) {
  unsigned Sig = static_cast<unsigned>(HandleArg + 1);
  if (HandleArg < 0 || Sig >= Call.getNumArgs())
    return false;
  auto Value = constantOf(Call.getArg(Sig), Ctx);
  return Value && *Value == 0;
}

bool signalEndsProcess(const CallExpr &Call, int HandleArg, ASTContext &Ctx) {
  unsigned Sig = static_cast<unsigned>(HandleArg + 1);
  if (HandleArg < 0 || Sig >= Call.getNumArgs())
    return false;
  auto Value = constantOf(Call.getArg(Sig), Ctx);
  // signal(7), Linux: SIGCHLD, SIGCONT, SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU,
  // SIGURG (17-23) and SIGWINCH (28) do not end a process by default.
  return Value && *Value >= 1 && *Value <= 31 &&
         !(*Value >= 17 && *Value <= 23) && *Value != 28;
}

namespace {

/// One path's state: the sites whose child side it is on, and those whose
/// start it has passed since their local was last given another value (a
/// kill of the local names their child only then).
struct GroupState {
  llvm::BitVector ChildSide;
  llvm::BitVector Started;
  bool operator!=(const GroupState &O) const {
    return ChildSide != O.ChildSide || Started != O.Started;
  }
};

/// The forward pass over GroupState.
class GroupPass : public SolverHooks<GroupState> {
public:
  using State = GroupState;
  static constexpr Direction Dir = Direction::Forward;

  GroupPass(const PreparedBody &Body, const ProcessApiModel &Model,
            const SummaryProvider *Summaries, GroupFacts &Facts)
      : Body(Body), Model(Model), Summaries(Summaries),
        Ctx(Body.body().astContext()), Facts(Facts) {}

  std::optional<State> seed(const CFGBlock &B) const {
    if (&B != &Body.cfg().getEntry())
      return std::nullopt;
    return State{llvm::BitVector(Body.sites().size()),
                 llvm::BitVector(Body.sites().size())};
  }
  bool transferBlock(const CFGBlock &B, State &S) {
    for (const CFGElement &E : B)
      if (auto Elem = E.getAs<CFGStmt>()) {
        if (const auto *Call = dyn_cast<CallExpr>(Elem->getStmt()))
          onCall(*Call, S);
        else if (const auto *Assign = dyn_cast<BinaryOperator>(Elem->getStmt()))
          onAssign(*Assign, S);
      }
    return true;
  }
  bool transferEdge(const CFGBlock &From, unsigned SuccIndex,
                    const CFGBlock &To, State &S) const;
  bool join(State &Into, const State &From) const {
    State Old = Into;
    Into.ChildSide |= From.ChildSide;
    Into.Started |= From.Started;
    return Into != Old;
  }
  /// Kills are recorded in the last pass only, once per call.
  bool Recording = false;

private:
  void onCall(const CallExpr &Call, State &S);
  /// `pid = other`: the local no longer holds the site's child.
  void onAssign(const BinaryOperator &Assign, State &S) const {
    if (Assign.getOpcode() != BO_Assign)
      return;
    const VarDecl *V = varOf(Assign.getLHS());
    for (SiteId I = 0; V && I < Body.sites().size(); ++I)
      if (Body.sites()[I].Var == V &&
          !Body.sites()[I].refersToHandle(Assign.getRHS()) &&
          skipTransparent(Assign.getRHS()) != Body.sites()[I].Start)
        S.Started.reset(I);
  }
  /// The child of \p I joins a group \p At names: of unknown kind.
  void join(SiteId I, const CallExpr &At) {
    Facts.Unknown[I] = true;
    if (Facts.JoinsAt[I].isInvalid())
      Facts.JoinsAt[I] = At.getBeginLoc();
  }
  void lead(SiteId I, const GroupLeader &New) {
    auto &Leader = Facts.Leaders[I];
    if (!Leader || New.Loc < Leader->Loc)
      Leader = New;
  }
  void onStart(const CallExpr &Call, SiteId I, GroupEffect Effect,
               int GroupArg, State &St);
  void onSetPgid(const CallExpr &Call, const State &St);
  void onPidGiven(const CallExpr &Call, const State &St);
  void onKill(const CallExpr &Call, int Arg, GroupEffect Effect,
              const State &S);

  const PreparedBody &Body;
  const ProcessApiModel &Model;
  const SummaryProvider *Summaries;
  ASTContext &Ctx;
  GroupFacts &Facts;
};

bool GroupPass::transferEdge(const CFGBlock &From, unsigned SuccIndex,
                             const CFGBlock &To, State &St) const {
  // No parent-side child here: this is the child (or the start failed,
  // and nothing then runs that could make a group).  Only of a start the
  // path has passed, whose child the local still names: a local used for
  // two starts names the second's child only after it.
  llvm::BitVector Child = sitesWithoutParentChild(Body, From, SuccIndex, To);
  Child &= St.Started;
  St.ChildSide |= Child;
  return true;
}

/// The start of site \p I, whose call has \p Effect on groups.
void GroupPass::onStart(const CallExpr &Call, SiteId I, GroupEffect Effect,
                        int GroupArg, State &St) {
  St.ChildSide.reset(I);
  St.Started.set(I);
  // The local now holds this child: it names another site's no more.
  const VarDecl *Var = Body.sites()[I].Var;
  for (unsigned J : St.Started.set_bits())
    if (J != I && Var && Body.sites()[J].Var == Var)
      St.Started.reset(J);
  // A child a start wrapper returns leads whatever group the wrapper made
  // it lead: not known here.
  if (!Model.startOf(Call, Ctx))
    Facts.Unknown[I] = true;
  if (Effect == GroupEffect::TerminalSession)
    lead(I, GroupLeader{Call.getBeginLoc(), /*Terminal=*/true,
                        /*Session=*/true});
  bool Joins = false;
  if (Effect == GroupEffect::SpawnAttributes &&
      GroupArg < static_cast<int>(Call.getNumArgs())) {
    if (auto Leader = spawnLeader(Call.getArg(GroupArg), Body.body().body(),
                                  Ctx, Summaries, Joins))
      lead(I, GroupLeader{Call.getBeginLoc(), false, Leader->Session});
    else if (Joins)
      join(I, Call);
  }
}

void GroupPass::onCall(const CallExpr &Call, State &St) {
  llvm::BitVector &ChildSide = St.ChildSide;
  int GroupArg = -1;
  GroupEffect Effect = Model.groupEffect(Call, Ctx, &GroupArg);
  if (auto I = Body.siteOfStart(&Call))
    return onStart(Call, *I, Effect, GroupArg, St);
  if (auto Leader = callerLeadsBy(Model, Call, Ctx)) {
    for (unsigned I : ChildSide.set_bits())
      lead(I, *Leader);
    return;
  }
  if (Effect == GroupEffect::CallerTakesTerminal) {
    // The session a child made gets its controlling terminal.
    for (unsigned I : ChildSide.set_bits())
      if (auto &Leader = Facts.Leaders[I]; Leader && Leader->Session)
        Leader->Terminal = true;
    return;
  }
  switch (Effect) {
  case GroupEffect::SetPgid:
    return onSetPgid(Call, St);
  case GroupEffect::SignalsGroup:
  case GroupEffect::NegativeIsGroup:
    return onKill(Call, Model.killedArg(Call), Effect, St);
  case GroupEffect::None:
    if (int Arg = Model.killedArg(Call); Arg >= 0)
      return onKill(Call, Arg, Effect, St);
    // A helper of the project given a child's pid in the parent
    // (`own_group(pid)`), of this unit or, by the facts, of another file.
    if (Call.getDirectCallee())
      onPidGiven(Call, St);
    // A helper of the project run in the child (`child_setup()`), of this
    // unit or, by the facts, of another file.
    if (ChildSide.any() && Call.getDirectCallee()) {
      auto Leader = callerLeadsIn(Model, Call.getDirectCallee(), Ctx, 2);
      bool Session = false, Terminal = false;
      if (!Leader && Summaries &&
          Summaries->leadsGroupElsewhere(Call.getDirectCallee(), Session,
                                         Terminal))
        Leader = GroupLeader{SourceLocation(), Terminal, Session};
      if (!Leader && !Summaries && !Call.getDirectCallee()->hasBody())
        for (unsigned I : ChildSide.set_bits())
          Facts.ForeignMoves[I].push_back(
              {Call.getDirectCallee(), -1, Call.getBeginLoc()});
      if (Leader) {
        Leader->Loc = Call.getBeginLoc();
        for (unsigned I : ChildSide.set_bits())
          lead(I, *Leader);
      }
    }
    return;
  default:
    return;
  }
}

/// setpgid(pid, 0) or setpgid(pid, pid) in the parent makes the child a
/// leader; setpgid(0, pgrp) in the child (setpgid(0, 0) is callerLeadsBy's)
/// or setpgid(pid, pgrp) in the parent, with a pgrp a value names, puts it
/// into a group that may be its own or another's.
void GroupPass::onSetPgid(const CallExpr &Call, const State &St) {
  if (Call.getNumArgs() != 2)
    return;
  const Expr *Pid = Call.getArg(0), *Pgid = Call.getArg(1);
  // The group the caller is in: the child stays in its parent's.
  const bool Stays = namesOwnGroup(Pgid);
  if (pgidIsZero(Pid, Ctx)) {
    for (unsigned I : St.ChildSide.set_bits()) {
      if (Stays)
        Facts.Unknown[I] = true;
      else
        join(I, Call);
    }
    return;
  }
  for (SiteId I = 0; I < Body.sites().size(); ++I) {
    if (!Body.sites()[I].refersToHandle(Pid))
      continue;
    if (pgidIsZero(Pgid, Ctx) || Body.sites()[I].refersToHandle(Pgid))
      lead(I, GroupLeader{Call.getBeginLoc(), false, false});
    else if (Stays)
      Facts.Unknown[I] = true;
    else
      join(I, Call);
  }
}

/// A function of the project given a started child's pid in the parent
/// that moves it into a group (pidGroupIn): a setpgid(pid, ...) made there.
void GroupPass::onPidGiven(const CallExpr &Call, const State &St) {
  const FunctionDecl *Callee = Call.getDirectCallee();
  for (unsigned Arg = 0; Arg < Call.getNumArgs(); ++Arg)
    for (SiteId I = 0; I < Body.sites().size(); ++I) {
      if (St.ChildSide.test(I) || !St.Started.test(I) ||
          !Body.sites()[I].refersToHandle(Call.getArg(Arg)))
        continue;
      if (!Callee->hasBody() && !Summaries)
        Facts.ForeignMoves[I].push_back(
            {Callee, static_cast<int>(Arg), Call.getBeginLoc()});
      PidGroupEffect Effect =
          pidGroupOfArgument(Model, *Callee, Arg, Ctx, Summaries, 2);
      if (Effect == PidGroupEffect::Leads)
        lead(I, GroupLeader{Call.getBeginLoc(), false, false});
      else if (Effect == PidGroupEffect::Joins)
        join(I, Call);
    }
}

void GroupPass::onKill(const CallExpr &Call, int Arg, GroupEffect Effect,
                       const State &St) {
  if (!Recording || Arg < 0 || Arg >= static_cast<int>(Call.getNumArgs()) ||
      signalIsZero(Call, Arg, Ctx))
    return;
  bool Negated = false;
  const Expr *Handle = withoutMinus(Call.getArg(Arg), Negated);
  for (SiteId I = 0; I < Body.sites().size(); ++I)
    if (!St.ChildSide.test(I) && St.Started.test(I) &&
        Body.sites()[I].refersToHandle(Handle)) {
      bool Group = Effect == GroupEffect::SignalsGroup ||
                   (Effect == GroupEffect::NegativeIsGroup && Negated);
      Facts.Kills.push_back({&Call, Handle, I, Group});
      return;
    }
}

/// `member = pid` and `global = pid`: where a site's handle is kept.
/// True when \p E is the result of a call that starts no known child.
static bool isOtherCall(const PreparedBody &Body, const Expr *E) {
  const auto *Call = dyn_cast_or_null<CallExpr>(skipTransparent(E));
  return Call && !Body.siteOfStart(Call);
}

/// The locals of sites that are also given the result of another call.
static llvm::SmallPtrSet<const VarDecl *, 4>
mixedLocals(const PreparedBody &Body) {
  llvm::SmallPtrSet<const VarDecl *, 4> Mixed;
  walkStmts(Body.body().body(), Closures::Enter, [&](const Stmt *S) {
    const VarDecl *V = nullptr;
    const Expr *Value = nullptr;
    if (const auto *Assign = dyn_cast<BinaryOperator>(S);
        Assign && Assign->getOpcode() == BO_Assign) {
      V = varOf(Assign->getLHS());
      Value = Assign->getRHS();
    } else if (const auto *D = dyn_cast<DeclStmt>(S); D && D->isSingleDecl()) {
      V = dyn_cast<VarDecl>(D->getSingleDecl());
      Value = V ? V->getInit() : nullptr;
    }
    if (V && isOtherCall(Body, Value))
      Mixed.insert(V);
    return true;
  });
  return Mixed;
}

void collectStores(const PreparedBody &Body,
                   const llvm::SmallPtrSet<const VarDecl *, 4> &Mixed,
                   GroupFacts &Facts) {
  for (SiteId I = 0; I < Body.sites().size(); ++I)
    if (Body.sites()[I].StoredIn)
      Facts.Stores.push_back({Body.sites()[I].StoredIn, I});
  walkStmts(Body.body().body(), Closures::Enter, [&](const Stmt *S) {
    const auto *Assign = dyn_cast<BinaryOperator>(S);
    if (!Assign || Assign->getOpcode() != BO_Assign)
      return true;
    const Expr *LHS = skipTransparent(Assign->getLHS());
    const ValueDecl *Target = nullptr;
    if (const auto *Member = dyn_cast<MemberExpr>(LHS))
      Target = Member->getMemberDecl();
    else if (const auto *Ref = dyn_cast<DeclRefExpr>(LHS))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
        Target = V->hasGlobalStorage() ? V : nullptr;
    if (!Target)
      return true;
    const VarDecl *From = varOf(Assign->getRHS());
    if (isOtherCall(Body, Assign->getRHS()) || (From && Mixed.count(From)))
      Facts.UnknownStores.push_back(Target);
    for (SiteId I = 0; I < Body.sites().size(); ++I)
      if (Body.sites()[I].refersToHandle(Assign->getRHS()))
        Facts.Stores.push_back({Target, I});
    return true;
  });
}

} // namespace

GroupFacts analyseGroups(const PreparedBody &Body,
                         const ProcessApiModel &Model,
                         const SummaryProvider *Summaries) {
  GroupFacts Facts;
  Facts.Leaders.resize(Body.sites().size());
  Facts.JoinsAt.resize(Body.sites().size());
  Facts.Unknown.resize(Body.sites().size());
  Facts.ForeignMoves.resize(Body.sites().size());
  if (Body.sites().empty())
    return Facts;
  GroupPass Pass(Body, Model, Summaries, Facts);
  MetStates<GroupState> Met = solve(Body.cfg(), Pass);
  Pass.Recording = true;
  for (const CFGBlock *B : Body.cfg())
    if (Met[B->getBlockID()]) {
      GroupState State = *Met[B->getBlockID()];
      Pass.transferBlock(*B, State);
    }
  // A kill of a local that may also hold a child of unknown kind is not
  // judged by the start the local also holds.
  auto Mixed = mixedLocals(Body);
  llvm::erase_if(Facts.Kills, [&](const SiteKill &K) {
    return Mixed.count(Body.sites()[K.Site].Var);
  });
  collectStores(Body, Mixed, Facts);
  return Facts;
}

bool signalsGroup(const ProcessApiModel &Model, const CallExpr &Kill,
                  ASTContext &Ctx) {
  int Arg = Model.killedArg(Kill);
  if (Arg < 0 || static_cast<unsigned>(Arg) >= Kill.getNumArgs())
    return false;
  bool Negated = false;
  withoutMinus(Kill.getArg(Arg), Negated);
  GroupEffect Effect = Model.groupEffect(Kill, Ctx);
  return Effect == GroupEffect::SignalsGroup ||
         (Effect == GroupEffect::NegativeIsGroup && Negated);
}

} // namespace reapcheck
