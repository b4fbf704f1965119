//===--- CallerReapers.cpp - Functions whose callers reap any child -------===//

#include "unit/CallerReapers.h"
#include "support/AstHelpers.h"
#include "support/EnclosingBody.h"
#include "model/ProcessApiModel.h"
#include "unit/Summaries.h"
#include "flow/PreparedBody.h"
#include "flow/Solver.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Analysis/CFG.h"

using namespace clang;

namespace reapcheck {

namespace {

using Mark = AfterMark;

/// libc's calls that do not return yet leave the process running: the path
/// goes on elsewhere (a setjmp point, another thread).
bool leavesWithoutEnding(const FunctionDecl &FD) {
  if (!FD.getIdentifier() ||
      !FD.getDeclContext()->getRedeclContext()->isTranslationUnit())
    return false;
  static const llvm::StringRef Names[] = {"longjmp",      "_longjmp",
                                          "siglongjmp",   "__longjmp_chk",
                                          "pthread_exit", "thrd_exit"};
  return llvm::is_contained(Names, FD.getName());
}

/// exec replaces the program, which inherits the children (the check does
/// not follow them there).
bool isExec(const FunctionDecl &FD) {
  if (!FD.getIdentifier() ||
      !FD.getDeclContext()->getRedeclContext()->isTranslationUnit())
    return false;
  static const llvm::StringRef Names[] = {"execl",   "execle",  "execlp",
                                          "execv",   "execve",  "execvp",
                                          "execvpe", "fexecve", "execveat"};
  return llvm::is_contained(Names, FD.getName());
}

/// True when \p Cond (a block's terminator condition) contains \p Target:
/// the call itself, or a reference to the local its result went to.
bool conditionContains(const Stmt *Cond, const Stmt *Call,
                       const VarDecl *Local) {
  bool Found = false;
  walkStmts(Cond, Closures::Skip, [&](const Stmt *S) {
    Found |= S == Call || (Local && varOf(dyn_cast<Expr>(S)) == Local);
    return !Found;
  });
  return Found;
}

/// The local \p B stores \p Call's result into (`pid_t w = wait(&st);`,
/// `w = waitpid(-1, &st, 0);`), if any.
const VarDecl *resultLocal(const CFGBlock &B, const CallExpr &Call) {
  for (const CFGElement &E : B) {
    auto CS = E.getAs<CFGStmt>();
    if (!CS)
      continue;
    if (const auto *DS = dyn_cast<DeclStmt>(CS->getStmt()))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D);
            V && V->isLocalVarDecl() && skipTransparent(V->getInit()) == &Call)
          return V;
    if (const auto *BO = dyn_cast<BinaryOperator>(CS->getStmt());
        BO && BO->getOpcode() == BO_Assign &&
        skipTransparent(BO->getRHS()) == &Call)
      if (const VarDecl *V = varOf(BO->getLHS()); V && V->isLocalVarDecl())
        return V;
  }
  return nullptr;
}

/// True when the branch that ends \p B, or that ends the block it falls
/// into (a do-while's condition), tests \p Call's result, directly (`while
/// (wait(&status) > 0)`, `if (wait(NULL) < 0) break;`) or through the
/// local it was stored in (`pid_t w = wait(NULL); if (w < 0) break;`).
bool isRepeatedByItsResult(const CFGBlock &B, const CallExpr &Call) {
  const VarDecl *Local = resultLocal(B, Call);
  if (const Stmt *Cond = B.getTerminatorCondition())
    return conditionContains(Cond, &Call, Local);
  if (!Local || B.succ_size() != 1)
    return false;
  const CFGBlock *Next = B.succ_begin()->getReachableBlock();
  const Stmt *Cond = Next ? Next->getTerminatorCondition() : nullptr;
  return Cond && conditionContains(Cond, nullptr, Local);
}

} // namespace

/// Functions whose every caller the unit may see: internal linkage, and not
/// a method (`obj.f()` names it by a member expression, not a reference).
static bool isCandidate(const FunctionDecl *FD) {
  return FD && !FD->isExternallyVisible() && !isa<CXXMethodDecl>(FD);
}

bool CallerReapers::endsProcess(const CallExpr &Call) {
  const FunctionDecl *FD = Call.getDirectCallee();
  if (!FD)
    return false;
  if (isExec(*FD))
    return true;
  if (!(FD->isNoReturn() || Summaries.isInferredNoReturn(FD)) ||
      leavesWithoutEnding(*FD))
    return false;
  // A noreturn function of the project that longjmps or ends its thread.
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def)
    return true;
  auto Known = EndsProcess.find(Def->getCanonicalDecl());
  if (Known != EndsProcess.end())
    return Known->second;
  bool Ends = true;
  walkStmts(Def->getBody(), Closures::Skip, [&](const Stmt *S) {
    const auto *Inner = dyn_cast<CallExpr>(S);
    const FunctionDecl *Callee = Inner ? Inner->getDirectCallee() : nullptr;
    if (Callee && leavesWithoutEnding(*Callee))
      Ends = false;
    return Ends;
  });
  EndsProcess[Def->getCanonicalDecl()] = Ends;
  return Ends;
}

bool CallerReapers::clearedAfterReturn(const FunctionDecl *FD) {
  if (!isCandidate(FD))
    return false;
  if (!Built)
    build();
  return Cleared.contains(canonical(FD));
}

void CallerReapers::build() {
  Built = true;
  Uses = collectCallUses(Ctx);
  if (Uses.Calls.empty())
    return;
  // Group the calls by caller and judge each caller's body once.
  llvm::DenseMap<const FunctionDecl *, std::vector<const CallExpr *>> ByCaller;
  for (const auto &[Call, Caller] : Uses.Calls)
    ByCaller[Caller].push_back(Call);
  for (const auto &[Caller, Its] : ByCaller)
    judgeCalls(*Caller, Its);
  // Least fixed point: a function returning to a caller for which the
  // property holds inherits it; recursion proves nothing.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[FD, Afters] : Sites) {
      if (Reaped.contains(FD) || Uses.Escaped.contains(FD) || Afters.empty() ||
          !isCandidate(FD))
        continue;
      bool All = llvm::all_of(Afters, [&](const After &A) {
        if (!A.Covered)
          return false;
        return A.Returns ? Reaped.contains(canonical(A.Caller)) : A.Reaps;
      });
      if (All) {
        Reaped.insert(FD);
        Changed = true;
      }
    }
  }
  // Cleared: every caller reaps or ends the process itself, or returns to
  // callers that reap.
  for (const auto &[FD, Afters] : Sites) {
    if (Uses.Escaped.contains(FD) || Afters.empty() || !isCandidate(FD))
      continue;
    if (Reaped.contains(FD) || llvm::all_of(Afters, [&](const After &A) {
          return A.Covered &&
                 (!A.Returns || Reaped.contains(canonical(A.Caller)));
        }))
      Cleared.insert(FD);
  }
}

namespace {
/// What follows in a caller, backward over its CFG.  At a block's start:
/// every path reaches a mark or the exit (Covered); some path reaches a reap
/// first (Reaps), or the exit first (Returns).  Where a block's edges meet
/// (its end), CoveredSuccs says which successors are covered.
struct Following {
  llvm::BitVector CoveredSuccs;
  bool Covered = false, Reaps = false, Returns = false;
};

/// The backward problem of solve() over one caller: a block with a mark is
/// a boundary; the exit returns.  Covered is a least fixed point: a cycle
/// without a mark is not covered (it may run for ever).
class FollowingProblem : public SolverHooks<Following> {
public:
  using State = Following;
  static constexpr Direction Dir = Direction::Backward;

  FollowingProblem(const CFG &Graph,
                   llvm::function_ref<Mark(const CFGBlock &, unsigned)> First)
      : Graph(Graph), FirstMark(First) {}

  std::optional<State> seed(const CFGBlock &B) const {
    if (&B == &Graph.getExit() || FirstMark(B, 0) != Mark::None)
      return State();
    return std::nullopt;
  }
  bool transferBlock(const CFGBlock &B, State &S) const {
    if (&B == &Graph.getExit()) {
      S = State{{}, true, false, true};
      return true;
    }
    Mark M = FirstMark(B, 0);
    if (M == Mark::None)
      S = atEnd(B, &S);
    else
      S = State{{}, M != Mark::Lost, M == Mark::Reaps, false};
    return true;
  }
  bool transferEdge(const CFGBlock &From, unsigned SuccIndex, const CFGBlock &,
                    State &S) const {
    State Edge{llvm::BitVector(From.succ_size()), false, S.Reaps, S.Returns};
    if (S.Covered)
      Edge.CoveredSuccs.set(SuccIndex);
    S = std::move(Edge);
    return true;
  }
  bool join(State &Into, const State &From) const {
    State Old = Into;
    Into.CoveredSuccs |= From.CoveredSuccs;
    Into.Reaps |= From.Reaps;
    Into.Returns |= From.Returns;
    return Into.CoveredSuccs != Old.CoveredSuccs || Into.Reaps != Old.Reaps ||
           Into.Returns != Old.Returns;
  }
  /// What follows the end of \p B, from the state where its edges met
  /// (null: none did): covered when every successor is, reaping or
  /// returning when some successor is.
  static State atEnd(const CFGBlock &B, const State *Met) {
    bool Any = false, All = true;
    unsigned Index = 0;
    for (const auto &Succ : B.succs()) {
      if (Succ.getReachableBlock()) {
        Any = true;
        All &= Met && Index < Met->CoveredSuccs.size() &&
               Met->CoveredSuccs.test(Index);
      }
      ++Index;
    }
    return State{{}, Any && All, Met && Met->Reaps, Met && Met->Returns};
  }

private:
  const CFG &Graph;
  llvm::function_ref<Mark(const CFGBlock &, unsigned)> FirstMark;
};
} // namespace

/// True when \p B is on a cycle of \p Graph: one of its successors leads
/// back to it.
static bool isOnCycle(const CFG &Graph, const CFGBlock &B) {
  llvm::BitVector ToB = blocksReaching(
      Graph, [&](const CFGBlock &X) { return &X == &B; },
      [](const CFGBlock &, unsigned, const CFGBlock &) { return true; });
  for (const auto &Succ : B.succs())
    if (const CFGBlock *S = Succ.getReachableBlock())
      if (ToB.test(S->getBlockID()))
        return true;
  return false;
}

Mark CallerReapers::markOf(const CFG &Graph, const CFGBlock &B,
                           const CFGElement &E) {
  auto CS = E.getAs<CFGStmt>();
  const auto *Call = CS ? dyn_cast<CallExpr>(CS->getStmt()) : nullptr;
  if (!Call)
    return Mark::None;
  // A reap of every child that blocks and is repeated until it fails
  // (`while (wait(&status) > 0)`): once reaps only one child, a WNOHANG
  // poll returns while the child runs, waitpid(0) misses a child that
  // changed its process group, and a project function's reap of any
  // child may be any of those.
  if (Model.reapsEveryChild(*Call, Ctx) && !Model.isPollingWait(*Call, Ctx)) {
    if (!isRepeatedByItsResult(B, *Call))
      return Mark::None;
    auto [It, New] = OnCycle.try_emplace(&B, false);
    if (New)
      It->second = isOnCycle(Graph, B);
    return It->second ? Mark::Reaps : Mark::None;
  }
  return endsProcess(*Call) ? Mark::Ends : Mark::None;
}

void CallerReapers::judgeCalls(const FunctionDecl &Caller,
                               llvm::ArrayRef<const CallExpr *> Calls) {
  llvm::DenseSet<const CallExpr *> Wanted(Calls.begin(), Calls.end());
  std::unique_ptr<CFG> Graph = buildBodyCFG(
      &Caller, const_cast<Stmt *>(Caller.getBody()), Ctx);
  OnCycle.clear();
  // The first mark from element \p From of \p B on.  A block that ends in
  // a call that does not return without ending the process (longjmp,
  // pthread_exit) leaves the path where nothing is known.
  auto FirstMark = [&](const CFGBlock &B, unsigned From) {
    for (unsigned I = From; I < B.size(); ++I)
      if (Mark M = markOf(*Graph, B, B[I]); M != Mark::None)
        return M;
    return B.hasNoReturnElement() ? Mark::Lost : Mark::None;
  };
  // Where each call is, and what follows it there.  Returning from main is
  // a return too: main may return long after the call (an event loop runs
  // in between), and a zombie lives until then.
  llvm::DenseMap<const CallExpr *, After> AfterCall;
  if (Graph) {
    FollowingProblem Problem(*Graph, FirstMark);
    MetStates<Following> Met = solve(*Graph, Problem);
    for (const CFGBlock *B : *Graph)
      for (unsigned I = 0; I < B->size(); ++I) {
        auto CS = (*B)[I].getAs<CFGStmt>();
        const auto *Call = CS ? dyn_cast<CallExpr>(CS->getStmt()) : nullptr;
        if (!Call || !Wanted.contains(Call))
          continue;
        After A{&Caller, false, false, false};
        if (Mark M = FirstMark(*B, I + 1); M != Mark::None) {
          A.Covered = M != Mark::Lost;
          A.Reaps = M == Mark::Reaps;
        } else {
          const auto &AtEnd = Met[B->getBlockID()];
          Following F =
              FollowingProblem::atEnd(*B, AtEnd ? &*AtEnd : nullptr);
          A = After{&Caller, F.Covered, F.Reaps, F.Returns};
        }
        AfterCall[Call] = A;
      }
  }
  // A call the CFG does not show (in a lambda of the caller) proves nothing.
  for (const CallExpr *Call : Calls) {
    auto It = AfterCall.find(Call);
    After A = It != AfterCall.end() ? It->second
                                    : After{&Caller, false, false, false};
    for (const FunctionDecl *Target : targetsOf(*Call))
      Sites[Target].push_back(A);
  }
}

std::vector<const FunctionDecl *>
CallerReapers::targetsOf(const CallExpr &Call) const {
  if (const FunctionDecl *FD = Call.getDirectCallee())
    return {canonical(FD)};
  return Uses.TableTargets.lookup(&Call);
}

} // namespace reapcheck
