#!/usr/bin/env python3
"""Checks that a --sarif file is SARIF 2.1.0 as code-scanning dashboards read
it, and prints one line per result (and per related location and code flow
step) for FileCheck.

usage: check-sarif.py FILE [RULE,RULE...]

The rules the run must declare, in order (default: process-unreaped-child
alone)."""

import json
import os
import sys
from urllib.parse import unquote, urlparse


def fail(msg):
    sys.exit('check-sarif: ' + msg)


def expect(cond, msg):
    if not cond:
        fail(msg)


with open(sys.argv[1]) as f:
    sarif = json.load(f)

expect(sarif.get('version') == '2.1.0', 'version is not 2.1.0')
expect('sarif-2.1.0' in sarif.get('$schema', ''), '$schema does not name SARIF 2.1.0')
expect(isinstance(sarif.get('runs'), list) and len(sarif['runs']) == 1, 'not exactly one run')
run = sarif['runs'][0]
driver = run['tool']['driver']
expect(driver['name'] == 'reapcheck', 'tool.driver.name is not reapcheck')
rules = [r['id'] for r in driver['rules']]
wanted = sys.argv[2].split(',') if len(sys.argv) > 2 else ['process-unreaped-child']
expect(rules == wanted, 'rules are %r' % rules)
for rule in driver['rules']:
    expect(rule['shortDescription']['text'], 'rule without shortDescription')
    expect(rule['defaultConfiguration']['level'] == 'warning', 'rule default level')
bases = run.get('originalUriBaseIds', {})
expect('%SRCROOT%' in bases and bases['%SRCROOT%']['uri'].startswith('file:///')
       and bases['%SRCROOT%']['uri'].endswith('/'), 'no absolute %SRCROOT% base ending in /')
srcroot = unquote(urlparse(bases['%SRCROOT%']['uri']).path)
print('invocation: executionSuccessful=%s' % run['invocations'][0]['executionSuccessful'])
# Configuration problems (failures of single files are checked elsewhere).
for n in run['invocations'][0]['toolExecutionNotifications']:
    expect(n['level'] in ('error', 'warning', 'note'), 'notification level %r' % n['level'])
    if n.get('descriptor', {}).get('id') == 'configuration':
        print('notification: %s %s' % (n['level'], n['message']['text']))


def where(loc):
    phys = loc['physicalLocation']
    art = phys['artifactLocation']
    uri = art['uri']
    if 'uriBaseId' in art:
        expect(art['uriBaseId'] in bases, 'unknown uriBaseId %s' % art['uriBaseId'])
        expect(not uri.startswith('/') and '://' not in uri, 'relative uri expected: %s' % uri)
        path = os.path.join(srcroot, unquote(uri))
    else:
        expect(uri.startswith('file:///'), 'absolute file uri expected: %s' % uri)
        path = unquote(urlparse(uri).path)
    expect(os.path.isfile(path), 'uri does not name a file: %s' % uri)
    region = phys['region']
    expect(region['startLine'] >= 1 and region['startColumn'] >= 1, 'bad region %r' % region)
    return '%s:%d:%d' % (uri, region['startLine'], region['startColumn'])


for result in run['results']:
    expect(result['ruleId'] in rules, 'result with unknown ruleId')
    expect(rules[result['ruleIndex']] == result['ruleId'], 'ruleIndex does not match ruleId')
    expect(result['level'] in ('warning', 'error'), 'bad level')
    expect(len(result['locations']) == 1, 'not one location')
    expect(result['partialFingerprints'], 'no partialFingerprints')
    print('result: %s %s %s %s' % (result['ruleId'], result['level'],
                                   where(result['locations'][0]), result['message']['text']))
    ids = []
    for rel in result.get('relatedLocations', []):
        ids.append(rel['id'])
        print('  related %d: %s %s' % (rel['id'], where(rel), rel['message']['text']))
    expect(len(set(ids)) == len(ids), 'relatedLocations ids not unique')
    for flow in result.get('codeFlows', []):
        for thread in flow['threadFlows']:
            for step in thread['locations']:
                print('  step: %s %s' % (where(step['location']),
                                         step['location']['message']['text']))
fingerprints = [json.dumps(r['partialFingerprints'], sort_keys=True) for r in run['results']]
expect(len(set(fingerprints)) == len(fingerprints), 'partialFingerprints not unique')
print('results: %d' % len(run['results']))
print('properties: %s' % json.dumps(run.get('properties', {}), sort_keys=True))
