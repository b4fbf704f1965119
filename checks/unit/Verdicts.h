//===--- Verdicts.h - What becomes of each start of a unit -------*- C++ -*-===//
//
// The unit's judgement, before any diagnostic: each body that starts a
// child is analysed once, and each start site gets one verdict (the words
// of the inventory, docs/inventory.md) and, when it is reported, the kind of
// warning.  A start whose only fate is a holder is judged with the other
// starts kept in holders, once per unit (OwnerJudge).  The check turns the
// result into diagnostics and inventory lines, in this order.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_VERDICTS_H
#define REAPCHECK_VERDICTS_H

#include "flow/ReapAnalysis.h"
#include "unit/Owners.h"
#include <vector>

namespace reapcheck {

class TranslationUnitScan;

/// The options that change verdicts.
struct JudgeOptions {
  bool ReportLeakingPaths = true;
  bool ReportDiscarded = true;
  bool IgnoreMain = true;
  /// REAPCHECK_DUMP_FLOW: each analysed body's states go there.
  llvm::raw_ostream *DumpFlow = nullptr;
};

/// One start site and what becomes of it.
struct Judgement {
  enum class Report {
    None,  ///< Not reported: the verdict says why.
    Start, ///< Leaked by the function that started it.
    Held,  ///< Kept in a holder nothing reaps (Holder says who owns it).
  };
  StartFacts Facts;
  Report Kind = Report::None;
  /// The inventory's word (tools/reapcheck_lib/inventory.py).
  const char *Verdict = "";
  HolderVerdict Holder;
};

struct UnitJudgement {
  /// In the order their bodies were found, then the starts kept in
  /// holders.
  std::vector<Judgement> Sites;
  /// popen() streams closed with fclose() in the analysed bodies.
  std::vector<FcloseFact> Fcloses;
  /// The starts kept in holders (for the facts index).
  std::vector<const clang::ValueDecl *> Holders;
};

/// Judges every start of \p Unit, whose matches are all in.
UnitJudgement judgeUnit(TranslationUnitScan &Unit, const JudgeOptions &Opts);

} // namespace reapcheck

#endif
