"""What bench/corpus_bench.py measures: the clang-tidy configurations it
compares and where its results go (shared with corpus_tables.py)."""

import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RESULTS = os.path.join(HERE, 'results')
CHECK = 'process-unreaped-child'
UAM = 'bugprone-use-after-move'
CONFIGS = (
    ('parse', '-*,objc-forbidden-subclassing'),
    ('check', '-*,' + CHECK),
    ('uam', '-*,' + UAM),
    ('bugprone', '-*,bugprone-*'),
    ('both', '-*,bugprone-*,' + CHECK),
)
LABELS = {
    'parse': 'parse only',
    'check': 'this check alone',
    'uam': '`bugprone-use-after-move` alone',
    'bugprone': '`bugprone-*`',
    'both': '`bugprone-*` + this check',
}
SOURCE_EXT = ('.c', '.cc', '.cpp', '.cxx')
COLUMNS = ('llvm', 'project', 'tu', 'config', 'rc', 'cpu', 'wall', 'own_check', 'own_uam',
           'own_all')
