"""The layout rules of checks/ (docs/design.md, "Layers").

Each folder of checks/ is a layer; a file may include headers of its own
layer and of the layers below it, never above:

    support < model < flow < facts < unit < the check (checks/ itself)

Also: every source file has at most MAX_LINES lines, and every function
body at most MAX_FUNCTION lines (counted from its opening brace to its
closing brace, lambdas inside included).

Outside checks/, the file limit holds too, for the folders in OUTSIDE: the
runtime's sources and headers and the driver's Python package.  (The
function limit does not: its brace counting knows C and C++ only, and the
runtime's event reader has one function over it.)

Usage: check_layout.py CHECKS_DIR, or check_layout.py --outside ROOT (ROOT
the repository).  Prints one line per breach and exits 1 when there is
one; prints a summary and exits 0 otherwise.
"""

import os
import re
import sys

LAYERS = ["support", "model", "flow", "facts", "unit"]
TOP = "check"
MAX_LINES = 500
MAX_FUNCTION = 60
# Includes that are not part of the tree: the headers of LLVM, clang and
# clang-tidy.
EXTERNAL = ("llvm/", "clang/", "clang-tidy/")

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
# Folders outside checks/ held to MAX_LINES, each with the ending of the
# files that count there ("" for every file).
OUTSIDE = [("runtime/src", ""), ("runtime/include", ""),
           ("tools/reapcheck_lib", ".py")]


def layer_of(rel):
    parts = rel.split("/")
    return parts[0] if len(parts) > 1 else TOP


def rank(layer):
    return LAYERS.index(layer) if layer in LAYERS else len(LAYERS)


def code_only(line):
    line = re.sub(r"//.*", "", line)
    line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
    return re.sub(r"'(\\.|[^'\\])*'", "''", line)


SCOPE = re.compile(r"\b(namespace|struct|class|enum|union)\b[^()]*$")


def long_functions(lines):
    """(first line, length) of each function body over MAX_FUNCTION lines.

    A brace opens a function body when every enclosing brace is a scope
    (namespace, class...) and the text since the last ';', '{' or '}' is not
    a scope header or an initialiser ('= {')."""
    stack, header, found = [], "", []
    for number, raw in enumerate(lines, 1):
        for ch in code_only(raw):
            if ch == "{":
                head = header.strip()
                if SCOPE.search(head) or head.endswith("=") or \
                        head.endswith('extern ""'):
                    kind = "scope"
                elif all(k == "scope" for k, _ in stack):
                    kind = "function"
                else:
                    kind = "block"
                stack.append((kind, number))
                header = ""
            elif ch == "}":
                if stack:
                    kind, start = stack.pop()
                    if kind == "function" and number - start + 1 > MAX_FUNCTION:
                        found.append((start, number - start + 1))
                header = ""
            elif ch == ";":
                header = ""
            else:
                header += ch
        header += " "
    return found


def read_lines(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def main_outside(root):
    breaches, files = [], 0
    for sub, ending in OUTSIDE:
        for folder, dirnames, names in sorted(os.walk(os.path.join(root, sub))):
            dirnames.sort()
            for name in sorted(names):
                if not name.endswith(ending):
                    continue
                files += 1
                path = os.path.join(folder, name)
                lines = read_lines(path)
                if len(lines) > MAX_LINES:
                    breaches.append(f"{os.path.relpath(path, root)}: {len(lines)} "
                                    f"lines, more than {MAX_LINES}")
    for b in breaches:
        print(b)
    if breaches:
        return 1
    print(f"outside checks/: {files} files in "
          f"{', '.join(sub for sub, _ in OUTSIDE)}, "
          f"at most {MAX_LINES} lines per file")
    return 0


def main(root):
    breaches, files = [], 0
    for folder, _, names in sorted(os.walk(root)):
        for name in sorted(names):
            if not name.endswith((".h", ".cpp")):
                continue
            files += 1
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, root)
            layer = layer_of(rel)
            if layer != TOP and layer not in LAYERS:
                breaches.append(f"{rel}: folder '{layer}' is not a layer "
                                f"({', '.join(LAYERS)})")
                continue
            lines = read_lines(path)
            for number, line in enumerate(lines, 1):
                m = INCLUDE.match(line)
                if not m or m.group(1).startswith(EXTERNAL):
                    continue
                target = m.group(1)
                if not os.path.isfile(os.path.join(root, target)):
                    breaches.append(f"{rel}:{number}: includes \"{target}\", "
                                    "which is not a path under checks/")
                    continue
                to = layer_of(target)
                if rank(to) > rank(layer):
                    breaches.append(f"{rel}:{number}: includes \"{target}\": "
                                    f"layer '{layer}' may not include layer "
                                    f"'{to}' above it")
            if len(lines) > MAX_LINES:
                breaches.append(f"{rel}: {len(lines)} lines, more than "
                                f"{MAX_LINES}")
            for start, length in long_functions(lines):
                breaches.append(f"{rel}:{start}: a function of {length} "
                                f"lines, more than {MAX_FUNCTION}")
    for b in breaches:
        print(b)
    if breaches:
        return 1
    print(f"layout: {files} files, includes point down, "
          f"at most {MAX_LINES} lines per file, {MAX_FUNCTION} per function")
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--outside":
        sys.exit(main_outside(sys.argv[2]))
    sys.exit(main(sys.argv[1]))
