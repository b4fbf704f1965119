//===--- ReapFlow.h - The transfer function of the reap analysis -*- C++
//-*-===//
//
// What each CFG element does to the live set (a start makes its site live,
// a reap or hand-off resolves it, an overwrite leaks it...), what each edge
// prunes (BranchConditions), and what reaching the exit means (Exits).  The
// facts it records per site are the analysis result.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_REAPFLOW_H
#define REAPCHECK_REAPFLOW_H

#include "flow/LeakPath.h"
#include "flow/PreparedBody.h"
#include "flow/ReapAnalysis.h"
#include "flow/SigchldActions.h"
#include "flow/Solver.h"
#include "flow/UseClassifier.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>

namespace reapcheck {

/// The reap analysis of one body: a forward problem of solve() whose state
/// is a LiveSet.
class ReapFlow : public SolverHooks<LiveSet> {
public:
  ReapFlow(const PreparedBody &Prepared, const ProcessApiModel &Model,
           SummaryProvider &Summaries, const AnalysisOptions &Opts);

  /// Runs the analysis to its fixed point; with \p Explain, leaking paths
  /// are explained afterwards (StartFacts::Path).
  void run(bool Explain);
  /// The facts per site, once run.
  std::vector<StartFacts> takeFacts();
  std::vector<FcloseFact> takeFcloses() { return std::move(Fcloses); }

  // The problem, for solve().
  using State = LiveSet;
  static constexpr Direction Dir = Direction::Forward;
  std::optional<LiveSet> seed(const clang::CFGBlock &B) const;
  bool transferBlock(const clang::CFGBlock &B, LiveSet &Live);
  bool transferEdge(const clang::CFGBlock &From, unsigned SuccIndex,
                    const clang::CFGBlock &To, LiveSet &Live);
  bool join(LiveSet &Into, const LiveSet &From) const;
  bool absorbs(const clang::CFGBlock &From, const clang::CFGBlock &To,
               const LiveSet &Live);
  void leaves(const clang::CFGBlock &B, const LiveSet &Live);
  void grows(const clang::CFGBlock &From, unsigned SuccIndex,
             const clang::CFGBlock &To, const clang::CFGBlock &Into,
             const LiveSet *Old, const LiveSet &Edge);

private:
  LiveSet entryState() const;
  /// Prints the state entering each block (AnalysisOptions::DumpFlow).
  void dumpStates(const MetStates<LiveSet> &Met, llvm::raw_ostream &OS) const;
  void reachExit(const clang::CFGBlock &From, const LiveSet &Live);
  // Elements: the transfer function's table and its handlers.
  struct TransferRule {
    bool (*Matches)(const clang::Stmt &);
    bool (*Apply)(ReapFlow &, const clang::Stmt &, LiveSet &);
  };
  template <typename T, bool (ReapFlow::*Handler)(const T &, LiveSet &)>
  static constexpr TransferRule rule();
  static const TransferRule Rules[];
  bool onConstruct(const clang::CXXConstructExpr &Construct, LiveSet &Live);
  bool onCall(const clang::CallExpr &Call, LiveSet &Live);
  bool onReference(const clang::DeclRefExpr &Ref, LiveSet &Live);
  bool onBinary(const clang::BinaryOperator &BO, LiveSet &Live);
  bool onUnary(const clang::UnaryOperator &UO, LiveSet &Live);
  bool onDeclStmt(const clang::DeclStmt &DS, LiveSet &Live);
  bool onReturn(const clang::ReturnStmt &Ret, LiveSet &Live);
  bool onLambda(const clang::LambdaExpr &Lambda, LiveSet &Live);
  bool onBlockExpr(const clang::BlockExpr &Block, LiveSet &Live);
  void onStart(SiteId I, LiveSet &Live);
  void noteSigchldAtStart(SiteId I, const LiveSet &Live);
  void onUse(const clang::DeclRefExpr &Ref, LiveSet &Live);
  void onWrite(const clang::VarDecl *V, const clang::Stmt *At,
               const clang::Expr *Source, LiveSet &Live);
  void onClosure(const clang::Stmt *ClosureBody, LiveSet &Live);
  void onDestructor(const clang::VarDecl *V, LiveSet &Live);
  void onGuardWrite(const clang::VarDecl *V, const clang::Expr *Source,
                    LiveSet &Live);
  void filterGuardEdge(const clang::Expr &Cond, bool Branch, LiveSet &Live);
  void reapAll(LiveSet &Live);
  void onSigchldAction(const SigchldAction &Action, LiveSet &Live);
  /// True when this body undoes, on every path before it returns, the
  /// ignore or handler it installs (found when first asked).
  bool ignoresUndone();
  bool returnReachableFrom(const clang::CallExpr &Call);
  std::optional<bool> IgnoresUndone;
  /// The body's first ignore of SIGCHLD, when it undoes its ignores.
  const clang::CallExpr *UndoneIgnoreCall = nullptr;
  /// Site \p I starts after that ignore: its facts say so.
  void noteUndoneIgnore(SiteId I);
  /// True when some call of the body reaps any child (computed once).
  bool bodyReapsAny();
  /// True when \p Call reaps whichever children have exited, here: a
  /// reap-any, but not a WNOHANG poll that no loop of the body runs again
  /// after it found nothing (PollRepeats: it returns before a child
  /// started just before it exits).
  bool reapsAnyHere(const clang::CallExpr &Call) const;

  // Edges.
  bool edgeKeeps(SiteId I, const clang::CFGBlock &From, unsigned SuccIndex,
                 const clang::CFGBlock &To) const;
  bool contradictsStart(SiteId I, const clang::CFGBlock &From,
                        unsigned SuccIndex) const;
  bool edgeDeclinesChild(SiteId I, const clang::Expr *Cond, bool Branch) const;
  llvm::BitVector endsAhead(SiteId I) const;
  bool isEnd(const clang::CFGBlock &B) const;
  bool usesSite(SiteId I, const clang::CFGBlock &B) const;
  bool stuckKept(SiteId I, const clang::CFGBlock &To);
  void findOutParams();
  bool edgeCarries(SiteId I, const clang::CFGBlock &From, unsigned SuccIndex,
                   const clang::CFGBlock &To) const;
  void explainLeak(SiteId I, const FlowTrace &Trace);
  void filterEdge(const clang::CFGBlock &From, unsigned SuccIndex,
                  const clang::CFGBlock &To, LiveSet &Live);

  // One use of a holder, by kind.
  void applyUse(SiteId I, const Use &U, LiveSet &Live);
  void noteSignal(SiteId I, const clang::CallExpr *Via);
  void noteFclose(SiteId I, const clang::CallExpr *Via, LiveSet &Live);
  void noteDetach(SiteId I, const clang::CallExpr *Via, LiveSet &Live);

  // Facts.
  void resolve(SiteId I, LiveSet &Live, bool Reaped);
  void store(SiteId I, const clang::ValueDecl *Holder, clang::SourceLocation At,
             LiveSet &Live, bool KeepLive = false);
  void leak(SiteId I, ExitKind Kind, clang::SourceLocation Loc);
  void noteStuck(const clang::CFGBlock &From, const clang::CFGBlock &To,
                 const LiveSet &Live);
  void strandLive(const clang::CallExpr &Call, const LiveSet &Live);

  const PreparedBody &Prepared;
  const ProcessApiModel &Model;
  SummaryProvider &Summaries;
  const AnalysisOptions &Opts;
  clang::ASTContext &Ctx;
  llvm::ArrayRef<Site> Sites;
  UseClassifier Uses;
  /// The blocks from which an end of the function (isEnd) is within reach,
  /// found when a child kept in a local is first asked about (stuckKept).
  std::optional<llvm::BitVector> EndsAhead;
  /// The calls run only on a child's side of a start, found at the first
  /// call of a function that loops forever (strandLive).
  std::optional<llvm::SmallPtrSet<const clang::CallExpr *, 8>> ChildSideCalls;
  /// What the flow learns and keeps about one site.
  struct SiteRecord {
    StartFacts Facts;
    /// A discarded site's blocks from which its child can still meet a
    /// reap-any or an end of the function (endsAhead).
    llvm::BitVector EndAhead;
    /// For a child kept in a local, by block past every end: whether it is
    /// stuck there (stuckKept).
    llvm::DenseMap<unsigned, bool> StuckBlocks;
    /// The outcomes of stable conditions that held where it started
    /// (StableConditions); empty when the body tests none twice.
    llvm::BitVector Assumed;
    /// The pointer parameters the body stores its handle through
    /// (`*ret_pid = pid`): optional out-parameters of the caller.
    llvm::SmallVector<const clang::VarDecl *, 1> OutParams;
    /// The start was reached at least once (Facts.TakenHere is set).
    bool TakenSeen = false;
    /// Where the child first got stuck (noteStuck), and that block.
    clang::SourceLocation StuckAt;
    const clang::CFGBlock *StuckBlock = nullptr;
    /// The blocks of its start and of its reported leak: a leaking path's
    /// ends.
    const clang::CFGBlock *StartBlock = nullptr;
    const clang::CFGBlock *LeakBlock = nullptr;
  };
  /// By site.
  std::vector<SiteRecord> Records;
  /// The block being transferred (where leak() records a leak).
  const clang::CFGBlock *CurBlock = nullptr;
  llvm::SmallPtrSet<const clang::CallExpr *, 4> FcloseSeen;
  std::vector<FcloseFact> Fcloses;
  /// The trace of the fixed point, when leaking paths are explained.
  std::optional<FlowTrace> Trace;
  /// bodyReapsAny(), once known.
  std::optional<bool> BodyReapsAny;
};

} // namespace reapcheck

#endif
