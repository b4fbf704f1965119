//===--- LspRewriter.cpp - reapcheck's edits to what clangd sends ---------===//

#include "LspRewriter.h"
#include "ClangdConfig.h"
#include "OptionErrors.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace reapcheck {

/// A file:// URI for an absolute path, escaped as clangd escapes them.
std::string uriOfPath(llvm::StringRef Path) {
  std::string URI = "file://";
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("-_.~/").contains(C)) {
      URI += static_cast<char>(C);
      continue;
    }
    URI += '%';
    URI += llvm::hexdigit(C >> 4);
    URI += llvm::hexdigit(C & 15);
  }
  return URI;
}

namespace json = llvm::json;

static const char CheckName[] = "process-unreaped-child";
static const char ConfigCode[] = "clang-tidy-config";
static const char LatencyWarning[] =
    "Latency of clang-tidy check 'process-unreaped-child' is not known.";

/// The path of a file:// URI, or nullopt for any other scheme.
static std::optional<std::string> pathOfURI(llvm::StringRef URI) {
  if (!URI.consume_front("file://"))
    return std::nullopt;
  std::string Path;
  for (size_t I = 0; I < URI.size(); ++I) {
    unsigned Byte;
    if (URI[I] == '%' && I + 2 < URI.size() &&
        !URI.substr(I + 1, 2).getAsInteger(16, Byte)) {
      Path += static_cast<char>(Byte);
      I += 2;
    } else {
      Path += URI[I];
    }
  }
  return Path;
}

/// clangd capitalises the first letter of every diagnostic message.
static std::string capitalized(llvm::StringRef Message) {
  std::string Text = Message.str();
  if (!Text.empty())
    Text[0] = llvm::toUpper(Text[0]);
  return Text;
}

static bool isOurs(const json::Object &Diag) {
  std::optional<llvm::StringRef> Code = Diag.getString("code");
  return Code && *Code == CheckName;
}

/// A configuration diagnostic about one of this check's options.
static bool isAboutOurOptions(const json::Object &Diag) {
  std::optional<llvm::StringRef> Code = Diag.getString("code");
  std::optional<llvm::StringRef> Message = Diag.getString("message");
  return Code && *Code == ConfigCode && Message &&
         Message->contains(std::string("'") + CheckName + ".");
}

/// The page of \p Code, another check of the module, beside \p Page
/// (process-unreaped-child's, built, installed or the .rst source): the
/// pages of docs/process/ sit together wherever they are.
static std::optional<std::string> siblingPage(llvm::StringRef Page,
                                              llvm::StringRef Code) {
  static const char *const Others[] = {"process-orphaned-descendants",
                                       "process-reaper-conflict"};
  llvm::StringRef Own = llvm::StringRef(CheckName).drop_front(8);
  size_t At = Page.rfind(Own);
  if (At == llvm::StringRef::npos || !llvm::is_contained(Others, Code))
    return std::nullopt;
  return (Page.take_front(At) + Code.drop_front(8) +
          Page.drop_front(At + Own.size()))
      .str();
}

/// Points the documentation link of this check's diagnostics at our page,
/// and that of errors in its options at the page's Options section (clangd
/// 22 links those to a clang.llvm.org page that does not exist either).
static bool linkDocumentation(json::Array &Diags,
                              const RewriteSettings &Settings) {
  const std::string &Page = Settings.DocumentationURL;
  if (Page.empty())
    return false;
  const std::string OptionsSection =
      llvm::StringRef(Page).ends_with(".html") ? Page + "#options" : Page;
  bool Changed = false;
  for (json::Value &Value : Diags) {
    json::Object *Diag = Value.getAsObject();
    if (!Diag)
      continue;
    std::optional<llvm::StringRef> Code = Diag->getString("code");
    if (isOurs(*Diag))
      (*Diag)["codeDescription"] = json::Object{{"href", Page}};
    else if (auto Sibling = Code ? siblingPage(Page, *Code) : std::nullopt)
      (*Diag)["codeDescription"] = json::Object{{"href", *Sibling}};
    else if (isAboutOurOptions(*Diag))
      (*Diag)["codeDescription"] = json::Object{{"href", OptionsSection}};
    else
      continue;
    Changed = true;
  }
  return Changed;
}

static json::Object topOfFile() {
  json::Object Start{{"line", 0}, {"character", 0}};
  json::Object End = Start;
  return json::Object{{"start", std::move(Start)}, {"end", std::move(End)}};
}

/// Adds the check's configuration problems for a source file, except those
/// clangd published itself (clangd 22 does).
static bool addConfigProblems(llvm::StringRef Path, json::Array &Diags,
                              const RewriteSettings &Settings) {
  llvm::StringSet<> Published;
  for (const json::Value &Value : Diags) {
    const json::Object *Diag = Value.getAsObject();
    std::optional<llvm::StringRef> Code =
        Diag ? Diag->getString("code") : std::nullopt;
    std::optional<llvm::StringRef> Message =
        Diag ? Diag->getString("message") : std::nullopt;
    if (Code && *Code == ConfigCode && Message)
      Published.insert(*Message);
  }
  bool Changed = false;
  for (const ConfigProblem &Problem :
       checkConfigProblems(Path, Settings.UserConfigPath)) {
    std::string Message = capitalized(Problem.Message);
    if (Published.contains(Message))
      continue;
    Diags.push_back(json::Object{{"range", topOfFile()},
                                 {"severity", Problem.IsError ? 1 : 2},
                                 {"source", "clang-tidy"},
                                 {"code", ConfigCode},
                                 {"message", std::move(Message)}});
    Changed = true;
  }
  return Changed;
}

/// True when clangd runs checks of unknown latency: the user's config sets
/// Loose or None, or sets nothing and our default (Loose) is in place.
static bool unknownLatencyRuns(const RewriteSettings &Settings) {
  if (Settings.CombinedConfigPath.empty())
    return false; // our default is not in place: clangd's Strict is
  std::optional<std::string> Filter =
      readClangdConfigFile(Settings.UserConfigPath).FastCheckFilter;
  return !Filter || *Filter == "Loose" || *Filter == "None";
}

/// Drops clangd's "only runs if FastCheckFilter is Loose" warning about this
/// check when the filter in force lets it run.
static bool dropNeedlessLatencyWarning(json::Array &Diags,
                                       const RewriteSettings &Settings) {
  auto Needless = [&](const json::Value &Value) {
    const json::Object *Diag = Value.getAsObject();
    std::optional<llvm::StringRef> Message =
        Diag ? Diag->getString("message") : std::nullopt;
    return Message && Message->starts_with(LatencyWarning);
  };
  if (llvm::none_of(Diags, Needless) || !unknownLatencyRuns(Settings))
    return false;
  json::Array Kept;
  for (json::Value &Value : Diags)
    if (!Needless(Value))
      Kept.push_back(std::move(Value));
  Diags = std::move(Kept);
  return true;
}

/// Diagnostics of the combined user config belong to the user's own file,
/// whose lines start further up.
static bool moveToUserConfig(json::Object &Params, json::Array &Diags,
                             const RewriteSettings &Settings) {
  Params["uri"] = uriOfPath(Settings.UserConfigPath);
  for (json::Value &Value : Diags) {
    json::Object *Diag = Value.getAsObject();
    json::Object *Range = Diag ? Diag->getObject("range") : nullptr;
    if (!Range)
      continue;
    for (const char *End : {"start", "end"}) {
      json::Object *Position = Range->getObject(End);
      std::optional<int64_t> Line =
          Position ? Position->getInteger("line") : std::nullopt;
      if (Line)
        (*Position)["line"] =
            std::max<int64_t>(0, *Line - Settings.CombinedConfigShift);
    }
  }
  return true;
}

static bool isClangdConfig(llvm::StringRef Path,
                           const RewriteSettings &Settings) {
  return llvm::sys::path::filename(Path) == ".clangd" ||
         Path == Settings.CombinedConfigPath || Path == Settings.UserConfigPath;
}

std::optional<std::string> rewriteOutgoing(llvm::StringRef Body,
                                           const RewriteSettings &Settings) {
  if (!Body.contains("\"textDocument/publishDiagnostics\""))
    return std::nullopt;
  llvm::Expected<json::Value> Message = json::parse(Body);
  if (!Message) {
    llvm::consumeError(Message.takeError());
    return std::nullopt;
  }
  json::Object *Object = Message->getAsObject();
  json::Object *Params = Object ? Object->getObject("params") : nullptr;
  if (!Params ||
      Object->getString("method") != "textDocument/publishDiagnostics")
    return std::nullopt;
  std::optional<llvm::StringRef> URI = Params->getString("uri");
  json::Array *Diags = Params->getArray("diagnostics");
  std::optional<std::string> Path = URI ? pathOfURI(*URI) : std::nullopt;
  if (!Path || !Diags)
    return std::nullopt;

  bool Changed = false;
  if (isClangdConfig(*Path, Settings)) {
    Changed |= dropNeedlessLatencyWarning(*Diags, Settings);
    if (!Settings.CombinedConfigPath.empty() &&
        *Path == Settings.CombinedConfigPath)
      Changed |= moveToUserConfig(*Params, *Diags, Settings);
  } else {
    Changed |= addConfigProblems(*Path, *Diags, Settings);
    Changed |= linkDocumentation(*Diags, Settings);
  }
  if (!Changed)
    return std::nullopt;
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << json::Value(std::move(*Message));
  OS.flush();
  return Text;
}

static bool writeAll(int Fd, llvm::StringRef Data) {
  while (!Data.empty()) {
    ssize_t N = ::write(Fd, Data.data(), Data.size());
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Data = Data.drop_front(N);
  }
  return true;
}

static const char LengthHeader[] = "content-length:";

/// Splits the next complete LSP message off the front of Buffer into Body.
/// Returns false when more bytes are needed.  Bytes that do not start an
/// LSP header are handed to Raw instead (a non-LSP mode of clangd).
static bool nextMessage(std::string &Buffer, std::string &Body,
                        std::string &Raw) {
  Body.clear();
  Raw.clear();
  llvm::StringRef Rest(Buffer);
  size_t HeaderLen = sizeof(LengthHeader) - 1;
  if (Rest.size() < HeaderLen)
    return false;
  if (!Rest.take_front(HeaderLen).equals_insensitive(LengthHeader)) {
    // Everything up to the next header (or all of it) is not ours to edit.
    size_t Next = llvm::StringRef(Buffer).lower().find(LengthHeader, 1);
    size_t Take = Next == std::string::npos ? Buffer.size() : Next;
    Raw = Buffer.substr(0, Take);
    Buffer.erase(0, Take);
    return true;
  }
  size_t HeadersEnd = Rest.find("\r\n\r\n");
  if (HeadersEnd == llvm::StringRef::npos)
    return false;
  size_t Length = 0;
  llvm::SmallVector<llvm::StringRef, 4> Lines;
  Rest.take_front(HeadersEnd).split(Lines, "\r\n");
  for (llvm::StringRef Line : Lines) {
    auto [Name, Value] = Line.split(':');
    if (Name.trim().equals_insensitive("content-length"))
      Value.trim().getAsInteger(10, Length);
  }
  size_t Start = HeadersEnd + 4;
  if (Buffer.size() < Start + Length)
    return false;
  Body = Buffer.substr(Start, Length);
  Buffer.erase(0, Start + Length);
  return true;
}

void StdoutFilter::copyLoop(int From, int To) {
  std::string Buffer, Body, Raw;
  char Chunk[1 << 16];
  bool Open = true;
  while (Open) {
    ssize_t N = ::read(From, Chunk, sizeof(Chunk));
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      break;
    Buffer.append(Chunk, N);
    while (Open && nextMessage(Buffer, Body, Raw)) {
      if (!Raw.empty()) {
        Open = writeAll(To, Raw);
        continue;
      }
      std::optional<std::string> Edited = rewriteOutgoing(Body, Settings);
      const std::string &Out = Edited ? *Edited : Body;
      std::string Header =
          "Content-Length: " + std::to_string(Out.size()) + "\r\n\r\n";
      Open = writeAll(To, Header) && writeAll(To, Out);
    }
  }
  if (Open && !Buffer.empty())
    writeAll(To, Buffer);
  ::close(From);
}

bool StdoutFilter::start() {
  int Pipe[2];
  if (::pipe(Pipe) != 0)
    return false;
  RealStdout = ::dup(STDOUT_FILENO);
  if (RealStdout < 0 || ::dup2(Pipe[1], STDOUT_FILENO) < 0) {
    if (RealStdout >= 0)
      ::close(RealStdout);
    ::close(Pipe[0]);
    ::close(Pipe[1]);
    RealStdout = -1;
    return false;
  }
  ::close(Pipe[1]);
  // Processes clangd starts (compilers it queries) must not hold these.
  ::fcntl(RealStdout, F_SETFD, FD_CLOEXEC);
  ::fcntl(Pipe[0], F_SETFD, FD_CLOEXEC);
  Copier = std::thread([this, From = Pipe[0]] { copyLoop(From, RealStdout); });
  return true;
}

void StdoutFilter::finish() {
  if (!Copier.joinable())
    return;
  llvm::outs().flush();
  // Replacing fd 1 closes the pipe's last write end: the copier sees the
  // end of the stream after the last message.
  int Null = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (Null >= 0) {
    ::dup2(Null, STDOUT_FILENO);
    ::close(Null);
  }
  Copier.join();
  ::close(RealStdout);
}

} // namespace reapcheck
