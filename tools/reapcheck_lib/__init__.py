"""What tools/reapcheck, tools/corpus/run.py and bench/run.py share.

One module per fact, so that the three runners cannot disagree:
  project      where the repository is, reapcheck's version, the default LLVM
               major (tools/DEFAULT_LLVM_MAJOR), the corpus directory
  inventory    the verdicts the check writes to REAPCHECK_INVENTORY, their
               order and words, and the parser of those lines
  compdb       the compile-database reader (and flags borrowed from it)
  diagnostics  the parser of clang-tidy's output
  config       configuration problems: --verify-config, YAML errors, option
               values the check refuses
  report       merging per-unit results; text, SARIF, fixes and shard JSON
  driver       tools/reapcheck's entry point and what a run prints, with
               cli (its options), planning (the translation units) and
               checking (clang-tidy over them, results into one report)
"""
