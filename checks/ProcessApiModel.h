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

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class CXXConstructExpr;
class QualType;
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
};

enum class CallRole {
  Unknown,   ///< Not modelled: may keep or reap the handle.
  Start,     ///< Starts a child.
  Reap,      ///< Reaps the child named by argument HandleArg.
  ReapAny,   ///< Reaps whichever children have exited.
  Signal,    ///< Signals the child (kill, killpg...): harmless, not a reap.
  Harmless,  ///< Reads or reports the handle, never keeps nor reaps it.
  Fclose,    ///< fclose: closes a popen stream without the required pclose.
  SigchldIgnore, ///< May set SIGCHLD to be reaped by the kernel.
};

/// What a call does to one of its arguments.
struct ArgEffect {
  CallRole Role = CallRole::Unknown;
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

  /// True when \p Call reaps every exited child (wait, waitpid(-1, ...)).
  bool isReapAny(const clang::CallExpr &Call,
                 const clang::ASTContext &Ctx) const;

  /// True when \p Call leaves SIGCHLD to the kernel (signal(SIGCHLD,
  /// SIG_IGN)); sigaction calls are judged by the analysis, which sees the
  /// struct.
  bool ignoresSigchld(const clang::CallExpr &Call,
                      const clang::ASTContext &Ctx) const;

  /// The qualified-or-plain name used to look a function up in the table.
  static std::string lookupName(const clang::FunctionDecl &FD);

  /// The name used in diagnostics for the start API.
  static std::string apiName(const clang::CallExpr &Call);

  struct Entry {
    CallRole Role;
    int Arg; ///< Argument the role applies to; -1 means any/return value.
    StartSpec Start;
  };

private:
  std::optional<std::string> addEntries(llvm::StringRef Spec, CallRole Role);
  const Entry *find(const clang::FunctionDecl &FD) const;

  llvm::StringMap<Entry> Table;
};

} // namespace reapcheck

#endif
