//===--- ClangdConfig.cpp - the parts of a .clangd file reapcheck reads ---===//

#include "ClangdConfig.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

namespace reapcheck {

using llvm::yaml::MappingNode;
using llvm::yaml::Node;
using llvm::yaml::ScalarNode;

static std::optional<std::string> scalarText(Node *N) {
  auto *Scalar = llvm::dyn_cast_or_null<ScalarNode>(N);
  if (!Scalar)
    return std::nullopt;
  llvm::SmallString<64> Storage;
  return Scalar->getValue(Storage).str();
}

/// Calls Visit(Key, Value) for each entry of a mapping node with a scalar
/// key; a non-mapping node has no entries.
template <typename Fn> static void forEachEntry(Node *N, Fn Visit) {
  auto *Map = llvm::dyn_cast_or_null<MappingNode>(N);
  if (!Map)
    return;
  for (auto &Entry : *Map) {
    if (std::optional<std::string> Key = scalarText(Entry.getKey()))
      Visit(*Key, Entry.getValue());
  }
}

static void readClangTidy(Node *ClangTidy, ClangdConfigFacts &Facts) {
  forEachEntry(ClangTidy, [&](llvm::StringRef Key, Node *Value) {
    if (Key == "FastCheckFilter") {
      if (std::optional<std::string> Filter = scalarText(Value))
        Facts.FastCheckFilter = *Filter;
    } else if (Key == "CheckOptions") {
      forEachEntry(Value, [&](llvm::StringRef Name, Node *Option) {
        if (std::optional<std::string> Text = scalarText(Option))
          Facts.CheckOptions.emplace_back(Name.str(), *Text);
      });
    }
  });
}

ClangdConfigFacts readClangdConfig(llvm::StringRef Text) {
  ClangdConfigFacts Facts;
  llvm::SourceMgr SM;
  // Syntax errors are clangd's to report (on the file itself), not ours.
  SM.setDiagHandler([](const llvm::SMDiagnostic &, void *) {});
  llvm::yaml::Stream Stream(Text, SM);
  for (llvm::yaml::Document &Doc : Stream) {
    // A mapping can be walked only once (the parser streams): read the
    // fragment, then drop it if it turned out to be conditional.
    bool Conditional = false;
    ClangdConfigFacts Fragment;
    forEachEntry(Doc.getRoot(), [&](llvm::StringRef Key, Node *Value) {
      if (Key == "If")
        Conditional = true;
      if (Key != "Diagnostics")
        return;
      forEachEntry(Value, [&](llvm::StringRef Section, Node *Inner) {
        if (Section == "ClangTidy")
          readClangTidy(Inner, Fragment);
      });
    });
    if (Conditional)
      continue;
    Facts.CheckOptions.insert(Facts.CheckOptions.end(),
                              Fragment.CheckOptions.begin(),
                              Fragment.CheckOptions.end());
    if (Fragment.FastCheckFilter)
      Facts.FastCheckFilter = Fragment.FastCheckFilter;
  }
  return Facts;
}

ClangdConfigFacts readClangdConfigFile(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return {};
  return readClangdConfig((*Buffer)->getBuffer());
}

} // namespace reapcheck
