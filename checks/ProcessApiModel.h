//===--- ProcessApiModel.h - What each process API does to a child -------===//
//
// One table says what a call does to a child process handle: starts it
// (and where the handle goes), reaps it, reaps every child at once, only
// signals it, or is harmless.  Options add rows.  No diagnostics, no CFG:
// the analysis asks questions, the check only reads and writes options.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_PROCESSAPIMODEL_H
#define REAPCHECK_PROCESSAPIMODEL_H

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CXXRecordDecl;
class IdentifierInfo;
class IdentifierTable;
class Stmt;
class CallExpr;
class CXXConstructExpr;
class QualType;
class VarDecl;
class FunctionDecl;
class Expr;
} // namespace clang

namespace reapcheck {

class SummaryProvider;

/// How a start reports failure and which value the child side sees.
enum class HandleKind {
  Pid,    ///< pid_t: < 0 failure, == 0 child side, > 0 the child.
  Stream, ///< FILE * from popen: NULL failure.
};

/// Where a start puts the handle, and how it signals failure.
struct StartSpec {
  HandleKind Kind = HandleKind::Pid;
  /// -1: the return value; otherwise the argument receiving a pointer to it.
  int HandleArg = -1;
  /// True when the return value is an error code (0 = success), as for
  /// posix_spawn; the handle is then only valid where that value is 0.
  bool ReturnsStatus = false;
  /// True when a handle written through an out-parameter comes with a
  /// result that is false or NULL when no child was started (a wrapper
  /// returning bool, or the stream it opened on the child).
  bool ResultIsSuccess = false;
};

enum class CallRole {
  Unknown,       ///< Not modelled: may keep or reap the handle.
  Start,         ///< Starts a child.
  Reap,          ///< Reaps the child named by argument HandleArg.
  Poll,          ///< A WNOHANG wait: reaps only where its result is not 0.
  ReapAny,       ///< Reaps whichever children have exited.
  Signal,        ///< Signals the child (kill, killpg...): harmless, not a reap.
  Harmless,      ///< Reads or reports the handle, never keeps nor reaps it.
  Fclose,        ///< fclose: closes a popen stream without the required pclose.
  SigchldIgnore, ///< May set SIGCHLD to be reaped by the kernel.
};

/// A set of function names compared by identifier pointer, the cheapest test
/// a matcher can make on every call of a translation unit.  Qualified names
/// are kept by their last component; the table lookup that follows a match
/// checks the qualification.
class CalleeNameSet {
public:
  void add(llvm::StringRef Name);
  /// True when \p FD's own name is in the set.
  bool contains(const clang::FunctionDecl &FD) const;
  /// True when \p Name (unqualified) is in the set.
  bool contains(const clang::IdentifierInfo *Name,
                clang::IdentifierTable &Table) const;
  /// Drops the identifiers cached for the previous translation unit.
  void forgetTranslationUnit() const;

private:
  void refresh(clang::IdentifierTable &Table) const;

  std::vector<std::string> Names;
  mutable const clang::IdentifierTable *CachedFor = nullptr;
  mutable llvm::SmallPtrSet<const clang::IdentifierInfo *, 32> Ids;
};

/// SIGCHLD's number on the Linux architectures Debian ships (not MIPS).
inline constexpr unsigned SigchldOnLinux = 17;

/// What installing a SIGCHLD disposition does for the children.
struct SigchldAction {
  /// The handler function, when the call installs one.
  const clang::FunctionDecl *Handler = nullptr;
  /// SIG_IGN or SA_NOCLDWAIT: the kernel reaps every child.
  bool KernelReaps = false;
};

/// The API table.  Built once per check instance.
class ProcessApiModel {
public:
  ProcessApiModel();

  /// Parses `name` or `name:ARG` entries separated by ';'.  Returns an error
  /// message on malformed input and leaves the model unchanged.
  std::optional<std::string> addStarts(llvm::StringRef Spec);
  std::optional<std::string> addReaps(llvm::StringRef Spec);
  std::optional<std::string> addHarmless(llvm::StringRef Spec);

  /// Names of every start function, for the matcher.
  std::vector<std::string> startNames() const;

  /// Every function the check's call matcher must see: starts, fclose, the
  /// stream openers and the SIGCHLD installers.
  CalleeNameSet interestingCallees() const;
  /// The functions whose result is a FILE * kept by its caller.
  static CalleeNameSet streamOpeners();
  /// True when \p FD is a libc function of the global namespace.
  static bool isGlobalCFunction(const clang::FunctionDecl &FD);
  /// True for popen among the openers.
  static bool opensPipe(const clang::FunctionDecl &FD);
  /// True for fclose.
  static bool isFclose(const clang::FunctionDecl &FD);
  /// True for signal(), sigaction() and their variants.
  static bool installsSignalHandler(const clang::FunctionDecl &FD);
  /// True for an event loop that reaps every child from its own SIGCHLD
  /// watcher: libev's ev_default_loop() (`EV_DEFAULT`), whose handler calls
  /// waitpid(-1, ..., WNOHANG) until no child is left, watched or not.
  static bool startsReapingLoop(const clang::FunctionDecl &FD);

  /// True when \p Class is Boost.Process's v1 child or v2 basic_process.
  static bool isBoostProcessClass(const clang::CXXRecordDecl &Class);

  /// Returns the start description when \p Call starts a child.
  std::optional<StartSpec> startOf(const clang::CallExpr &Call,
                                   const clang::ASTContext &Ctx) const;

  /// Returns the API name ("boost::process::child") when \p Construct
  /// launches a Boost.Process child (v1 child, v2 process).  Attaching to an
  /// existing pid, default and move construction are not starts.
  std::optional<std::string>
  startOfConstruct(const clang::CXXConstructExpr &Construct) const;

  /// What calling method \p Name on a child object does to it.
  enum class MemberEffect { Other, Reap, Detach };
  static MemberEffect memberEffect(llvm::StringRef Name);

  /// True for std::error_code (Boost's non-throwing start overloads).
  static bool isErrorCode(clang::QualType T);

  /// What \p Call does to the value passed as argument \p ArgIndex.
  CallRole roleForArg(const clang::CallExpr &Call, unsigned ArgIndex,
                      const clang::ASTContext &Ctx) const;

  /// The argument whose child \p Call returns another handle of
  /// (pidfd_open(pid, 0): 0), when it does.
  std::optional<unsigned>
  duplicatedHandleArg(const clang::CallExpr &Call) const;

  /// Where \p Call, a start by clone() or clone3(), may also write the
  /// child's pid with CLONE_PARENT_SETTID: clone()'s `parent_tid` argument,
  /// or the pointer to the `struct clone_args` clone3() is given (whose
  /// `parent_tid` member then says where).  Null for other calls.
  const clang::Expr *parentTidSource(const clang::CallExpr &Call,
                                     const clang::ASTContext &Ctx,
                                     bool &IsCloneArgs) const;

  /// True when \p Call reaps every exited child (wait, waitpid(-1, ...)).
  bool isReapAny(const clang::CallExpr &Call,
                 const clang::ASTContext &Ctx) const;
  /// True when \p Call reaps whichever child has exited, of every process
  /// group: wait, wait3, waitpid(-1, ...), wait4(-1, ...), waitid(P_ALL).
  bool reapsEveryChild(const clang::CallExpr &Call,
                       const clang::ASTContext &Ctx) const;
  /// True when \p Call is a wait given WNOHANG: it returns at once, without
  /// reaping a child that still runs.
  bool isPollingWait(const clang::CallExpr &Call,
                     const clang::ASTContext &Ctx) const;

  /// True when \p Sig names SIGCHLD: spelled SIGCHLD or SIGCLD, or (through
  /// a macro such as rsync's SIGACTION) with the value <signal.h> gives it
  /// on Linux.
  static bool isSigchld(const clang::Expr &Sig, clang::ASTContext &Ctx);

  /// A cheap syntactic test, made on every call the callee names do not
  /// select: an argument is the integer literal SIGCHLD expands to and
  /// another names a function (`signal_setup(SIGCHLD, on_child)`).  The
  /// calls it accepts are then judged with isSigchld().
  static bool mayPassSigchldHandler(const clang::CallExpr &Call);

  /// For signal(SIGCHLD, ...) or sigaction(SIGCHLD, &sa, ...): what the
  /// call installs.  A sigaction's struct is read from its initialiser and
  /// from the member assignments in \p Body, the function making the call.
  std::optional<SigchldAction> sigchldAction(const clang::CallExpr &Call,
                                             const clang::Stmt *Body,
                                             clang::ASTContext &Ctx) const;
  /// For signal(sig, ...) or sigaction(sig, &sa, ...) in \p Installer whose
  /// signal is \p Installer's own parameter (zsh's `install_handler(int
  /// sig)`): that parameter's index and what the call installs, when it
  /// installs a handler or SIG_IGN.  A caller passing SIGCHLD there installs
  /// it for SIGCHLD.
  std::optional<std::pair<unsigned, SigchldAction>>
  paramSignalAction(const clang::CallExpr &Call,
                    const clang::FunctionDecl &Installer,
                    const clang::Stmt *Body, clang::ASTContext &Ctx) const;
  /// True when some argument of \p Call is the integer literal SIGCHLD
  /// expands to: a call that may hand SIGCHLD to an installer of the
  /// project (paramSignalAction).
  static bool passesSigchldLiteral(const clang::CallExpr &Call);
  /// For a call mayPassSigchldHandler() accepts: what it hands a helper of
  /// the project for SIGCHLD, named or in a signal mask (`1 << SIGCHLD`): a
  /// handler, SIG_IGN, or a `struct sigaction` read as sigchldAction() does.
  std::optional<SigchldAction> handlerPassed(const clang::CallExpr &Call,
                                             const clang::Stmt *Body,
                                             clang::ASTContext &Ctx) const;
  /// What a `struct sigaction` installs at \p Install, from its
  /// initialiser and from the last assignment of each member before it in
  /// \p Body (the last in the body when none comes before).
  SigchldAction actionOfStruct(const clang::VarDecl &Struct,
                               const clang::Stmt &Body, clang::ASTContext &Ctx,
                               const clang::Expr *Install) const;
  /// What signal() or sigaction() \p Call installs, whatever the signal.
  SigchldAction installedAction(const clang::CallExpr &Call,
                                const clang::Stmt *Body,
                                clang::ASTContext &Ctx) const;

  /// True when \p FD's body (or a function it calls, two levels deep) reaps
  /// any child: a SIGCHLD handler that does is a reaper of every child.
  /// With \p Summaries, a call of the project's own reaper with a pid <= 0
  /// (`safe_waitpid(-1, ...)`), or of a function another file's facts say
  /// reaps any child, counts too (SummaryProvider::callReapsAny).
  bool reapsAnyChild(const clang::FunctionDecl *FD, clang::ASTContext &Ctx,
                     SummaryProvider *Summaries = nullptr) const;

  /// True when argument \p ArgIndex of \p FD is one of the variadic
  /// arguments of a `format(printf, ...)` function: a value formatted into
  /// text, which no such function can take ownership of.
  static bool isFormattedArgument(const clang::FunctionDecl *FD,
                                  unsigned ArgIndex);

  /// True for a function that cannot take ownership of the handle passed as
  /// argument \p ArgIndex: a formatted argument (isFormattedArgument), and,
  /// declared in a system header, any C function and a C++ non-member taking
  /// an arithmetic value.
  static bool takesNoOwnership(const clang::FunctionDecl *FD, unsigned ArgIndex,
                               clang::ASTContext &Ctx);

  /// The qualified-or-plain name used to look a function up in the table.
  static std::string lookupName(const clang::FunctionDecl &FD);

  /// The name used in diagnostics for the start API.
  static std::string apiName(const clang::CallExpr &Call);

  struct Entry {
    CallRole Role;
    int Arg; ///< Argument the role applies to; -1 means any/return value.
    StartSpec Start;
    /// The call returns another handle of the child passed as Arg.
    bool Duplicates;
    /// The argument holding a wait's options (WNOHANG), or -1.
    int OptionsArg;
  };

private:
  std::optional<std::string> addEntries(llvm::StringRef Spec, CallRole Role);
  const Entry *find(const clang::FunctionDecl &FD) const;

  llvm::StringMap<Entry> Table;
};

} // namespace reapcheck

#endif
