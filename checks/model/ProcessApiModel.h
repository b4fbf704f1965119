//===--- ProcessApiModel.h - What each process API does to a child -------===//
//
// The questions the analysis asks about process APIs, answered from the
// descriptor rows of the model files (ApiDescriptor.h, ModelFile.h): what a
// call does to a child handle (starts it, and where the handle goes; reaps
// it; reaps every child; polls; only signals it; takes it over; is
// harmless), and what a C++ class's constructors, methods and destructor
// do.  A model applies to declarations of its library's headers; options
// add rows and model files.  No diagnostics, no CFG, no function bodies:
// what needs a body (SIGCHLD handlers, summaries) is the analysis's.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_PROCESSAPIMODEL_H
#define REAPCHECK_PROCESSAPIMODEL_H

#include "model/ApiDescriptor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CXXMethodDecl;
class CXXRecordDecl;
class Decl;
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
  /// The handle is a C++ object or a C struct that the library's own calls
  /// take (not a pid): no pid branches apply to it.
  bool Object = false;
  /// Its destructor reaps the child (an attached Boost.Process child).
  bool DestructorReaps = false;
  /// An error out-parameter: the call failed where what it points at is
  /// set (GError **, bool *ExecutionFailed), -1 when none.
  int ErrorArg = -1;
  /// A method returning false when the object holds no child (`valid`).
  std::string ValidMethod;
  /// What reaps such a handle, for advice ("Poco::ProcessHandle::wait");
  /// empty for a pid, which waitpid() reaps.
  std::string ReapHint;
};

/// A call that waits for one specific child, for process-reaper-conflict:
/// a reap or poll of one child, or a start that waits for its own child.
struct SpecificWait {
  /// The call blocks SIGCHLD while it waits (system()).
  bool SigchldBlocked = false;
  /// The argument it writes the child's status through, or -1.
  int StatusArg = -1;
  /// A C function: its result and status are all the caller can lose (a
  /// library's class or object reports ECHILD as an error of its own).
  bool CFunction = false;
};

enum class CallRole {
  Unknown,       ///< Not modelled: may keep or reap the handle.
  Start,         ///< Starts a child.
  Reap,          ///< Reaps the child named by argument HandleArg.
  Poll,          ///< A WNOHANG wait: reaps only where its result is not 0.
  ReapAny,       ///< Reaps whichever children have exited.
  Signal,        ///< Signals the child (kill, killpg...): harmless, not a reap.
  Harmless,      ///< Reads or reports the handle, never keeps nor reaps it.
  HandOff,       ///< Takes the child over (a pool cleanup, an event loop).
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
/// sa_flags bits of the same architectures (asm-generic/signal-defs.h).
inline constexpr int64_t SaNocldwaitOnLinux = 2;
inline constexpr int64_t SaResethandOnLinux = 0x80000000;

/// The API table: the rows of the built-in models, of the user's model
/// files and of the shorthand options.  Built once per check instance.
class ProcessApiModel {
public:
  ProcessApiModel();

  /// Forgets what was looked up in the translation unit that ends: its
  /// declarations are freed with it.
  void forgetTranslationUnit() const { RowCache.clear(); }

  /// Parses `name` or `name:ARG` entries separated by ';' into rows of the
  /// model `options`.  Returns an error message on malformed input and
  /// leaves the model unchanged.
  std::optional<std::string> addStarts(llvm::StringRef Spec);
  std::optional<std::string> addReaps(llvm::StringRef Spec);
  std::optional<std::string> addHarmless(llvm::StringRef Spec);
  /// Reads the ';'-separated model files of \p Paths; their rows replace
  /// built-in rows of the same name.  Returns "FILE:LINE:COLUMN: problem".
  std::optional<std::string> addModelFiles(llvm::StringRef Paths);
  /// `glib;-qt`: a name turns a model on in every unit, `-name` off.
  std::optional<std::string> selectModels(llvm::StringRef Spec);
  /// The models, built-in first, for listings and tests.
  const std::vector<ModelDescriptor> &models() const { return Models; }

  /// Every function the check's call matcher must see: starts, fclose, the
  /// stream openers and the SIGCHLD installers.
  CalleeNameSet interestingCallees() const;
  /// Every function a row names that does more than read its arguments:
  /// the above, waits, kills and the process group calls.  A unit that
  /// calls none of them has no function that reaps, installs for SIGCHLD
  /// or makes its caller a group leader by itself.
  CalleeNameSet processCallees() const;
  /// The functions of the kill rows (kill, killpg, sigqueue...).
  CalleeNameSet killCallees() const;
  /// The classes whose construction may start a child, by last name.
  CalleeNameSet startingClasses() const;
  /// The functions whose result is a FILE * kept by its caller.
  static CalleeNameSet streamOpeners();
  /// True when \p FD is a libc function of the global namespace.
  static bool isGlobalCFunction(const clang::FunctionDecl &FD);
  /// True when \p FD starts a child on a pipe stream (popen).
  bool opensPipe(const clang::FunctionDecl &FD) const;
  /// True when \p FD closes a stream without reaping (fclose).
  bool isFclose(const clang::FunctionDecl &FD) const;
  /// True for signal(), sigaction() and their variants.
  bool installsSignalHandler(const clang::FunctionDecl &FD) const;
  /// True for an install whose handler runs once (row `one-shot`:
  /// sysv_signal()).
  bool installsOneShot(const clang::FunctionDecl &FD) const;
  /// True for a call that starts something reaping every child of the
  /// process from then on (row `starts-reaper`): libev's ev_default_loop()
  /// (`EV_DEFAULT`), whose SIGCHLD watcher calls waitpid(-1, ..., WNOHANG)
  /// until no child is left, watched or not.
  bool startsReaper(const clang::CallExpr &Call,
                    const clang::ASTContext &Ctx) const;
  /// The start routine of a thread \p Call starts (row `thread-start`),
  /// when the argument names a function; else null.
  const clang::FunctionDecl *threadRoutine(const clang::CallExpr &Call,
                                           const clang::ASTContext &Ctx) const;

  /// Returns the start description when \p Call starts a child.
  std::optional<StartSpec> startOf(const clang::CallExpr &Call,
                                   const clang::ASTContext &Ctx) const;

  /// When \p Construct launches a child (Boost v1 child, v2 process, a
  /// modelled class): its description; Api is the name diagnostics give.
  /// Attaching to an existing pid, default and move construction are not
  /// starts.
  std::optional<StartSpec>
  startOfConstruct(const clang::CXXConstructExpr &Construct,
                   std::string &Api) const;
  /// True when \p Class is a modelled process class.
  bool isProcessClass(const clang::CXXRecordDecl &Class) const;

  /// What calling method \p Method on a child object does to it.
  enum class MemberEffect { Other, Reap, Poll, Kill, Detach, HandOff };
  MemberEffect memberEffect(const clang::CXXMethodDecl &Method,
                            const clang::CallExpr *Call,
                            const clang::ASTContext &Ctx) const;
  /// For a poll (a row or a method): the result it gives while the child
  /// still runs (0 for waitpid with WNOHANG).
  int64_t pendingResult(const clang::CallExpr &Call) const;

  /// True for std::error_code (Boost's non-throwing start overloads).
  static bool isErrorCode(clang::QualType T);

  /// What \p Call does to the value passed as argument \p ArgIndex.
  CallRole roleForArg(const clang::CallExpr &Call, unsigned ArgIndex,
                      const clang::ASTContext &Ctx) const;
  /// True when \p Call takes its handle at \p ArgIndex by address
  /// (`apr_proc_wait(&proc, ...)`): `&h` there is a use of h by the call,
  /// not a hand-off.
  bool takesHandleByAddress(const clang::CallExpr &Call,
                            unsigned ArgIndex) const;

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

  /// What \p Call does to process groups (its row's `group`); \p GroupArg
  /// receives a SpawnAttributes row's argument.
  /// A row whose `when` does not hold for the call has none.
  GroupEffect groupEffect(const clang::CallExpr &Call,
                          const clang::ASTContext &Ctx,
                          int *GroupArg = nullptr) const;
  /// For a kill row: the argument holding the signalled handle; -1 for any
  /// other call.
  int killedArg(const clang::CallExpr &Call) const;

  /// When \p Call waits for one specific child: how.
  std::optional<SpecificWait>
  specificWaitOf(const clang::CallExpr &Call,
                 const clang::ASTContext &Ctx) const;
  /// The functions and methods specificWaitOf() may accept.
  CalleeNameSet specificWaitCallees() const;
  /// What \p Call does to a signal set or to the signal mask.
  SignalSetOp signalSetOp(const clang::CallExpr &Call) const;

  /// The name used in diagnostics for the start API of \p Call.
  std::string apiName(const clang::CallExpr &Call) const;

private:
  /// A row and the model it comes from.
  struct RowRef {
    unsigned Model;
    unsigned Index;
  };
  std::optional<std::string> addEntries(llvm::StringRef Spec, ApiRole Role);
  void index(unsigned ModelIndex);
  bool isActive(unsigned ModelIndex, const clang::Decl &D) const;
  /// The active row describing \p FD, if any.
  const ApiDescriptor *find(const clang::FunctionDecl &FD) const;
  /// The active row of \p Call's callee, if any.
  const ApiDescriptor *rowOf(const clang::CallExpr &Call) const;
  const ApiDescriptor *findActive(const clang::FunctionDecl &FD,
                                  unsigned *ModelIndex) const;
  const ClassDescriptor *findClass(const clang::CXXRecordDecl &Class,
                                   unsigned *ModelIndex = nullptr) const;
  /// The table key of \p FD: its qualified name, a method's with its
  /// class's row name.
  std::string keyOf(const clang::FunctionDecl &FD) const;
  std::string reapHint(unsigned ModelIndex, HandleType Type) const;
  /// True for the model the shorthand options fill.
  bool fromOptions(unsigned ModelIndex) const;

  std::vector<ModelDescriptor> Models;
  /// Per model: forced on (1), off (-1), by its headers (0).
  std::vector<int> Selected;
  /// Every row of a name, in load order: the last active one describes a
  /// declaration (a user's row replaces a built-in one only where it
  /// applies).
  llvm::StringMap<llvm::SmallVector<RowRef, 1>> Functions;
  llvm::StringMap<llvm::SmallVector<RowRef, 1>> Classes;
  /// The last row of \p Rows active for \p D, if any.
  const RowRef *lastActive(const llvm::SmallVector<RowRef, 1> &Rows,
                           const clang::Decl &D) const;
  /// The row findActive gives each declaration of the current translation
  /// unit (none: no row): asked for every call, looked up once per callee.
  const RowRef *lookUp(const clang::FunctionDecl &FD) const;
  mutable llvm::DenseMap<const clang::FunctionDecl *, std::optional<RowRef>>
      RowCache;
};

} // namespace reapcheck

#endif
