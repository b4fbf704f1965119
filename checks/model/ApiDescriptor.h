//===--- ApiDescriptor.h - One row of the process API model ---------------===//
//
// Everything the check knows about one process API is one descriptor: what
// the call does to a child (its role), where the child's handle is, how the
// call says it failed, which arguments change its meaning, and, for a C++
// class, what its constructors and destructor do.  Rows are read from the
// model files in models/ (ModelFile.h); nothing here knows a name.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_APIDESCRIPTOR_H
#define REAPCHECK_APIDESCRIPTOR_H

#include <cstdint>
#include <string>
#include <vector>

namespace reapcheck {

/// What a call does to a child process.
enum class ApiRole {
  Start,       ///< Starts a child; its handle is at Handle.
  Reap,        ///< Waits for the child at Handle and reaps it.
  ReapAny,     ///< Reaps whichever children have exited (wait()).
  Poll,        ///< Asks whether the child at Handle ended; reaps it if so.
  Kill,        ///< Signals the child; does not reap.
  Harmless,    ///< Reads or reports the handle, never keeps nor reaps it.
  HandOff,     ///< Takes the child over: someone else will reap it.
  Detach,      ///< Gives up the library's duty to reap (a method).
  ReapsItself, ///< Starts and reaps by itself, or reaps what it started:
               ///< nothing for the caller to do.
  CloseStream, ///< Closes a pipe stream without reaping (fclose).
  SignalInstall, ///< Installs a signal disposition (signal, sigaction).
  StartsReaper,  ///< Starts something that reaps every child of the
                 ///< process from then on (libev's default loop).
  ThreadStart,   ///< Starts a thread running the function at Handle.
};

/// Where a row's handle is.
enum class HandleSlot {
  None,        ///< The row has no handle (reap-any, reaps-by-itself).
  Return,      ///< The return value.
  Argument,    ///< The value of argument Arg.
  OutArgument, ///< Argument Arg points at the handle the call writes.
  Object,      ///< The object a method is called on.
};

/// What kind of value a handle is.
enum class HandleType {
  Pid,    ///< A process id: < 0 failure, == 0 child side, > 0 the child.
  Stream, ///< A FILE * from popen: NULL failure.
  Object, ///< A C++ object or C struct that a library's calls take.
};

/// How a start says that no child was started.
enum class SuccessTest {
  Pid,        ///< The pid convention (fork): < 0 failed, == 0 child side.
  NonNull,    ///< A NULL result: no child.
  ZeroResult, ///< The result is an error code; 0 means started.
  TrueResult, ///< The result is false when no child was started.
  Throws,     ///< Failure throws: a returned handle is always a child.
};

/// A test on a constant argument.  A row whose conditions do not hold for
/// a call does not describe that call.
struct ArgCondition {
  enum class Test {
    HasFlags,   ///< All bits of Value are set.
    LacksFlags, ///< No bit of Value is set.
    Equals,
    NotEquals,
    AtMost,
    OneOf,
  };
  unsigned Arg = 0;
  /// The argument by its parameter's name instead (`flags`): the same row
  /// then fits overloads and versions that move it.
  std::string Param;
  Test Kind = Test::Equals;
  int64_t Value = 0;
  std::vector<int64_t> Values; ///< For OneOf.
  /// The outcome when the argument is not a constant.
  bool IfUnknown = false;
  /// The argument is a pointer: the test is on whether it is null (Value 0
  /// with Equals: a null pointer).
  bool Null = false;
};

/// A named quirk that fits no field, implemented beside the model.
enum class Quirk {
  None,
  SyscallNumber, ///< syscall(N, ...): a start only for SYS_fork and friends.
  CloneFlags,    ///< clone(): CLONE_THREAD or a NULL fn/stack start nothing.
};

/// What a call does to process groups and sessions, for
/// process-orphaned-descendants (its .rst says why each counts).
enum class GroupEffect {
  None,
  /// A start whose child leads a new session on a terminal (forkpty): the
  /// kernel hangs up the terminal's foreground group when it exits.
  TerminalSession,
  /// posix_spawn(): the attributes at GroupArg say (POSIX_SPAWN_SETPGROUP
  /// with process group 0, POSIX_SPAWN_SETSID).
  SpawnAttributes,
  /// The calling process leads a new process group (setpgrp).
  CallerLeadsGroup,
  /// The calling process leads a new session (setsid).
  CallerLeadsSession,
  /// The calling process leads a new session on a terminal (login_tty).
  CallerLeadsTerminal,
  /// The calling session leader takes a controlling terminal
  /// (ioctl(fd, TIOCSCTTY)).
  CallerTakesTerminal,
  /// setpgid(pid, pgid): pid 0 is the caller; pgid 0 or pid itself makes a
  /// new group that pid leads.
  SetPgid,
  /// A kill whose handle names a process group (killpg).
  SignalsGroup,
  /// A kill whose negative handle names a process group (kill).
  NegativeIsGroup,
};

/// How a call that starts a child waits for it itself (system(3)), for
/// process-reaper-conflict.
enum class InnerWait {
  None,
  Plain,          ///< It waits with waitpid(pid) as the caller would.
  SigchldBlocked, ///< It blocks SIGCHLD while it waits (POSIX system()).
};

/// What a call does to a signal set or to the signal mask, for
/// process-reaper-conflict's "SIGCHLD is blocked".
enum class SignalSetOp {
  None,
  Empty,  ///< sigemptyset(&set)
  Fill,   ///< sigfillset(&set)
  Add,    ///< sigaddset(&set, sig)
  Delete, ///< sigdelset(&set, sig)
  Mask,   ///< sigprocmask(how, &set, &old)
  Admit,  ///< Waits with a mask of its own (sigsuspend, pselect), or lets
          ///< the mask be put back (siglongjmp).
  Take,   ///< Takes a signal that is blocked and pending (sigwaitinfo,
          ///< signalfd): it admits it too, and sees it only while blocked.
};

/// One API: a function (possibly qualified, possibly a method) or a class.
struct ApiDescriptor {
  std::string Name;
  std::vector<std::string> Aliases; ///< Other spellings of the same API.
  ApiRole Role = ApiRole::Harmless;
  HandleSlot Handle = HandleSlot::None;
  int Arg = -1; ///< For Argument and OutArgument.
  /// The handle's parameter by name instead of Arg (`child_pid`).
  std::string Parameter;
  HandleType Type = HandleType::Pid;
  SuccessTest Success = SuccessTest::Pid;
  int ErrorArg = -1; ///< An error out-parameter (GError **), or -1.
  std::string ErrorParameter; ///< The same, by the parameter's name.
  /// All must hold for the row to describe the call.
  std::vector<ArgCondition> When;
  /// For a reap: all hold → it reaps every exited child instead.
  std::vector<ArgCondition> AnyWhen;
  /// For a reap-any: all hold → of every process group (waitpid(-1)).
  std::vector<ArgCondition> EveryWhen;
  /// For a reap: all hold → it only polls (WNOHANG, a zero timeout).
  std::vector<ArgCondition> PollWhen;
  /// For a poll: the result it gives while the child still runs.
  int64_t PendingResult = 0;
  /// The call returns another handle of the child at Arg (pidfd_open).
  bool Duplicates = false;
  Quirk Handler = Quirk::None;
  /// What it does to process groups; GroupArg is SpawnAttributes' argument.
  GroupEffect Group = GroupEffect::None;
  int GroupArg = -1;
  /// A start that waits for its own child (reaps-by-itself rows).
  InnerWait Inner = InnerWait::None;
  /// Where a wait writes the child's status (waitpid's `&status`), or -1.
  int StatusArg = -1;
  /// What it does to a signal set or the signal mask.
  SignalSetOp SignalSet = SignalSetOp::None;
  /// For a signal-install: a handler it installs runs once, and the
  /// disposition is SIG_DFL again when it does (System V's signal()).
  bool OneShot = false;
  /// Where the fact comes from (a manual page, a header, a source file).
  std::string Source;
};

/// What a C++ class's constructors and destructor do to the child.
struct ClassDescriptor {
  std::string Name;
  std::vector<std::string> Aliases;
  /// The API name diagnostics give a start (a typedef users write), or "".
  std::string ShownAs;
  enum class Ctor {
    None,         ///< No constructor starts a child (a handle type).
    Any,          ///< Every constructor but copy, move and default.
    Template,     ///< Constructor templates (Boost v1's variadic one).
    HasParameter, ///< Constructors with a parameter named CtorParameter.
  };
  Ctor Starts = Ctor::None;
  std::string CtorParameter;
  /// The destructor reaps an attached child (Boost: terminate and wait).
  bool DestructorReaps = false;
  /// The object reaps its child by itself (QProcess, GSubprocess).
  bool ReapsItself = false;
  /// A method returning false when no child was started (`valid`).
  std::string ValidMethod;
  std::string Source;
};

/// One model file: the APIs of one library.
struct ModelDescriptor {
  std::string Name;    ///< `glib`; what the Models option names.
  std::string Library; ///< The library and the versions described.
  /// Header path fragments (`glib/gspawn.h`): the rows describe only
  /// declarations made in such a header.  Empty: every declaration.
  std::vector<std::string> Headers;
  std::vector<ApiDescriptor> Functions;
  std::vector<ClassDescriptor> Classes;
  std::string File; ///< Where it was read from.
};

} // namespace reapcheck

#endif
