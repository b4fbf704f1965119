//===--- SigchldActions.h - What a program does with SIGCHLD --------------===//
//
// Reads signal() and sigaction() calls for what they install for SIGCHLD:
// SIG_IGN or SA_NOCLDWAIT (the kernel reaps every child) or a handler, and
// whether a handler reaps any child.  These readers walk function bodies (a
// sigaction struct's member assignments, a handler's calls), so they belong
// to the analysis, not to the API model, whose rows they ask.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_SIGCHLDACTIONS_H
#define REAPCHECK_SIGCHLDACTIONS_H

#include "model/ProcessApiModel.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include <optional>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class Expr;
class FunctionDecl;
class Stmt;
class VarDecl;
} // namespace clang

namespace reapcheck {

class SummaryProvider;

/// What installing a SIGCHLD disposition does for the children.
struct SigchldAction {
  /// The handler function, when the call installs one.
  const clang::FunctionDecl *Handler = nullptr;
  /// SIG_IGN or SA_NOCLDWAIT: the kernel reaps every child.
  bool KernelReaps = false;
  /// SIG_DFL: children stay zombies until the process reaps them.
  bool Default = false;
  /// A handler that runs once (SA_RESETHAND) read as SIG_DFL: the handler,
  /// which reaps the next child.
  const clang::FunctionDecl *Once = nullptr;
};

/// A cheap syntactic test, made on every call the callee names do not
/// select: an argument is the integer literal SIGCHLD expands to and
/// another names a function (`signal_setup(SIGCHLD, on_child)`).  The calls
/// it accepts are then judged with ProcessApiModel::isSigchld().
bool mayPassSigchldHandler(const clang::CallExpr &Call);

/// True when some argument of \p Call is the integer literal SIGCHLD
/// expands to, or an array whose initialiser holds it: a call that may hand
/// SIGCHLD to an installer of the project (paramSignalAction).
bool passesSigchldLiteral(const clang::CallExpr &Call);

/// For signal(SIGCHLD, ...) or sigaction(SIGCHLD, &sa, ...): what the call
/// installs.  A sigaction's struct is read from its initialiser and from
/// the member assignments in \p Body, the function making the call.  A
/// project's own wrapper of signal() given SIGCHLD and one handler pointer
/// (`ssh_signal(SIGCHLD, SIG_DFL)`) is read as signal() would be.
std::optional<SigchldAction> sigchldAction(const ProcessApiModel &Model,
                                           const clang::CallExpr &Call,
                                           const clang::Stmt *Body,
                                           clang::ASTContext &Ctx);

/// For signal(sig, ...) or sigaction(sig, &sa, ...) in \p Installer whose
/// signal is \p Installer's own parameter (zsh's `install_handler(int
/// sig)`), or an element of the array it points at (`sigs[i]`): that
/// parameter's index and what the call installs, when it installs a
/// handler, SIG_IGN or SIG_DFL.
std::optional<std::pair<unsigned, SigchldAction>>
paramSignalAction(const ProcessApiModel &Model, const clang::CallExpr &Call,
                  const clang::FunctionDecl &Installer, const clang::Stmt *Body,
                  clang::ASTContext &Ctx);

/// For a call mayPassSigchldHandler() accepts: what it hands a helper of
/// the project for SIGCHLD, named or in a signal mask (`1 << SIGCHLD`): a
/// handler, SIG_IGN, or a `struct sigaction` read as sigchldAction() does.
std::optional<SigchldAction> handlerPassed(const ProcessApiModel &Model,
                                           const clang::CallExpr &Call,
                                           const clang::Stmt *Body,
                                           clang::ASTContext &Ctx);

/// What a `struct sigaction` installs at \p Install, from its initialiser
/// and from the last assignment of each member before it in \p Body (the
/// last in the body when none comes before).  SA_RESETHAND in its flags
/// makes a handler that does not install itself again read as SIG_DFL.
SigchldAction actionOfStruct(const ProcessApiModel &Model,
                             const clang::VarDecl &Struct,
                             const clang::Stmt &Body, clang::ASTContext &Ctx,
                             const clang::Expr *Install);

/// What signal() or sigaction() \p Call installs, whatever the signal.  A
/// handler that runs once (SA_RESETHAND, a `one-shot` row) and does not
/// install a disposition for SIGCHLD again is read as SIG_DFL.
SigchldAction installedAction(const ProcessApiModel &Model,
                              const clang::CallExpr &Call,
                              const clang::Stmt *Body, clang::ASTContext &Ctx);

/// True when \p FD's body (or a function it calls, two levels deep) reaps
/// any child: a SIGCHLD handler that does is a reaper of every child.  With
/// \p Summaries, a call of the project's own reaper with a pid <= 0
/// (`safe_waitpid(-1, ...)`), or of a function another file's facts say
/// reaps any child, counts too (SummaryProvider::callReapsAny).
/// With \p Bodies, what each body's walk found is remembered there, for
/// asking about every function of a unit in turn (the index).
struct ReapAnyBodies {
  /// By definition: whether it calls a reap-any itself; if not, the
  /// functions it calls, in the order of its calls.
  llvm::DenseMap<const clang::FunctionDecl *,
                 std::pair<bool, std::vector<const clang::FunctionDecl *>>>
      Walked;
};
bool reapsAnyChild(const ProcessApiModel &Model, const clang::FunctionDecl *FD,
                   clang::ASTContext &Ctx, SummaryProvider *Summaries = nullptr,
                   ReapAnyBodies *Bodies = nullptr);

/// True when \p FD reaps any child (reapsAnyChild()) only through WNOHANG
/// polls that no loop of their body runs again once they found nothing
/// (PollRepeats: `while (waitpid(-1, &st, WNOHANG) > 0)` run once), in
/// \p FD or a function it calls, two levels deep: called once, right after
/// a start, it reaps nothing of that child; called again and again (a
/// handler, a server's loop), it reaps.  A call of a project function that
/// reaps any child is a reap of its own.
bool reapsOnlyByPolls(const ProcessApiModel &Model,
                      const clang::FunctionDecl *FD, clang::ASTContext &Ctx,
                      SummaryProvider *Summaries);

/// True when installing \p Handler for SIGCHLD resets it: a handler whose
/// body is in view and reaps no child.  One defined in another file (rsync's
/// `remember_children`, installed by clientserver.c) is not known to, nor
/// is one that calls a function of the project whose body is not in view
/// and that the summaries do not know to reap (a `reap_all()` of another
/// file, seen without project facts).
bool handlerReapsNothing(const ProcessApiModel &Model,
                         const clang::FunctionDecl *Handler,
                         clang::ASTContext &Ctx, SummaryProvider *Summaries);

/// Stricter than reapsAnyChild(), for a SIGCHLD handler to count as the
/// reaper of every child: the C library's reap-any (`wait`, `waitpid(-1,
/// ...)`) is called in a loop, in \p FD or a function it calls (two levels
/// deep), since signals that arrive together are delivered once, and a
/// handler that reaps one child a run leaves the others zombies.  A call of
/// a project function that reaps any child (SummaryProvider::callReapsAny)
/// counts wherever it is: its loop is not in view.
bool reapsEveryChild(const ProcessApiModel &Model, const clang::FunctionDecl *FD,
                     clang::ASTContext &Ctx, SummaryProvider *Summaries);

/// True when \p FD reaps every child (reapsEveryChild()) but each reap of
/// any child in it, or in a function it calls (two levels deep), names its
/// own process group (`waitpid(0, ...)`, `waitid(P_PGID, 0, ...)`; the
/// model's every-when does not hold): a child that left the group is not
/// reaped by it.  A call of a project function that reaps any child counts
/// as a reap of every group: its pid is not in view.
bool reapsOnlyItsGroup(const ProcessApiModel &Model,
                       const clang::FunctionDecl *FD, clang::ASTContext &Ctx,
                       SummaryProvider *Summaries);

/// Asks \p Found about the definition of \p FD and of the functions it
/// calls, two levels deep, each once: Found fills the callees of the body
/// it is given, and says whether that body has what is looked for.
bool foundInCalls(const clang::FunctionDecl *FD,
                  llvm::function_ref<bool(const clang::FunctionDecl &Def,
                                          std::vector<const clang::FunctionDecl *> &Callees)>
                      Found);

/// Stricter than reapsAnyChild(), for process-reaper-conflict: \p FD reaps
/// any child on every path it takes for SIGCHLD (the other cases of a
/// handler shared by several signals left out), so it takes whichever
/// child has exited whenever it runs.
bool reapsAnyOnEveryRun(const ProcessApiModel &Model,
                        const clang::FunctionDecl *FD, clang::ASTContext &Ctx,
                        SummaryProvider *Summaries = nullptr);

} // namespace reapcheck

#endif
