//===--- ProjectFacts.cpp - What other files of the program do ------------===//

#include "facts/ProjectFacts.h"
#include "facts/FactsFile.h"
#include "facts/FactsWords.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Index/USRGeneration.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MD5.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace reapcheck {

std::string usrOf(const Decl *D) {
  llvm::SmallString<128> Buf;
  if (!D || index::generateUSRForDecl(D, Buf))
    return "";
  return std::string(Buf);
}

//===----------------------------------------------------------------------===//
// Reading.
//===----------------------------------------------------------------------===//

/// A function's facts about the process groups of what its parameters
/// name: `spawn_attr_params` (`[index, flags, other_group]`) and
/// `pid_group_params` (`[index, "leads" or "joins"]`); malformed rows are
/// skipped.
static void readGroupParams(const llvm::json::Object &O, FunctionFacts &F) {
  if (const auto *Spawns = O.getArray("spawn_attr_params"))
    for (const llvm::json::Value &P : *Spawns)
      if (const auto *Row = P.getAsArray(); Row && Row->size() == 3) {
        auto Index = (*Row)[0].getAsInteger();
        auto Flags = (*Row)[1].getAsInteger();
        auto Other = (*Row)[2].getAsBoolean();
        if (Index && Flags && Other && *Index >= 0) {
          SpawnAttrs &Attrs = F.SpawnAttrParams[static_cast<unsigned>(*Index)];
          Attrs.Flags = *Flags;
          Attrs.OtherGroup = *Other;
        }
      }
  if (const auto *Groups = O.getArray("pid_group_params"))
    for (const llvm::json::Value &P : *Groups)
      if (const auto *Row = P.getAsArray(); Row && Row->size() == 2) {
        auto Index = (*Row)[0].getAsInteger();
        auto Word = (*Row)[1].getAsString();
        if (Index && *Index >= 0 && Word &&
            (*Word == "leads" || *Word == "joins"))
          F.PidGroupParams[static_cast<unsigned>(*Index)] =
              *Word == "leads" ? PidGroupEffect::Leads : PidGroupEffect::Joins;
      }
}

void ProjectFacts::readFunctions(const llvm::json::Object &Root) {
  if (const auto *Listed = Root.getObject("functions"))
    for (const auto &Entry : *Listed) {
      const auto *O = Entry.second.getAsObject();
      if (!O)
        continue;
      FunctionFacts F;
      if (const auto *W = O->getObject("wrapper"))
        F.Wrapper = specFromJson(*W);
      if (const auto *Params = O->getObject("params"))
        for (const auto &P : *Params) {
          unsigned Index = 0;
          auto Word = P.second.getAsString();
          if (!llvm::StringRef(P.first).getAsInteger(10, Index) && Word)
            if (auto S = paramFromWord(*Word))
              F.Params[Index] = *S;
        }
      auto ReapsAny = O->getBoolean("reaps_any");
      F.ReapsAny = ReapsAny && *ReapsAny;
      auto Resets = O->getBoolean("resets_sigchld");
      F.ResetsSigchld = Resets && *Resets;
      auto ByPoll = O->getBoolean("reaps_by_poll");
      F.ReapsByPoll = ByPoll && *ByPoll;
      auto Once = O->getBoolean("installs_once");
      F.InstallsOnce = Once && *Once;
      auto Routine = O->getBoolean("reaper_routine");
      F.ReaperRoutine = Routine && *Routine;
      auto NeedsBlock = O->getBoolean("reaper_needs_block");
      F.ReaperNeedsBlock = NeedsBlock && *NeedsBlock;
      auto Leads = O->getBoolean("leads_group");
      F.LeadsGroup = Leads && *Leads;
      auto Session = O->getBoolean("leads_session");
      F.LeadsSession = Session && *Session;
      auto Terminal = O->getBoolean("leads_terminal");
      F.LeadsTerminal = Terminal && *Terminal;
      readGroupParams(*O, F);
      if (auto Taker = O->getInteger("installs_taker"))
        F.InstallsTaker = static_cast<unsigned>(*Taker) & 3;
      auto Never = O->getBoolean("never_returns");
      F.NeverReturns = Never && *Never;
      auto Forever = O->getBoolean("loops_forever");
      F.LoopsForever = Forever && *Forever;
      if (F.Wrapper)
        if (auto Name = O->getString("name"))
          Names.push_back(Name->rsplit("::").second.empty()
                                    ? Name->str()
                                    : Name->rsplit("::").second.str());
      Functions[Entry.first] = std::move(F);
    }
}

/// A holder's group fact (`{"kind", "file", "line", "column", "session"}`);
/// std::nullopt when malformed.
static std::optional<HolderGroup>
holderGroupFromJson(const llvm::json::Object &O) {
  auto Kind = O.getString("kind");
  auto What = Kind ? groupFromWord(*Kind) : std::nullopt;
  if (!What)
    return std::nullopt;
  HolderGroup G;
  G.What = *What;
  if (auto File = O.getString("file"))
    G.File = File->str();
  // (llvm::Optional before LLVM 16 has no value_or().)
  auto Line = O.getInteger("line"), Column = O.getInteger("column");
  auto Session = O.getBoolean("session");
  G.Line = Line ? *Line : 0;
  G.Column = Column ? *Column : 0;
  G.Session = Session && *Session;
  return G;
}

void ProjectFacts::readCoverage(const llvm::json::Object &Root) {
  if (const auto *Duties = Root.getObject("holders"))
    for (const auto &Entry : *Duties)
      if (const auto *O = Entry.second.getAsObject())
        if (const auto *G = O->getObject("group"))
          if (auto Group = holderGroupFromJson(*G))
            HolderGroups[Entry.first] = std::move(*Group);
  if (const auto *Duties = Root.getObject("holders"))
    for (const auto &Entry : *Duties)
      if (const auto *O = Entry.second.getAsObject())
        if (auto Duty = O->getString("duty")) {
          Holders[Entry.first] = dutyFromWord(*Duty);
          if (auto Signalled = O->getBoolean("signalled");
              Signalled && *Signalled)
            SignalledHolders.insert(Entry.first);
        }
  // Lists of paths (covered_*) and of USRs.
  for (auto [Key, Into] : {std::pair("covered_files", &Covered),
                            std::pair("loop_covered_files", &LoopCovered),
                            std::pair("group_reaper_files", &GroupCovered),
                            std::pair("blocked_files", &Blocked),
                            std::pair("installed_before_main", &Preinstalled),
                            std::pair("entries", &Entries),
                            std::pair("entered_reset", &EnteredReset),
                            std::pair("taker_installers", &TakerInstallers),
                            std::pair("reaper_installers", &ReaperInstallers),
                            std::pair("entered_covered", &EnteredCovered),
                            std::pair("child_only", &ChildOnly),
                            std::pair("always_reset", &AlwaysReset)})
    if (const auto *Names = Root.getArray(Key))
      for (const auto &Item : *Names)
        if (auto Name = Item.getAsString())
          Into->insert(*Name);
  for (auto [Key, Into] :
       {std::pair("covered_functions", &CoveredFunctions),
        std::pair("loop_covered_functions", &LoopCoveredFunctions)})
    if (const auto *ByFile = Root.getObject(Key))
      for (const auto &Entry : *ByFile)
        if (const auto *Usrs = Entry.second.getAsArray())
          for (const auto &Usr : *Usrs)
            if (auto Name = Usr.getAsString())
              (*Into)[Entry.first].insert(*Name);
}

std::optional<ProjectFacts> ProjectFacts::load(llvm::StringRef Path,
                                               std::string &Error) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer) {
    Error = "cannot read facts file '" + Path.str() +
            "': " + Buffer.getError().message();
    return std::nullopt;
  }
  auto Parsed = llvm::json::parse((*Buffer)->getBuffer());
  if (!Parsed) {
    Error = "facts file '" + Path.str() +
            "' is not valid JSON: " + llvm::toString(Parsed.takeError());
    return std::nullopt;
  }
  const auto *Root = Parsed->getAsObject();
  if (!Root ||
      Root->getString("format") != llvm::StringRef("reapcheck-facts")) {
    Error = "'" + Path.str() + "' is not a reapcheck facts file";
    return std::nullopt;
  }
  auto Version = Root->getInteger("version");
  if (!Version || *Version != FactsFormatVersion) {
    Error = "facts file '" + Path.str() + "' has format version " +
            (Version ? std::to_string(*Version) : std::string("?")) +
            ", this reapcheck reads version " +
            std::to_string(FactsFormatVersion) + "; write it again with: " +
            rewriteCommandFor(ProjectFacts(), Path);
    return std::nullopt;
  }
  ProjectFacts Facts;
  Facts.readFunctions(*Root);
  Facts.readCoverage(*Root);
  Facts.readFiles(*Root);
  return Facts;
}

/// One of a program's sigchld_takers; std::nullopt when malformed.
static std::optional<ForeignTaker> takerFromJson(const llvm::json::Value &V) {
  const auto *O = V.getAsObject();
  if (!O)
    return std::nullopt;
  auto File = O->getString("file");
  auto Line = O->getInteger("line");
  auto Column = O->getInteger("column");
  auto Kind = O->getString("kind");
  if (!File || !Line || !Column || !Kind || *Line <= 0 || *Column <= 0)
    return std::nullopt;
  ForeignTaker T;
  T.File = File->str();
  T.Line = static_cast<unsigned>(*Line);
  T.Column = static_cast<unsigned>(*Column);
  T.Ignores = *Kind == "ignore";
  if (auto Handler = O->getString("handler"))
    T.Handler = Handler->str();
  return T;
}

std::vector<const ForeignTaker *>
ProjectFacts::takersFor(llvm::StringRef File, llvm::StringRef Usr) const {
  std::vector<const ForeignTaker *> Found;
  for (const auto &Entry : TakenFunctions) {
    // `path#variant` where the merge saw the path compiled several ways.
    llvm::StringRef Key = Entry.first();
    if (!Key.consume_front(File) || !(Key.empty() || Key.front() == '#'))
      continue;
    auto It = Entry.second.find(Usr);
    if (It == Entry.second.end())
      continue;
    for (unsigned Program : It->second)
      if (Program < ProgramTakers.size())
        for (const ForeignTaker &T : ProgramTakers[Program])
          if (llvm::find(Found, &T) == Found.end())
            Found.push_back(&T);
  }
  // Ignores first: whatever else is installed, the kernel takes the child.
  std::vector<const ForeignTaker *> Ordered;
  for (bool Ignores : {true, false})
    for (const ForeignTaker *T : Found)
      if (T->Ignores == Ignores)
        Ordered.push_back(T);
  return Ordered;
}

void ProjectFacts::readFiles(const llvm::json::Object &Root) {
  if (const auto *Files = Root.getObject("files"))
    for (const auto &Entry : *Files) {
      FileStamp S;
      if (const auto *O = Entry.second.getAsObject()) {
        if (auto Size = O->getInteger("size"))
          S.Size = *Size;
        if (auto Mtime = O->getInteger("mtime"))
          S.Mtime = *Mtime;
        if (auto Sha = O->getString("sha256"))
          S.Sha256 = Sha->str();
      }
      Stamps[Entry.first] = std::move(S);
    }
  if (const auto *Listed = Root.getArray("programs"))
    for (const auto &Program : *Listed) {
      const auto *O = Program.getAsObject();
      const auto *Members = O ? O->getArray("files") : nullptr;
      if (!Members)
        continue;
      Programs.emplace_back();
      for (const auto &File : *Members)
        if (auto Name = File.getAsString())
          Programs.back().push_back(Name->str());
      ProgramTakers.emplace_back();
      if (const auto *Takers = O->getArray("sigchld_takers"))
        for (const auto &Item : *Takers)
          if (auto Taker = takerFromJson(Item))
            ProgramTakers.back().push_back(std::move(*Taker));
    }
  if (const auto *Taken = Root.getObject("taken_functions"))
    for (const auto &File : *Taken)
      if (const auto *ByUsr = File.second.getAsObject())
        for (const auto &Function : *ByUsr)
          if (const auto *Indices = Function.second.getAsArray())
            for (const auto &Index : *Indices)
              if (auto I = Index.getAsInteger(); I && *I >= 0)
                TakenFunctions[File.first][Function.first].push_back(
                    static_cast<unsigned>(*I));
  if (auto Command = Root.getString("rewrite"))
    Rewrite = Command->str();
}

const FunctionFacts *ProjectFacts::function(llvm::StringRef Usr) const {
  auto It = Functions.find(Usr);
  return It == Functions.end() ? nullptr : &It->second;
}

HolderDuty ProjectFacts::holderDuty(llvm::StringRef Usr) const {
  auto It = Holders.find(Usr);
  return It == Holders.end() ? HolderDuty::Unjudged : It->second;
}

/// The key of a unit in the facts: its path, or `path#variant` where the
/// merge saw the path compiled several ways.
static std::string variantKey(llvm::StringRef File, llvm::StringRef Variant) {
  return (File + "#" + Variant).str();
}

/// \p File (as \p Variant) is in \p Set.
static bool hasFile(const llvm::StringSet<> &Set, llvm::StringRef File,
                    llvm::StringRef Variant) {
  return Set.contains(File) || Set.contains(variantKey(File, Variant));
}

/// \p Usr, defined in \p File (as \p Variant), is in \p Map.
static bool hasFunction(const llvm::StringMap<llvm::StringSet<>> &Map,
                        llvm::StringRef File, llvm::StringRef Variant,
                        llvm::StringRef Usr) {
  for (const std::string &Key : {File.str(), variantKey(File, Variant)}) {
    auto It = Map.find(Key);
    if (It != Map.end() && It->second.contains(Usr))
      return true;
  }
  return false;
}

bool ProjectFacts::isCoveredByReaper(llvm::StringRef File,
                                     llvm::StringRef Variant) const {
  return hasFile(Covered, File, Variant);
}

bool ProjectFacts::isCoveredOnlyByGroupReaper(llvm::StringRef File,
                                              llvm::StringRef Variant) const {
  return hasFile(GroupCovered, File, Variant);
}

bool ProjectFacts::isSigchldBlocked(llvm::StringRef File,
                                    llvm::StringRef Variant) const {
  return hasFile(Blocked, File, Variant);
}

bool ProjectFacts::isInstalledBeforeMain(llvm::StringRef File,
                                         llvm::StringRef Variant) const {
  return hasFile(Preinstalled, File, Variant);
}

bool ProjectFacts::isCoveredByLoop(llvm::StringRef File,
                                   llvm::StringRef Variant) const {
  return hasFile(LoopCovered, File, Variant);
}

bool ProjectFacts::isCoveredByLoop(llvm::StringRef File,
                                   llvm::StringRef Variant,
                                   llvm::StringRef Usr) const {
  return hasFunction(LoopCoveredFunctions, File, Variant, Usr);
}

bool ProjectFacts::isCoveredByReaper(llvm::StringRef File,
                                     llvm::StringRef Variant,
                                     llvm::StringRef Usr) const {
  return hasFunction(CoveredFunctions, File, Variant, Usr);
}

} // namespace reapcheck
