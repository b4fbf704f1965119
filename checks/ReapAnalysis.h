//===--- ReapAnalysis.h - Does every started child get reaped? ------------===//
//
// A forward "may be live" data-flow over clang's CFG of one function, method,
// lambda or block.  Each start site (fork, popen, posix_spawn...) is one bit:
//
//        start ──► LIVE ──► reaped      (waitpid/pclose/wait-any, a closure
//                   │                    that reaps, created here)
//                   ├──► handed off     (returned, stored outside, passed to
//                   │                    an unknown function, RAII owner)
//                   ├──► no child       (edge where the handle is < 0, NULL,
//                   │                    == 0 (child side), spawn failed)
//                   └──► LEAKED         (function exit, throw leaving it,
//                                        the holder overwritten)
//
// The state at a block entry is the union over its predecessors, so a start
// leaks when *some* path reaches an exit with its bit set.  Branch tests on
// the handle prune the bit on the edge where no parent-side child can exist;
// this gives the precision real code needs (`if (pid < 0) return;
// if (pid == 0) _exit()`) without path enumeration: the fixed point is
// reached in O(blocks x starts) bit operations.
//
// Simplifications, stated so the docs can repeat them:
//  * Aliases are flow-insensitive: a local initialised or assigned from a
//    holder anywhere in the body is a holder too.
//  * Closures (lambdas, blocks) are summarised where they are created: one
//    that reaps a captured handle reaps it there; one that passes it on hands
//    it off; one that only kills it is a kill.
//  * Calls are not followed, except through the API model and the noreturn
//    inference; an unknown call receiving the handle is a hand-off.
//  * Exceptions: only explicit `throw` leaves the function; calls are not
//    assumed to throw.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_REAPANALYSIS_H
#define REAPCHECK_REAPANALYSIS_H

#include "ProcessApiModel.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <vector>

namespace clang {
class ASTContext;
class Stmt;
} // namespace clang

namespace reapcheck {

/// How a live child left the function.
enum class ExitKind { Return, Throw, Overwrite };

/// One start site and what the analysis learned about it.
struct StartFacts {
  /// The start: a call, or the construction of a Boost.Process object.
  const clang::Expr *Start = nullptr;
  /// Where diagnostics about it go: the callee name or the construction.
  clang::SourceLocation Loc;
  std::string Api;                     ///< "fork", "popen"...
  const clang::VarDecl *Var = nullptr; ///< Holder; null when discarded.
  bool Discarded = false;
  bool Stream = false; ///< popen-like: reaped by pclose.

  /// Some reap, reap-any or hand-off was reached with the child live.
  bool EverResolved = false;
  bool EverReaped = false;    ///< ...of which a reap (or fclose).
  bool EverHandedOff = false; ///< ...of which a hand-off.
  /// Where it first leaked (earliest in the file), if anywhere.
  bool Leaked = false;
  ExitKind LeakKind = ExitKind::Return;
  clang::SourceLocation LeakLoc;
  /// First signal sent to the live child (kill, killpg...).
  const clang::CallExpr *Kill = nullptr;
  /// First detach() of a Boost child on a path where it then leaked.
  const clang::Expr *Detach = nullptr;
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
};

/// Facts shared by every analysis of one translation unit.
/// What a function of the translation unit does with a handle passed as one
/// of its arguments, judged from its body.
enum class ParamSummary { Unknown, Reaps, Harmless };

/// A function of the translation unit that returns (or writes through an
/// out-parameter) a child it started: its call sites are starts.
struct WrapperSummary {
  StartSpec Spec;
  std::string Api;
};

/// Facts shared by every analysis of one translation unit.  Summaries are
/// demand-driven and memoised: each function body is summarised at most once
/// per parameter; a function whose summary is still being computed (direct or
/// mutual recursion) counts as Unknown, the conservative answer.
class TranslationUnitFacts {
public:
  TranslationUnitFacts(const ProcessApiModel &Model) : Model(&Model) {}

  /// True when \p FD never returns though not declared noreturn: its body
  /// has no return and ends in a noreturn call (`die()` wrappers).
  bool isInferredNoReturn(const clang::FunctionDecl *FD);

  /// What \p FD does to the handle passed as argument \p Index.
  ParamSummary paramSummary(const clang::FunctionDecl *FD, unsigned Index,
                            clang::ASTContext &Ctx);

  const WrapperSummary *wrapper(const clang::FunctionDecl *FD) const;
  /// Returns true when \p FD was not yet known as a wrapper.
  bool addWrapper(const clang::FunctionDecl *FD, WrapperSummary W);

private:
  const ProcessApiModel *Model;
  llvm::DenseMap<const clang::FunctionDecl *, bool> NoReturn;
  llvm::DenseMap<std::pair<const clang::FunctionDecl *, unsigned>,
                 std::optional<ParamSummary>>
      Params;
  llvm::DenseMap<const clang::FunctionDecl *, WrapperSummary> Wrappers;
  unsigned Depth = 0;
};

struct AnalysisResult {
  std::vector<StartFacts> Starts; ///< In source order.
  /// Set when the body hands every started child to its caller.
  std::optional<StartSpec> Wrapper;
  std::vector<FcloseFact> Fcloses;
  bool Analysed = false; ///< False when no CFG could be built.
};

/// Runs the flow over one body.  \p Callable is the FunctionDecl (a lambda's
/// call operator included) or BlockDecl that owns \p Body.
AnalysisResult analyseBody(const clang::Decl *Callable, clang::Stmt *Body,
                           clang::ASTContext &Ctx,
                           const ProcessApiModel &Model,
                           TranslationUnitFacts &TU,
                           const AnalysisOptions &Options);

} // namespace reapcheck

#endif
