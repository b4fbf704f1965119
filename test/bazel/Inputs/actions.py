"""actions.py LOG: the spawns of a Bazel execution log
(--execution_log_json_file, a stream of JSON objects), one line each,
sorted: MNEMONIC progress-message; then their number."""
import json
import sys

with open(sys.argv[1]) as f:
    text = f.read()
decoder, at, lines = json.JSONDecoder(), 0, []
while True:
    while at < len(text) and text[at].isspace():
        at += 1
    if at == len(text):
        break
    spawn, at = decoder.raw_decode(text, at)
    lines.append('%s %s' % (spawn.get('mnemonic', '?'), spawn.get('progressMessage', '')))
for line in sorted(lines):
    print(line)
print('total %d' % len(lines))
