//===--- ProcessGroups.h - Which children lead a process group --*- C++ -*-===//
//
// For process-orphaned-descendants: for each start site of one body,
// whether and where its child becomes the leader of a new process group
// or session, and the kills of it that the body makes.  A call made on the
// child side of a start (past the branch that proves the process is the
// child) acts on that child.  One forward pass of solve().
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_PROCESSGROUPS_H
#define REAPCHECK_PROCESSGROUPS_H

#include "flow/PreparedBody.h"
#include "flow/SummaryProvider.h"
#include "model/ProcessApiModel.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <vector>

namespace reapcheck {

class SummaryProvider;

/// Where a child becomes the leader of its own process group.
struct GroupLeader {
  clang::SourceLocation Loc;
  /// It leads a session on a terminal (forkpty, login_tty): when it
  /// exits, the kernel hangs up the terminal's foreground process group.
  bool Terminal = false;
  /// It leads a session (setsid, POSIX_SPAWN_SETSID), not only a group.
  bool Session = false;
};

/// A kill of a site's child.
struct SiteKill {
  const clang::CallExpr *Call = nullptr;
  /// The handle argument as written, the minus of `kill(-pid, ...)` left
  /// out.
  const clang::Expr *Handle = nullptr;
  SiteId Site = 0;
  /// kill(-pid, sig) or killpg(pid, sig): the group is signalled.
  bool GroupKill = false;
};

struct GroupFacts {
  /// By site: where its child becomes a leader, if it does.
  std::vector<std::optional<GroupLeader>> Leaders;
  /// By site: its group is not known (`setpgid(0, pgrp)` with a pgrp that
  /// is not a constant 0 nor getpid(): it may lead or join another group);
  /// no kill of it is judged.
  std::vector<bool> Unknown;
  /// By site: where its child joins a group a value names (`setpgid(0,
  /// pgrp)`, `setpgid(pid, pgrp)`, POSIX_SPAWN_SETPGROUP with a pgroup set):
  /// it leaves its parent's group unless the value is that group
  /// (`getpgrp()`).  Invalid where it does not.
  std::vector<clang::SourceLocation> JoinsAt;
  /// Kills of a site's handle, in the order of the body's blocks.
  std::vector<SiteKill> Kills;
  /// By site, when it leads no group by the unit alone: the calls of
  /// functions defined in another file that may move it, for the merge to
  /// judge by their facts: made on its child's side (`leads_group`), or
  /// given its pid in the parent, with the argument's index
  /// (`pid_group_params`).  Filled without \p Summaries only (the index).
  struct ForeignMove {
    const clang::FunctionDecl *Callee = nullptr;
    int PidArg = -1; ///< -1: a call on the child's side.
    clang::SourceLocation Loc;
  };
  std::vector<std::vector<ForeignMove>> ForeignMoves;
  /// Members and static variables a site's handle is stored into.
  std::vector<std::pair<const clang::ValueDecl *, SiteId>> Stores;
  /// Members and static variables that also receive the result of a call
  /// the model does not know as a start (a project's own forkpty wrapper),
  /// directly or through a site's local: a child of unknown kind.
  std::vector<const clang::ValueDecl *> UnknownStores;
};

/// The group facts of \p Body's start sites.  With \p Summaries, a call on
/// a child's side of another file's function that makes its caller lead a
/// group (SummaryProvider::leadsGroupElsewhere) counts too.
GroupFacts analyseGroups(const PreparedBody &Body,
                         const ProcessApiModel &Model,
                         const SummaryProvider *Summaries = nullptr);

/// True when \p Call's signal argument (the one after the handle) is the
/// constant 0: kill(pid, 0) only asks whether the process exists.
bool signalIsZero(const clang::CallExpr &Call, int HandleArg,
                  clang::ASTContext &Ctx);

/// True when \p Call's signal argument (the one after the handle) is a
/// constant whose default action ends the process (SIGTERM, SIGKILL,
/// SIGHUP...): a stop.  Not for a signal a variable names (a daemon's
/// supervisor forwarding what it was asked to send).
bool signalEndsProcess(const clang::CallExpr &Call, int HandleArg,
                       clang::ASTContext &Ctx);

/// For a kill's handle argument: the expression under a unary minus, and
/// whether there was one.
const clang::Expr *withoutMinus(const clang::Expr *E, bool &Negated);

/// True when \p Kill signals the process group its handle names
/// (killpg(h), kill(-h)), not only one process.
bool signalsGroup(const ProcessApiModel &Model, const clang::CallExpr &Kill,
                  clang::ASTContext &Ctx);

/// When \p Call makes the calling process lead a new group or session
/// (setsid(), setpgrp(), setpgid(0, 0), login_tty()): how.
std::optional<GroupLeader> callerLeadsBy(const ProcessApiModel &Model,
                                         const clang::CallExpr &Call,
                                         clang::ASTContext &Ctx);

/// The same for a call of \p FD, a function of the project: its body, or
/// a function it calls (\p Depth levels deep), makes the caller lead.
std::optional<GroupLeader> callerLeadsIn(const ProcessApiModel &Model,
                                         const clang::FunctionDecl *FD,
                                         clang::ASTContext &Ctx, int Depth);

/// Adds to \p Out the spawn flags \p Body sets on the attributes \p Var (a
/// posix_spawnattr_t, or a parameter pointing at one), itself, through the
/// functions of its unit it gives them to (\p Depth levels deep), or
/// through another file's (\p Summaries).
void collectSpawnAttrs(const clang::VarDecl &Var, const clang::Stmt *Body,
                       clang::ASTContext &Ctx,
                       const SummaryProvider *Summaries, int Depth,
                       SpawnAttrs &Out);

/// What the attributes \p Attr (`&attr`) given to a posix_spawn() make of
/// the child (collectSpawnAttrs(), in \p Body): a leader of a group or a
/// session, or (\p Joins) a member of a group other than 0 names
/// (POSIX_SPAWN_SETPGROUP with a pgroup set).
std::optional<GroupLeader> spawnLeader(const clang::Expr *Attr,
                                       const clang::Stmt *Body,
                                       clang::ASTContext &Ctx,
                                       const SummaryProvider *Summaries,
                                       bool &Joins);

/// True when \p E is a constant 0 (a pid or pgid meaning "the caller").
bool pgidIsZero(const clang::Expr *E, clang::ASTContext &Ctx);
/// getpgrp() or getpgid(0): the group the calling process is in.
bool namesOwnGroup(const clang::Expr *E);

/// What a call of \p FD, a function of the project, does to the group of
/// the process its parameter \p Index names: its body's setpgid() of it,
/// or one made by a function it gives the pid to (of its unit, \p Depth
/// levels deep; of another file, by \p Summaries).  Leads wins over Joins.
PidGroupEffect pidGroupIn(const ProcessApiModel &Model,
                          const clang::FunctionDecl *FD, unsigned Index,
                          clang::ASTContext &Ctx,
                          const SummaryProvider *Summaries, int Depth);
/// The same for a call of \p Callee given the pid as argument \p Index:
/// pidGroupIn() for a body in view (none below depth 0), else another
/// file's facts.
PidGroupEffect pidGroupOfArgument(const ProcessApiModel &Model,
                                  const clang::FunctionDecl &Callee,
                                  unsigned Index, clang::ASTContext &Ctx,
                                  const SummaryProvider *Summaries, int Depth);

/// callerLeadsIn() for many functions of one unit: each body is walked
/// once, whatever the depths and the paths it is asked about by.
class GroupLeaders {
public:
  std::optional<GroupLeader> in(const ProcessApiModel &Model,
                                const clang::FunctionDecl *FD,
                                clang::ASTContext &Ctx, int Depth);

private:
  /// A call of a body that may matter, in the order of the walk: one that
  /// makes the caller lead (Leader), a project function that may
  /// (Callee), or one that gives a session leader its terminal.
  struct Step {
    std::optional<GroupLeader> Leader;
    const clang::FunctionDecl *Callee = nullptr;
  };
  const std::vector<Step> &stepsOf(const ProcessApiModel &Model,
                                   const clang::FunctionDecl *Def,
                                   clang::ASTContext &Ctx);
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<Step>> Steps;
  llvm::DenseMap<std::pair<const clang::FunctionDecl *, int>,
                 std::optional<GroupLeader>>
      Known;
};

} // namespace reapcheck

#endif
