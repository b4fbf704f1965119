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

#include "PreparedBody.h"
#include "ReapAnalysis.h"
#include "Solver.h"
#include "UseClassifier.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>

namespace reapcheck {

class ReapFlow : public FlowProblem {
public:
  ReapFlow(const PreparedBody &Prepared, const ProcessApiModel &Model,
           SummaryProvider &Summaries, const AnalysisOptions &Opts);

  LiveSet entryState() const override;
  bool transferBlock(const clang::CFGBlock &B, LiveSet &Live) override;
  void transferEdge(const clang::CFGBlock &From, unsigned SuccIndex,
                    const clang::CFGBlock &To, LiveSet &Live) override;
  void reachExit(const clang::CFGBlock &From, const LiveSet &Live) override;

  /// The facts per site; with \p Trace (the solver's), leaking paths are
  /// explained (StartFacts::Path).
  std::vector<StartFacts> takeFacts(const FlowTrace *Trace = nullptr);
  std::vector<FcloseFact> takeFcloses() { return std::move(Fcloses); }

private:
  // Elements.
  bool onCall(const clang::CallExpr &Call, LiveSet &Live);
  void onStart(SiteId I, LiveSet &Live);
  void onUse(const clang::DeclRefExpr &Ref, LiveSet &Live);
  void onWrite(const clang::VarDecl *V, const clang::Stmt *At,
               const clang::Expr *Source, LiveSet &Live);
  void onClosure(const clang::Stmt *ClosureBody, LiveSet &Live);
  void onDestructor(const clang::VarDecl *V, LiveSet &Live);
  void onReturn(const clang::ReturnStmt &Ret, LiveSet &Live);
  void onGuardWrite(const clang::VarDecl *V, const clang::Expr *Source,
                    LiveSet &Live);
  void filterGuardEdge(const clang::Expr &Cond, bool Branch, LiveSet &Live);
  void reapAll(LiveSet &Live);
  /// True when some call of the body reaps any child (computed once).
  bool bodyReapsAny();

  // Edges.
  bool edgeKeeps(const Site &S, const clang::CFGBlock &From, unsigned SuccIndex,
                 const clang::CFGBlock &To) const;
  bool contradictsStart(const Site &S, const clang::CFGBlock &From,
                        unsigned SuccIndex) const;
  bool edgeDeclinesChild(SiteId I, const clang::Expr *Cond, bool Branch) const;
  llvm::BitVector endsAhead(const Site &S) const;
  void findOutParams();
  bool edgeCarries(const Site &S, const clang::CFGBlock &From,
                   unsigned SuccIndex, const clang::CFGBlock &To) const;
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

  const PreparedBody &Prepared;
  const ProcessApiModel &Model;
  SummaryProvider &Summaries;
  const AnalysisOptions &Opts;
  clang::ASTContext &Ctx;
  llvm::ArrayRef<Site> Sites;
  UseClassifier Uses;
  std::vector<StartFacts> Facts;
  /// Per discarded site, the blocks from which its child can still meet a
  /// reap-any or an end of the function (endsAhead).
  std::vector<llvm::BitVector> EndAhead;
  /// Per site, the outcomes of stable conditions that held when it started
  /// (StableConditions); empty when the body tests none twice.
  std::vector<llvm::BitVector> Assumed;
  /// Per site, the pointer parameters the body stores its handle through
  /// (`*ret_pid = pid`): optional out-parameters of the caller.
  std::vector<llvm::SmallVector<const clang::VarDecl *, 1>> OutParams;
  /// Per site, where a discarded child first got stuck (see noteStuck).
  std::vector<clang::SourceLocation> StuckAt;
  /// The block being transferred, and per site the blocks of its start, of
  /// its reported leak and of where it got stuck: a leaking path's ends.
  const clang::CFGBlock *CurBlock = nullptr;
  std::vector<const clang::CFGBlock *> StartBlock, LeakBlock, StuckBlock;
  llvm::SmallPtrSet<const clang::CallExpr *, 4> FcloseSeen;
  std::vector<FcloseFact> Fcloses;
  /// bodyReapsAny(), once known.
  std::optional<bool> BodyReapsAny;
};

} // namespace reapcheck

#endif
