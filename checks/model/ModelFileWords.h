//===--- ModelFileWords.h - The words of a model file's enumerations ------===//
//
// How ModelFile.cpp reads roles, handle slots, types, success tests,
// quirks and constructor kinds: by their words, an unknown word being an
// error that lists the allowed ones.  Included by ModelFile.cpp only.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_MODELFILEWORDS_H
#define REAPCHECK_MODELFILEWORDS_H

#include "model/ApiDescriptor.h"
#include "llvm/Support/YAMLTraits.h"
#include <iterator>
#include <string>
#include <utility>

namespace llvm {
namespace yaml {

using reapcheck::ApiRole;
using reapcheck::ClassDescriptor;
using reapcheck::HandleSlot;
using reapcheck::HandleType;
using reapcheck::Quirk;
using reapcheck::SuccessTest;

/// Reads and writes an enumeration by its words; an unknown word is an
/// error listing the words allowed.
template <typename T> struct EnumWords {
  using Table = const std::pair<const char *, T> *(*)(size_t &);
  static void output(Table Get, const T &V, raw_ostream &OS) {
    size_t N;
    const auto *Rows = Get(N);
    for (size_t I = 0; I < N; ++I)
      if (Rows[I].second == V)
        OS << Rows[I].first;
  }
  static StringRef input(Table Get, StringRef S, T &V) {
    size_t N;
    const auto *Rows = Get(N);
    for (size_t I = 0; I < N; ++I)
      if (S == Rows[I].first) {
        V = Rows[I].second;
        return StringRef();
      }
    // The message must outlive this call: one per table.
    static std::string Expected;
    Expected = "unknown value '" + S.str() + "'; expected one of:";
    for (size_t I = 0; I < N; ++I)
      Expected += (I ? ", " : " ") + std::string(Rows[I].first);
    return Expected;
  }
};

template <> struct ScalarTraits<ApiRole> {
  static const std::pair<const char *, ApiRole> *table(size_t &N) {
    static const std::pair<const char *, ApiRole> Table[] = {
        {"start", ApiRole::Start},
        {"reap", ApiRole::Reap},
        {"reap-any", ApiRole::ReapAny},
        {"poll", ApiRole::Poll},
        {"kill", ApiRole::Kill},
        {"harmless", ApiRole::Harmless},
        {"hand-off", ApiRole::HandOff},
        {"detach", ApiRole::Detach},
        {"reaps-by-itself", ApiRole::ReapsItself},
        {"close-stream", ApiRole::CloseStream},
        {"signal-install", ApiRole::SignalInstall},
        {"starts-reaper", ApiRole::StartsReaper},
        {"thread-start", ApiRole::ThreadStart},
    };
    N = std::size(Table);
    return Table;
  }
  static void output(const ApiRole &V, void *C, raw_ostream &OS) {
    EnumWords<ApiRole>::output(table, V, OS);
  }
  static StringRef input(StringRef S, void *, ApiRole &V) {
    return EnumWords<ApiRole>::input(table, S, V);
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<HandleSlot> {
  static const std::pair<const char *, HandleSlot> *table(size_t &N) {
    static const std::pair<const char *, HandleSlot> Table[] = {
        {"none", HandleSlot::None},
        {"return", HandleSlot::Return},
        {"argument", HandleSlot::Argument},
        {"out-argument", HandleSlot::OutArgument},
        {"object", HandleSlot::Object},
    };
    N = std::size(Table);
    return Table;
  }
  static void output(const HandleSlot &V, void *C, raw_ostream &OS) {
    EnumWords<HandleSlot>::output(table, V, OS);
  }
  static StringRef input(StringRef S, void *, HandleSlot &V) {
    return EnumWords<HandleSlot>::input(table, S, V);
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<HandleType> {
  static const std::pair<const char *, HandleType> *table(size_t &N) {
    static const std::pair<const char *, HandleType> Table[] = {
        {"pid", HandleType::Pid},
        {"stream", HandleType::Stream},
        {"object", HandleType::Object},
    };
    N = std::size(Table);
    return Table;
  }
  static void output(const HandleType &V, void *C, raw_ostream &OS) {
    EnumWords<HandleType>::output(table, V, OS);
  }
  static StringRef input(StringRef S, void *, HandleType &V) {
    return EnumWords<HandleType>::input(table, S, V);
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<SuccessTest> {
  static const std::pair<const char *, SuccessTest> *table(size_t &N) {
    static const std::pair<const char *, SuccessTest> Table[] = {
        {"pid", SuccessTest::Pid},
        {"non-null", SuccessTest::NonNull},
        {"zero-result", SuccessTest::ZeroResult},
        {"true-result", SuccessTest::TrueResult},
        {"throws", SuccessTest::Throws},
    };
    N = std::size(Table);
    return Table;
  }
  static void output(const SuccessTest &V, void *C, raw_ostream &OS) {
    EnumWords<SuccessTest>::output(table, V, OS);
  }
  static StringRef input(StringRef S, void *, SuccessTest &V) {
    return EnumWords<SuccessTest>::input(table, S, V);
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<reapcheck::GroupEffect> {
  using GroupEffect = reapcheck::GroupEffect;
  static const std::pair<const char *, GroupEffect> *table(size_t &N) {
    static const std::pair<const char *, GroupEffect> Table[] = {
        {"none", GroupEffect::None},
        {"terminal-session", GroupEffect::TerminalSession},
        {"spawn-attributes", GroupEffect::SpawnAttributes},
        {"caller-leads-group", GroupEffect::CallerLeadsGroup},
        {"caller-leads-session", GroupEffect::CallerLeadsSession},
        {"caller-leads-terminal", GroupEffect::CallerLeadsTerminal},
        {"caller-takes-terminal", GroupEffect::CallerTakesTerminal},
        {"setpgid", GroupEffect::SetPgid},
        {"signals-group", GroupEffect::SignalsGroup},
        {"negative-is-group", GroupEffect::NegativeIsGroup},
    };
    N = std::size(Table);
    return Table;
  }
  static void output(const GroupEffect &V, void *C, raw_ostream &OS) {
    EnumWords<GroupEffect>::output(table, V, OS);
  }
  static StringRef input(StringRef S, void *, GroupEffect &V) {
    return EnumWords<GroupEffect>::input(table, S, V);
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<Quirk> {
  static const std::pair<const char *, Quirk> *table(size_t &N) {
    static const std::pair<const char *, Quirk> Table[] = {
        {"none", Quirk::None},
        {"syscall-number", Quirk::SyscallNumber},
        {"clone-flags", Quirk::CloneFlags},
    };
    N = std::size(Table);
    return Table;
  }
  static void output(const Quirk &V, void *C, raw_ostream &OS) {
    EnumWords<Quirk>::output(table, V, OS);
  }
  static StringRef input(StringRef S, void *, Quirk &V) {
    return EnumWords<Quirk>::input(table, S, V);
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<ClassDescriptor::Ctor> {
  static const std::pair<const char *, ClassDescriptor::Ctor> *table(size_t &N) {
    static const std::pair<const char *, ClassDescriptor::Ctor> Table[] = {
        {"none", ClassDescriptor::Ctor::None},
        {"any", ClassDescriptor::Ctor::Any},
        {"template", ClassDescriptor::Ctor::Template},
        {"has-parameter", ClassDescriptor::Ctor::HasParameter},
    };
    N = std::size(Table);
    return Table;
  }
  static void output(const ClassDescriptor::Ctor &V, void *C, raw_ostream &OS) {
    EnumWords<ClassDescriptor::Ctor>::output(table, V, OS);
  }
  static StringRef input(StringRef S, void *, ClassDescriptor::Ctor &V) {
    return EnumWords<ClassDescriptor::Ctor>::input(table, S, V);
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<reapcheck::InnerWait> {
  using InnerWait = reapcheck::InnerWait;
  static const std::pair<const char *, InnerWait> *table(size_t &N) {
    static const std::pair<const char *, InnerWait> Table[] = {
        {"none", InnerWait::None},
        {"plain", InnerWait::Plain},
        {"sigchld-blocked", InnerWait::SigchldBlocked},
    };
    N = std::size(Table);
    return Table;
  }
  static void output(const InnerWait &V, void *C, raw_ostream &OS) {
    EnumWords<InnerWait>::output(table, V, OS);
  }
  static StringRef input(StringRef S, void *, InnerWait &V) {
    return EnumWords<InnerWait>::input(table, S, V);
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<reapcheck::SignalSetOp> {
  using SignalSetOp = reapcheck::SignalSetOp;
  static const std::pair<const char *, SignalSetOp> *table(size_t &N) {
    static const std::pair<const char *, SignalSetOp> Table[] = {
        {"none", SignalSetOp::None},   {"empty", SignalSetOp::Empty},
        {"fill", SignalSetOp::Fill},   {"add", SignalSetOp::Add},
        {"delete", SignalSetOp::Delete}, {"mask", SignalSetOp::Mask},
        {"admit", SignalSetOp::Admit},
        {"take", SignalSetOp::Take},
    };
    N = std::size(Table);
    return Table;
  }
  static void output(const SignalSetOp &V, void *C, raw_ostream &OS) {
    EnumWords<SignalSetOp>::output(table, V, OS);
  }
  static StringRef input(StringRef S, void *, SignalSetOp &V) {
    return EnumWords<SignalSetOp>::input(table, S, V);
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

} // namespace yaml
} // namespace llvm

#endif
