//===--- ModelFile.cpp - Reading process API models from YAML -------------===//

#include "model/ModelFile.h"
#include "model/ModelFileWords.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

using namespace reapcheck;
using llvm::yaml::IO;

LLVM_YAML_IS_SEQUENCE_VECTOR(reapcheck::ArgCondition)
LLVM_YAML_IS_SEQUENCE_VECTOR(reapcheck::ApiDescriptor)
LLVM_YAML_IS_SEQUENCE_VECTOR(reapcheck::ClassDescriptor)

namespace {
/// A method row: its handle defaults to the object.  A type of its own,
/// not a mapping context: LLVM 14's YAML I/O validates a context-mapped
/// type with the traits of the plain type.
struct MethodEntry {
  ApiDescriptor Row;
};
/// A class as the file spells it: its methods are rows of their own.
struct ClassEntry {
  ClassDescriptor Class;
  std::vector<MethodEntry> Methods;
};
/// What a model file holds, before the methods are qualified.
struct ModelFileEntry {
  ModelDescriptor Model;
  std::vector<ClassEntry> Classes;
};
} // namespace
LLVM_YAML_IS_SEQUENCE_VECTOR(MethodEntry)
LLVM_YAML_IS_SEQUENCE_VECTOR(ClassEntry)

namespace llvm {
namespace yaml {

/// `{arg: 3, has-flags: 2}`: exactly one test key besides `arg` and
/// `unknown`.
template <> struct MappingTraits<ArgCondition> {
  static void mapping(IO &Io, ArgCondition &C) {
    // The keys the file gives, read first: YAML I/O lists a key probed by
    // mapOptional among them afterwards.
    std::vector<StringRef> Keys = Io.keys();
    Io.mapOptional("arg", C.Arg, 0u);
    Io.mapOptional("param", C.Param);
    Io.mapOptional("unknown", C.IfUnknown, false);
    using T = ArgCondition::Test;
    static const std::pair<const char *, T> Tests[] = {
        {"has-flags", T::HasFlags}, {"lacks-flags", T::LacksFlags},
        {"equals", T::Equals},      {"not-equals", T::NotEquals},
        {"at-most", T::AtMost},     {"one-of", T::OneOf}};
    unsigned Found = 0;
    for (StringRef Key : Keys) {
      if (Key == "is-null" || Key == "not-null") {
        ++Found;
        C.Null = true;
        // `is-null: true` and `not-null: false` test for a null pointer.
        bool Value = true;
        Io.mapRequired(Key == "is-null" ? "is-null" : "not-null", Value);
        C.Kind = (Key == "is-null") == Value ? T::Equals : T::NotEquals;
        continue;
      }
      for (const auto &[Name, Kind] : Tests) {
        if (Key != Name)
          continue;
        ++Found;
        C.Kind = Kind;
        if (Kind == T::OneOf)
          Io.mapRequired(Name, C.Values);
        else
          Io.mapRequired(Name, C.Value);
      }
    }
    bool HasArg = llvm::is_contained(Keys, StringRef("arg"));
    bool HasParam = llvm::is_contained(Keys, StringRef("param"));
    if (HasArg == HasParam)
      Io.setError("a condition names its argument with exactly one of 'arg' "
                  "and 'param'");
    else if (Found != 1)
      Io.setError("a condition needs exactly one test of has-flags, "
                  "lacks-flags, equals, not-equals, at-most, one-of, is-null "
                  "or not-null");
  }
};

/// True for the roles that act on one child's handle, which they need.
static bool actsOnHandle(ApiRole Role) {
  switch (Role) {
  case ApiRole::Reap:
  case ApiRole::Poll:
  case ApiRole::Kill:
  case ApiRole::HandOff:
  case ApiRole::Detach:
  case ApiRole::CloseStream:
    return true;
  default:
    return false;
  }
}

/// The handle a row has when the file does not say.
static HandleSlot defaultHandle(ApiRole Role, bool Method) {
  if (Role == ApiRole::Start)
    return HandleSlot::Return;
  if (Role == ApiRole::ThreadStart)
    return HandleSlot::Argument;
  if (Method)
    return HandleSlot::Object;
  return actsOnHandle(Role) ? HandleSlot::Argument : HandleSlot::None;
}

static SuccessTest defaultSuccess(HandleType Type) {
  switch (Type) {
  case HandleType::Pid:
    return SuccessTest::Pid;
  case HandleType::Stream:
    return SuccessTest::NonNull;
  case HandleType::Object:
    return SuccessTest::Throws;
  }
  return SuccessTest::Pid;
}

static void mapRow(IO &Io, ApiDescriptor &R, bool Method) {
  Io.mapRequired("name", R.Name);
  Io.mapOptional("aliases", R.Aliases);
  Io.mapRequired("role", R.Role);
  Io.mapOptional("handle", R.Handle, defaultHandle(R.Role, Method));
  Io.mapOptional("parameter", R.Parameter);
  int DefaultArg = (R.Handle == HandleSlot::Argument ||
                    R.Handle == HandleSlot::OutArgument) &&
                           R.Parameter.empty()
                       ? 0
                       : -1;
  Io.mapOptional("arg", R.Arg, DefaultArg);
  Io.mapOptional("type", R.Type,
                 R.Handle == HandleSlot::Object ? HandleType::Object
                                                : HandleType::Pid);
  Io.mapOptional("success", R.Success, defaultSuccess(R.Type));
  Io.mapOptional("error-arg", R.ErrorArg, -1);
  Io.mapOptional("error-parameter", R.ErrorParameter);
  Io.mapOptional("when", R.When);
  Io.mapOptional("any-when", R.AnyWhen);
  Io.mapOptional("every-when", R.EveryWhen);
  Io.mapOptional("poll-when", R.PollWhen);
  Io.mapOptional("pending-result", R.PendingResult, int64_t(0));
  Io.mapOptional("duplicates", R.Duplicates, false);
  Io.mapOptional("handler", R.Handler, Quirk::None);
  Io.mapOptional("group", R.Group, GroupEffect::None);
  Io.mapOptional("group-arg", R.GroupArg, -1);
  Io.mapOptional("inner-wait", R.Inner, InnerWait::None);
  Io.mapOptional("status-arg", R.StatusArg, -1);
  Io.mapOptional("sigset", R.SignalSet, SignalSetOp::None);
  Io.mapOptional("one-shot", R.OneShot, false);
  Io.mapOptional("source", R.Source);
}

/// What is wrong with a row's `group` and `group-arg`, or null.
static const char *groupProblem(const ApiDescriptor &R) {
  if ((R.Group == GroupEffect::SpawnAttributes) != (R.GroupArg != -1))
    return "'group-arg' comes with 'group: spawn-attributes', and only "
           "with it";
  if (R.GroupArg < -1 || R.GroupArg > 64)
    return "'group-arg' must be an argument index from 0 to 64";
  if ((R.Group == GroupEffect::TerminalSession ||
       R.Group == GroupEffect::SpawnAttributes) &&
      R.Role != ApiRole::Start)
    return "this 'group' is for a 'start'";
  if ((R.Group == GroupEffect::SignalsGroup ||
       R.Group == GroupEffect::NegativeIsGroup) &&
      R.Role != ApiRole::Kill)
    return "this 'group' is for a 'kill'";
  return nullptr;
}

/// What is wrong with a row's process-reaper-conflict fields, or null.
static const char *waitProblem(const ApiDescriptor &R) {
  if (R.Inner != InnerWait::None && R.Role != ApiRole::ReapsItself)
    return "'inner-wait' is for a 'reaps-by-itself'";
  if (R.StatusArg < -1 || R.StatusArg > 64)
    return "'status-arg' must be an argument index from 0 to 64";
  if (R.StatusArg != -1 && R.Role != ApiRole::Reap && R.Role != ApiRole::Poll &&
      R.Inner == InnerWait::None)
    return "'status-arg' is for a 'reap', a 'poll' or a row with "
           "'inner-wait'";
  if (R.SignalSet != SignalSetOp::None && R.Role != ApiRole::Harmless)
    return "'sigset' is for a 'harmless'";
  if (R.OneShot && R.Role != ApiRole::SignalInstall)
    return "'one-shot' is for a 'signal-install'";
  return nullptr;
}

/// What is wrong with a row's handle for its role, or null.
static const char *handleProblem(const ApiDescriptor &R) {
  if (R.Role == ApiRole::Start && R.Handle != HandleSlot::Return &&
      R.Handle != HandleSlot::OutArgument)
    return "a 'start' needs handle 'return' or 'out-argument'";
  if (R.Role == ApiRole::ThreadStart && R.Handle != HandleSlot::Argument)
    return "a 'thread-start' needs handle 'argument': the start routine";
  if (actsOnHandle(R.Role) &&
      (R.Handle == HandleSlot::None || R.Handle == HandleSlot::Return))
    return "this role needs a handle: 'argument', 'out-argument' or "
           "'object'";
  return nullptr;
}

/// What is wrong with a row whose fields each parsed, or "".
static std::string rowProblem(const ApiDescriptor &R, bool Method) {
  if (R.Name.empty())
    return "'name' is empty";
  bool HasArg = R.Handle == HandleSlot::Argument ||
                R.Handle == HandleSlot::OutArgument;
  if (!R.Parameter.empty() && (!HasArg || R.Arg != -1))
    return "'parameter' names the handle of an 'argument' or "
           "'out-argument' handle, instead of 'arg'";
  if (HasArg && R.Parameter.empty() && (R.Arg < 0 || R.Arg > 64))
    return "'arg' must be an argument index from 0 to 64";
  if (!HasArg && R.Arg != -1)
    return "'arg' is only for handle 'argument' or 'out-argument'";
  if (!R.ErrorParameter.empty() && R.ErrorArg != -1)
    return "give 'error-arg' or 'error-parameter', not both";
  if (R.Handle == HandleSlot::Object && !Method)
    return "handle 'object' is for the methods of a class";
  if (const char *Problem = handleProblem(R))
    return Problem;
  if (!R.AnyWhen.empty() && R.Role != ApiRole::Reap)
    return "'any-when' is for a 'reap'";
  if (const char *Problem = groupProblem(R))
    return Problem;
  if (const char *Problem = waitProblem(R))
    return Problem;
  if (!R.EveryWhen.empty() && R.Role != ApiRole::Reap &&
      R.Role != ApiRole::ReapAny)
    return "'every-when' is for a 'reap' or a 'reap-any'";
  if (!R.PollWhen.empty() && R.Role != ApiRole::Reap &&
      R.Role != ApiRole::ReapAny)
    return "'poll-when' is for a 'reap' or a 'reap-any'";
  if (R.PendingResult != 0 && R.Role != ApiRole::Poll && R.PollWhen.empty())
    return "'pending-result' is for a 'poll' or a row with 'poll-when'";
  if (R.Type == HandleType::Stream && R.Success != SuccessTest::NonNull &&
      R.Role == ApiRole::Start)
    return "a 'stream' start fails with a NULL result ('success: non-null')";
  if (R.Success == SuccessTest::Pid && R.Type != HandleType::Pid &&
      R.Role == ApiRole::Start)
    return "'success: pid' is for a handle of type 'pid'";
  if (R.ErrorArg < -1 || R.ErrorArg > 64)
    return "'error-arg' must be an argument index from 0 to 64";
  return "";
}

template <> struct MappingTraits<ApiDescriptor> {
  static void mapping(IO &Io, ApiDescriptor &R) { mapRow(Io, R, false); }
  static std::string validate(IO &, ApiDescriptor &R) {
    return rowProblem(R, false);
  }
};

template <> struct MappingTraits<MethodEntry> {
  static void mapping(IO &Io, MethodEntry &M) { mapRow(Io, M.Row, true); }
  static std::string validate(IO &, MethodEntry &M) {
    return rowProblem(M.Row, true);
  }
};

template <> struct MappingTraits<ClassEntry> {
  static void mapping(IO &Io, ClassEntry &E) {
    ClassDescriptor &C = E.Class;
    Io.mapRequired("name", C.Name);
    Io.mapOptional("aliases", C.Aliases);
    Io.mapOptional("shown-as", C.ShownAs);
    Io.mapOptional("constructor", C.Starts, ClassDescriptor::Ctor::None);
    Io.mapOptional("constructor-parameter", C.CtorParameter);
    std::string Destructor = "nothing";
    Io.mapOptional("destructor", Destructor, std::string("nothing"));
    if (Destructor != "nothing" && Destructor != "reap")
      Io.setError("'destructor' must be 'reap' or 'nothing'");
    C.DestructorReaps = Destructor == "reap";
    Io.mapOptional("reaps-itself", C.ReapsItself, false);
    Io.mapOptional("valid-method", C.ValidMethod);
    Io.mapOptional("source", C.Source);
    Io.mapOptional("methods", E.Methods);
  }
  static std::string validate(IO &, ClassEntry &E) {
    const ClassDescriptor &C = E.Class;
    if (C.Name.empty())
      return "'name' is empty";
    if ((C.Starts == ClassDescriptor::Ctor::HasParameter) !=
        !C.CtorParameter.empty())
      return "'constructor-parameter' goes with 'constructor: has-parameter'";
    return "";
  }
};

template <> struct MappingTraits<ModelFileEntry> {
  static void mapping(IO &Io, ModelFileEntry &F) {
    ModelDescriptor &M = F.Model;
    Io.mapRequired("model", M.Name);
    Io.mapRequired("library", M.Library);
    Io.mapOptional("headers", M.Headers);
    Io.mapOptional("functions", M.Functions);
    Io.mapOptional("classes", F.Classes);
  }
  static std::string validate(IO &, ModelFileEntry &F) {
    if (F.Model.Name.empty())
      return "'model' is empty";
    return "";
  }
};

} // namespace yaml
} // namespace llvm

namespace {
/// The first diagnostic YAML I/O gives, as FILE:LINE:COLUMN: message.
struct FirstError {
  std::string Text;
  static void handle(const llvm::SMDiagnostic &D, void *Context) {
    auto *Self = static_cast<FirstError *>(Context);
    if (!Self->Text.empty())
      return;
    llvm::raw_string_ostream OS(Self->Text);
    OS << D.getFilename() << ":" << D.getLineNo() << ":"
       << (D.getColumnNo() + 1) << ": " << D.getMessage();
  }
};
} // namespace

std::optional<std::string> reapcheck::parseModel(llvm::StringRef Text,
                                                 llvm::StringRef FileName,
                                                 ModelDescriptor &Out) {
  FirstError Error;
  ModelFileEntry File;
  llvm::yaml::Input In(llvm::MemoryBufferRef(Text, FileName), nullptr,
                       &FirstError::handle, &Error);
  In >> File;
  if (In.error()) {
    if (Error.Text.empty())
      Error.Text = FileName.str() + ":1:1: not a model file";
    return Error.Text;
  }
  Out = std::move(File.Model);
  Out.File = FileName.str();
  for (ClassEntry &Entry : File.Classes) {
    for (MethodEntry &Method : Entry.Methods) {
      Method.Row.Name = Entry.Class.Name + "::" + Method.Row.Name;
      Out.Functions.push_back(std::move(Method.Row));
    }
    Out.Classes.push_back(std::move(Entry.Class));
  }
  return std::nullopt;
}

std::optional<std::string> reapcheck::readModelFile(llvm::StringRef Path,
                                                    ModelDescriptor &Out) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return Path.str() + ": cannot read the model file: " +
           Buffer.getError().message();
  return parseModel((*Buffer)->getBuffer(), Path, Out);
}
