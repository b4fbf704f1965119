//===--- ReapAnalysis.h - Does every started child get reaped? ---*- C++
//-*-===//
//
// A forward "may be live" data-flow over clang's CFG of one function, method,
// lambda or block.  Each start site (fork, popen, posix_spawn...) is tracked
// on its own:
//
//        start ──► LIVE ──► reaped      (waitpid/pclose/wait-any, a reaper
//                   │                    of the unit, a closure that reaps,
//                   │                    created here)
//                   ├──► handed off     (returned, stored outside, passed to
//                   │                    an unknown function, RAII owner)
//                   ├──► no child       (edge where the handle is < 0, NULL,
//                   │                    == 0 (child side), spawn failed)
//                   └──► LEAKED         (function exit, throw leaving it,
//                                        the holder overwritten; a
//                                        discarded child entering a part of
//                                        the body with no reap-any and no
//                                        way out: `for (;;)` servers)
//
// A start leaks when *some* path reaches an exit with it live.  Branch tests
// on the handle prune it on the edge where no parent-side child can exist,
// which gives the precision real code needs (`if (pid < 0) return;
// if (pid == 0) _exit()`) without path enumeration.
//
// The units, one job each:
//   StartSites       where the body starts children, where each handle goes
//   Holders          which locals hold which child (aliases)
//   UseClassifier    what one use of a holder does
//   BranchConditions what an edge proves (pure)
//   LiveSet          the state; Solver the worklist
//   Transfer         the transfer function and the exits (ReapFlow.cpp)
//   WrapperDetection does the body hand its child to its caller (no flow)
//   Summaries        what the unit's own functions do (SummaryProvider)
//   LeakPath         after the fixed point, the decisions on one leaking
//                    path of a reported start (notes, SARIF code flows)
//
// Simplifications, stated so the docs can repeat them:
//  * Aliases are flow-insensitive (Holders.h).
//  * Closures (lambdas, blocks) are summarised where they are created: one
//    that reaps a captured handle reaps it there; one that passes it on hands
//    it off; one that only kills it is a kill.
//  * Calls are followed only through summaries of the unit's own functions
//    (reapers, harmless users, wrappers, inferred noreturn) and the model;
//    any other call receiving the handle is a hand-off.
//  * Exceptions: only explicit `throw` leaves the function; calls are not
//    assumed to throw.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_REAPANALYSIS_H
#define REAPCHECK_REAPANALYSIS_H

#include "model/ProcessApiModel.h"
#include "flow/SummaryProvider.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Stmt;
} // namespace clang

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace reapcheck {

/// How a live child left the function, or (Stuck) reached a point from
/// which no path reaps it nor leaves the function: a forking server's loop.
enum class ExitKind { Return, Throw, Overwrite, Stuck };

/// A branch decision on a leaking path: \c Cond was \c Taken (true/false).
struct PathStep {
  const clang::Expr *Cond;
  bool Taken;
};

/// One start site and what the analysis learned about it.
struct StartFacts {
  /// Where diagnostics about it go: the callee name or the construction.
  clang::SourceLocation Loc;
  std::string Api;                     ///< "fork", "popen"...
  /// What reaps it when that is not waitpid() (a library's wait).
  std::string ReapHint;
  const clang::VarDecl *Var = nullptr; ///< Holder; null when discarded.
  bool Discarded = false;

  /// Some reap, reap-any or hand-off was reached with the child live.
  bool EverResolved = false;
  bool EverReaped = false;    ///< ...of which a reap (or fclose).
  bool EverHandedOff = false; ///< ...of which a hand-off.
  bool EverStored = false;    ///< ...of which a store into a holder.
  /// It reached the function's end (or an overwrite of its local) still
  /// live after a store into its holder, which then answers for it.
  bool HeldAtEnd = false;
  /// The member or static variable it was first stored into (Owners.h).
  const clang::ValueDecl *Holder = nullptr;
  clang::SourceLocation StoreLoc;
  /// Where it first leaked (earliest in the file), if anywhere.
  bool Leaked = false;
  /// On some path to the start, this body (or a function of the unit it
  /// calls) set SIGCHLD to SIG_DFL or to a handler that reaps nothing: a
  /// reaper or ignore the program installed elsewhere does not cover it.
  bool SigchldReset = false;
  /// On every path to the start, this body installed a handler that reaps
  /// any child (or an ignore), with no reset since: the process that starts
  /// the child takes it, whatever the program does elsewhere.
  bool TakenHere = false;
  ExitKind LeakKind = ExitKind::Return;
  clang::SourceLocation LeakLoc;
  /// Every kind of exit it leaked at, one bit per ExitKind.
  unsigned LeakKinds = 0;
  bool leaksOnlyAtReturn() const {
    return Leaked && LeakKinds == 1u << unsigned(ExitKind::Return);
  }
  /// When it leaked on some paths only: the branch decisions that matter on
  /// one of them, in path order (LeakPath.h).
  std::vector<PathStep> Path;
  /// First signal sent to the live child (kill, killpg...).
  const clang::CallExpr *Kill = nullptr;
  /// First detach() of a Boost child on a path where it then leaked.
  const clang::Expr *Detach = nullptr;
  /// The ignore of SIGCHLD this body makes before the start and undoes
  /// before returning (ReapFlow::ignoresUndone()): the child may outlive it.
  const clang::CallExpr *UndoneIgnore = nullptr;
  /// Where the child leaves the process group, when the program's reapers
  /// all reap only their own group (Verdicts.cpp): none of them reaps it.
  clang::SourceLocation LeavesGroupAt;
};

/// An fclose() of a live popen stream: reported at the fclose.
struct FcloseFact {
  const clang::CallExpr *Call;
  const clang::VarDecl *Var;
};

struct AnalysisOptions {
  /// Exits of this body are process exits (main with IgnoreMain).
  bool ExitsAreProcessExits = false;
  /// Track handles that are not stored anywhere.
  bool TrackDiscarded = true;
  /// The body may be entered with SIGCHLD reset by a caller
  /// (InheritedDispositions): its starts are nobody's until it installs again.
  bool EnteredReset = false;
  /// For main: its calls made where SIGCHLD is surely still at the default
  /// the process started with, and no reaper may be installed after them
  /// (InheritedDispositions::unsetCalls()).
  const llvm::DenseSet<const clang::CallExpr *> *UnsetCalls = nullptr;
  /// Starts after which a handler that reaps may still be installed (main's,
  /// reaperAheadCalls()): not left to nobody by a reset.
  const llvm::DenseSet<const clang::CallExpr *> *ReaperAhead = nullptr;
  /// What gives a child to the caller (`return pid`, `*out = pid`) keeps it
  /// live: the body is asked whether it reaps the child itself
  /// (detectWrapper), not what it hands its caller.
  bool CallerGivenKeepsChild = false;
  /// When set, the state entering each block at the fixed point is printed
  /// there (REAPCHECK_DUMP_FLOW, for debugging the analysis).
  llvm::raw_ostream *DumpFlow = nullptr;
};

struct AnalysisResult {
  std::vector<StartFacts> Starts; ///< In source order.
  std::vector<FcloseFact> Fcloses;
  bool Analysed = false; ///< False when no CFG could be built.
};

class PreparedBody;

/// The prepared bodies (CFG, sites, holders) of one unit, built once and
/// shared by wrapper detection and the flow.  A body whose callees turn out
/// to be wrappers is forgotten and prepared again.
class PreparedBodies {
public:
  PreparedBodies();
  ~PreparedBodies();
  /// Null when no CFG can be built.
  const PreparedBody *get(const clang::Decl *Callable, clang::Stmt *Body,
                          clang::ASTContext &Ctx, const ProcessApiModel &Model,
                          const SummaryProvider &Summaries);
  void forget(const clang::Decl *Callable);

private:
  llvm::DenseMap<const clang::Decl *, std::unique_ptr<PreparedBody>> Bodies;
};

/// Runs the flow over one body.  \p Callable is the FunctionDecl (a lambda's
/// call operator included) or BlockDecl that owns \p Body.
AnalysisResult analyseBody(const clang::Decl *Callable, clang::Stmt *Body,
                           clang::ASTContext &Ctx, const ProcessApiModel &Model,
                           SummaryProvider &Summaries,
                           const AnalysisOptions &Options,
                           PreparedBodies *Cache = nullptr);

/// What \p FD's body does to a child passed in each of \p Params: the facts
/// of each parameter tracked from the entry, in the order of \p Params, all
/// in one pass; empty when no CFG was built.
std::vector<StartFacts>
analyseParameters(const clang::FunctionDecl &FD,
                  llvm::ArrayRef<const clang::ParmVarDecl *> Params,
                  clang::ASTContext &Ctx, const ProcessApiModel &Model,
                  SummaryProvider &Summaries);

/// When \p FD hands every child it starts to its caller (returned, or
/// written through a pointer parameter): how its call sites start one.
/// Reads the body's starts and holders; the flow runs only for a body that
/// writes its child out and also reaps it (then, reaped on every path, it
/// is no wrapper).  With \p Unless, a function that also gives the child
/// to functions of other files (`log_job(pid)`) is returned too, those
/// calls (callee, argument) added there: it is a wrapper only if none of
/// them keeps the child (WrapperDetection.h).
std::optional<StartSpec> detectWrapper(
    const clang::FunctionDecl &FD, clang::ASTContext &Ctx,
    const ProcessApiModel &Model, SummaryProvider &Summaries,
    PreparedBodies *Cache = nullptr,
    std::vector<std::pair<const clang::FunctionDecl *, unsigned>> *Unless =
        nullptr);

} // namespace reapcheck

#endif
