//===--- FactsWords.h - The words of the facts format ----------*- C++ -*-===//
//
// How the facts file spells parameter summaries, holder duties and start
// specs, for the reader (ProjectFacts.cpp) and the writer
// (FactsRecorder.cpp) alike.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_FACTSWORDS_H
#define REAPCHECK_FACTSWORDS_H

#include "facts/ProjectFacts.h"
#include "llvm/Support/JSON.h"
#include <optional>

namespace reapcheck {

inline const char *paramWord(ParamSummary S) {
  return S == ParamSummary::Reaps ? "reaps" : "harmless";
}

inline std::optional<ParamSummary> paramFromWord(llvm::StringRef W) {
  if (W == "reaps")
    return ParamSummary::Reaps;
  if (W == "harmless")
    return ParamSummary::Harmless;
  return std::nullopt;
}

inline const char *dutyWord(HolderDuty D) {
  switch (D) {
  case HolderDuty::Reaped:
    return "reaped";
  case HolderDuty::HandedOn:
    return "handed-on";
  case HolderDuty::Neglected:
    return "neglected";
  case HolderDuty::Unjudged:
    break;
  }
  return "unjudged";
}

inline const char *groupWord(HolderGroup::Kind K) {
  switch (K) {
  case HolderGroup::Kind::Leader:
    return "leader";
  case HolderGroup::Kind::Terminal:
    return "terminal";
  case HolderGroup::Kind::None:
    return "none";
  case HolderGroup::Kind::Mixed:
    break;
  }
  return "mixed";
}

inline std::optional<HolderGroup::Kind> groupFromWord(llvm::StringRef W) {
  for (auto K : {HolderGroup::Kind::Leader, HolderGroup::Kind::Terminal,
                 HolderGroup::Kind::None, HolderGroup::Kind::Mixed})
    if (W == groupWord(K))
      return K;
  return std::nullopt;
}

inline HolderDuty dutyFromWord(llvm::StringRef W) {
  if (W == "reaped")
    return HolderDuty::Reaped;
  if (W == "handed-on")
    return HolderDuty::HandedOn;
  if (W == "neglected")
    return HolderDuty::Neglected;
  return HolderDuty::Unjudged;
}

inline llvm::json::Object specToJson(const StartSpec &S) {
  return llvm::json::Object{
      {"handle_arg", S.HandleArg},
      {"kind", S.Kind == HandleKind::Stream ? "stream" : "pid"},
      {"returns_status", S.ReturnsStatus},
      {"result_is_success", S.ResultIsSuccess}};
}

inline std::optional<StartSpec> specFromJson(const llvm::json::Object &O) {
  StartSpec S;
  auto Arg = O.getInteger("handle_arg");
  auto Kind = O.getString("kind");
  if (!Arg || !Kind || *Arg < -1 || *Arg > 64)
    return std::nullopt;
  S.HandleArg = static_cast<int>(*Arg);
  S.Kind = *Kind == "stream" ? HandleKind::Stream : HandleKind::Pid;
  auto Status = O.getBoolean("returns_status");
  S.ReturnsStatus = Status && *Status;
  auto Success = O.getBoolean("result_is_success");
  S.ResultIsSuccess = Success && *Success;
  return S;
}

} // namespace reapcheck

#endif
