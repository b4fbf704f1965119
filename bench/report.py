#!/usr/bin/env python3
"""Prints the markdown tables of docs/performance.md from bench/results/."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))


TAG = ''


def load(name):
    if TAG:
        name = name.replace('.tsv', '-%s.tsv' % TAG)
    path = os.path.join(HERE, 'results', name)
    if not os.path.exists(path):
        return []
    with open(path) as f:
        header = f.readline().rstrip('\n').split('\t')
        return [dict(zip(header, l.rstrip('\n').split('\t'))) for l in f if l.strip()]


def real():
    rows = load('real.tsv')
    print('| TU | lines | parse (s) | base (s) | +check wall | check own | +use-after-move | SA unix / base |')
    print('|---|---:|---:|---:|---:|---:|---:|---:|')
    tot = {k: 0.0 for k in ('parse', 'base', 'check', 'uam', 'sa', 'own')}
    for r in rows:
        v = {k: float(r[k]) for k in tot}
        for k in tot:
            tot[k] += v[k]
        print('| %s | %s | %.3f | %.3f | %+.1f%% | %.1f%% | %+.1f%% | %.1fx |' % (
            r['tu'], r['lines'], v['parse'], v['base'], 100 * (v['check'] - v['base']) / v['base'],
            100 * v['own'] / v['base'], 100 * (v['uam'] - v['base']) / v['base'], v['sa'] / v['base']))
    if rows:
        print('| **all %d** | | %.2f | %.2f | **%+.1f%%** | **%.1f%%** | %+.1f%% | **%.1fx** |' % (
            len(rows), tot['parse'], tot['base'], 100 * (tot['check'] - tot['base']) / tot['base'],
            100 * tot['own'] / tot['base'], 100 * (tot['uam'] - tot['base']) / tot['base'],
            tot['sa'] / tot['base']))


def callgrind():
    rows = load('callgrind.tsv')
    if not rows:
        return
    print('| TU | base (M instructions) | +check |')
    print('|---|---:|---:|')
    tb = tc = 0
    for r in rows:
        b, c = int(r['base instructions']), int(r['check instructions'])
        tb, tc = tb + b, tc + c
        print('| %s | %.0f | %+.1f%% |' % (r['tu'], b / 1e6, 100.0 * (c - b) / b))
    print('| **all %d** | %.0f | **%+.1f%%** |' % (len(rows), tb / 1e6, 100.0 * (tc - tb) / tb))


def scale():
    rows = load('scale.tsv')
    print('| series | n | lines | warnings | check (s) | µs per line | base (s) |')
    print('|---|---:|---:|---:|---:|---:|---:|')
    for r in rows:
        own, lines = float(r['check seconds']), int(r['body lines'])
        print('| %s | %s | %d | %s | %.4f | %.1f | %.3f |' % (
            r['series'], r['n'], lines, r['warnings'], own, 1e6 * own / lines,
            float(r['base tidy seconds'])))


if __name__ == '__main__':
    import sys
    if len(sys.argv) > 2:
        TAG = sys.argv[2]
    {'real': real, 'callgrind': callgrind, 'scale': scale}[sys.argv[1]]()
