//===--- CompileModels.cpp - The built-in models as C++ tables ------------===//
//
// reapcheck-compile-models DIR OUT
//
// Reads every DIR/*.yaml with the check's own reader (ModelFile.cpp) and
// writes OUT, a C++ file whose builtinModels() builds the same descriptors
// without a YAML parse at run time (that parse cost every clang-tidy
// process about 3 ms; docs/performance.md).  A model file that cannot be
// read fails the build with FILE:LINE:COLUMN.  OUT.d names the files read,
// for the build tool to watch.
//
// Each descriptor is taken apart with a structured binding that names every
// field: a field added to ApiDescriptor.h and not written here is a compile
// error, not a built-in model that silently lost it.
//
//===----------------------------------------------------------------------===//

#include "model/ModelFile.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <type_traits>

using namespace reapcheck;

namespace {

/// Writes C++ statements that rebuild descriptors.
class Emitter {
public:
  explicit Emitter(llvm::raw_ostream &OS) : OS(OS) {}

  void model(const ModelDescriptor &M, unsigned Index);

private:
  llvm::raw_ostream &OS;
  /// Of the statements field() writes: a model's, a row's, a condition's.
  llvm::StringRef Indent = "  ";

  void value(const std::string &S) {
    OS << '"';
    OS.write_escaped(S);
    OS << '"';
  }
  void value(bool B) { OS << (B ? "true" : "false"); }
  void value(unsigned N) { OS << N << "u"; }
  void value(int N) { OS << N; }
  void value(int64_t N) { OS << "int64_t(" << N << "LL)"; }
  template <typename T> void value(const std::vector<T> &Items) {
    OS << "{";
    llvm::interleave(
        Items, OS, [&](const T &Item) { value(Item); }, ", ");
    OS << "}";
  }

  /// `Lhs = V;` when V is not the field's default.
  template <typename T>
  void field(llvm::StringRef Lhs, const T &V, const T &Default) {
    if (V == Default)
      return;
    OS << Indent << Lhs << " = ";
    if constexpr (std::is_enum_v<T>)
      OS << "decltype(" << Lhs << ")("
         << static_cast<std::underlying_type_t<T>>(V) << ")";
    else
      value(V);
    OS << ";\n";
  }

  void conditions(llvm::StringRef Into, const std::vector<ArgCondition> &Cs);
  void function(const ApiDescriptor &Row);
  void klass(const ClassDescriptor &Class);
};

void Emitter::conditions(llvm::StringRef Into,
                         const std::vector<ArgCondition> &Cs) {
  static const ArgCondition D;
  for (const ArgCondition &C : Cs) {
    const auto &[Arg, Param, Kind, Value, Values, IfUnknown, Null] = C;
    OS << "    {\n      ArgCondition C;\n";
    Indent = "      ";
    field("C.Arg", Arg, D.Arg);
    field("C.Param", Param, D.Param);
    field("C.Kind", Kind, D.Kind);
    field("C.Value", Value, D.Value);
    field("C.Values", Values, D.Values);
    field("C.IfUnknown", IfUnknown, D.IfUnknown);
    field("C.Null", Null, D.Null);
    OS << "      R." << Into << ".push_back(std::move(C));\n    }\n";
    Indent = "    ";
  }
}

void Emitter::function(const ApiDescriptor &Row) {
  static const ApiDescriptor D;
  const auto &[Name, Aliases, Role, Handle, Arg, Parameter, Type, Success,
               ErrorArg, ErrorParameter, When, AnyWhen, EveryWhen, PollWhen,
               PendingResult, Duplicates, Handler, Group, GroupArg, Inner,
               StatusArg, SignalSet, OneShot, Source] = Row;
  OS << "  {\n    ApiDescriptor R;\n";
  Indent = "    ";
  field("R.Name", Name, D.Name);
  field("R.Aliases", Aliases, D.Aliases);
  field("R.Role", Role, D.Role);
  field("R.Handle", Handle, D.Handle);
  field("R.Arg", Arg, D.Arg);
  field("R.Parameter", Parameter, D.Parameter);
  field("R.Type", Type, D.Type);
  field("R.Success", Success, D.Success);
  field("R.ErrorArg", ErrorArg, D.ErrorArg);
  field("R.ErrorParameter", ErrorParameter, D.ErrorParameter);
  conditions("When", When);
  conditions("AnyWhen", AnyWhen);
  conditions("EveryWhen", EveryWhen);
  conditions("PollWhen", PollWhen);
  field("R.PendingResult", PendingResult, D.PendingResult);
  field("R.Duplicates", Duplicates, D.Duplicates);
  field("R.Handler", Handler, D.Handler);
  field("R.Group", Group, D.Group);
  field("R.GroupArg", GroupArg, D.GroupArg);
  field("R.Inner", Inner, D.Inner);
  field("R.StatusArg", StatusArg, D.StatusArg);
  field("R.SignalSet", SignalSet, D.SignalSet);
  field("R.OneShot", OneShot, D.OneShot);
  field("R.Source", Source, D.Source);
  OS << "    M.Functions.push_back(std::move(R));\n  }\n";
}

void Emitter::klass(const ClassDescriptor &Class) {
  static const ClassDescriptor D;
  const auto &[Name, Aliases, ShownAs, Starts, CtorParameter, DestructorReaps,
               ReapsItself, ValidMethod, Source] = Class;
  OS << "  {\n    ClassDescriptor R;\n";
  Indent = "    ";
  field("R.Name", Name, D.Name);
  field("R.Aliases", Aliases, D.Aliases);
  field("R.ShownAs", ShownAs, D.ShownAs);
  field("R.Starts", Starts, D.Starts);
  field("R.CtorParameter", CtorParameter, D.CtorParameter);
  field("R.DestructorReaps", DestructorReaps, D.DestructorReaps);
  field("R.ReapsItself", ReapsItself, D.ReapsItself);
  field("R.ValidMethod", ValidMethod, D.ValidMethod);
  field("R.Source", Source, D.Source);
  OS << "    M.Classes.push_back(std::move(R));\n  }\n";
}

void Emitter::model(const ModelDescriptor &Model, unsigned Index) {
  static const ModelDescriptor D;
  const auto &[Name, Library, Headers, Functions, Classes, File] = Model;
  OS << "// " << File << "\n";
  OS << "static ModelDescriptor reapcheckBuiltinModel" << Index << "() {\n";
  OS << "  ModelDescriptor M;\n";
  Indent = "  ";
  field("M.Name", Name, D.Name);
  field("M.Library", Library, D.Library);
  field("M.Headers", Headers, D.Headers);
  field("M.File", File, D.File);
  OS << "  M.Functions.reserve(" << Functions.size() << ");\n";
  for (const ApiDescriptor &Row : Functions)
    function(Row);
  for (const ClassDescriptor &Class : Classes)
    klass(Class);
  OS << "  return M;\n}\n\n";
}

/// DIR/*.yaml, sorted.
std::vector<std::string> modelFiles(llvm::StringRef Dir, std::string &Error) {
  std::vector<std::string> Files;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    if (llvm::sys::path::extension(It->path()) == ".yaml")
      Files.push_back(It->path());
  if (EC)
    Error = Dir.str() + ": " + EC.message();
  std::sort(Files.begin(), Files.end());
  return Files;
}

bool writeFile(llvm::StringRef Path, llvm::StringRef Text) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC) {
    llvm::errs() << "error: " << Path << ": " << EC.message() << "\n";
    return false;
  }
  OS << Text;
  return true;
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc != 3) {
    llvm::errs() << "usage: reapcheck-compile-models MODELS_DIR OUT.cpp\n";
    return 2;
  }
  std::string Error;
  std::vector<std::string> Files = modelFiles(Argv[1], Error);
  if (!Error.empty() || Files.empty()) {
    llvm::errs() << "error: " << (Error.empty() ? "no model files in " : "")
                 << (Error.empty() ? Argv[1] : Error) << "\n";
    return 1;
  }
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << "// Generated from models/*.yaml by reapcheck-compile-models "
        "(tools/models); do not edit.\n"
     << "#include \"model/ModelFile.h\"\n\nusing namespace reapcheck;\n\n";
  Emitter Emit(OS);
  for (unsigned I = 0; I < Files.size(); ++I) {
    ModelDescriptor M;
    if (auto Problem = readModelFile(Files[I], M)) {
      llvm::errs() << "error: " << *Problem << "\n";
      return 1;
    }
    M.File = ("models/" + llvm::sys::path::filename(Files[I])).str();
    Emit.model(M, I);
  }
  OS << "const std::vector<ModelDescriptor> &reapcheck::builtinModels() {\n"
     << "  static const std::vector<ModelDescriptor> Models = [] {\n"
     << "    std::vector<ModelDescriptor> All;\n";
  for (unsigned I = 0; I < Files.size(); ++I)
    OS << "    All.push_back(reapcheckBuiltinModel" << I << "());\n";
  OS << "    return All;\n  }();\n  return Models;\n}\n";
  // The depfile: the files read, for the build tool to watch.
  std::string Deps = std::string(Argv[2]) + ":";
  for (const std::string &File : Files) {
    std::string Escaped;
    for (char C : File)
      Escaped += C == ' ' ? std::string("\\ ") : std::string(1, C);
    Deps += " \\\n  " + Escaped;
  }
  Deps += "\n";
  return writeFile(Argv[2], OS.str()) &&
                 writeFile(std::string(Argv[2]) + ".d", Deps)
             ? 0
             : 1;
}
