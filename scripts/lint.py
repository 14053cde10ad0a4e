#!/usr/bin/env python3
"""No trap on outside data: fails on `try!`, `as!`, `fatalError(`, `precondition(`,
`preconditionFailure(` and postfix `!` force unwraps anywhere in Sources/, except the
few entries of ALLOWED below, each with its reason.

Comments and the text of string literals are blanked first (interpolations stay code),
so "Done!" or `// x!` never count. Run by scripts/lint.sh and .ci/run.
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

# (file, code on the line, why it cannot trap on outside data). An entry that no longer
# matches anything is an error too, so the list never outlives the code.
ALLOWED = [
    ("Sources/LogLines/LogLine.swift", "buffer.baseAddress!",
     "the bytes of `line + \"\\n\"`: never empty, so the buffer has an address"),
    ("Sources/MeCab/MeCabTokenizer.swift", "buffer.baseAddress!",
     "argv built in the same function, at least [\"mecab\", \"-d\", path]: never empty"),
    ("Sources/XAPI/Client/XClient.swift", "URL(string: \"https://api.x.com\")!",
     "a constant URL literal, checked by every test that builds a client"),
    ("Sources/MirrorBot/Scheduler/MinuteDistribution.swift", "precondition(counts.count == MinuteOfDay.count",
     "a programming invariant: counts come from init(pairs:) (always 1,440) or from code, never from input"),
]

RULES = [
    ("try!", re.compile(r"\btry!")),
    ("as!", re.compile(r"\bas!")),
    ("fatalError(", re.compile(r"\bfatalError\s*\(")),
    ("precondition(", re.compile(r"\bprecondition(Failure)?\s*\(")),
    # A postfix `!` after a name, `)`, `]` or `}`, not `!=` and not the `try!` / `as!` above.
    ("force unwrap", re.compile(r"(?<=[\w)\]}])(?<!\btry)(?<!\bas)!(?!=)")),
]


def blank(source):
    """The source with comments and string-literal text replaced by spaces (newlines kept)."""
    out = []
    i = 0
    n = len(source)
    # A stack of what we are inside: "code" (with the paren depth of an interpolation) or a string.
    stack = [("code", None)]

    def put(text, keep):
        out.append(text if keep else re.sub(r"[^\n]", " ", text))

    while i < n:
        kind, info = stack[-1]
        c = source[i]
        if kind == "code":
            if source.startswith("//", i):
                end = source.find("\n", i)
                end = n if end < 0 else end
                put(source[i:end], False)
                i = end
            elif source.startswith("/*", i):
                depth, j = 1, i + 2
                while j < n and depth:
                    if source.startswith("/*", j):
                        depth, j = depth + 1, j + 2
                    elif source.startswith("*/", j):
                        depth, j = depth - 1, j + 2
                    else:
                        j += 1
                put(source[i:j], False)
                i = j
            elif c == "#" and re.match(r"#+\"", source[i:]) or c == '"':
                hashes = len(re.match(r"#*", source[i:]).group(0))
                quotes = 3 if source.startswith('"""', i + hashes) else 1
                opener = source[i:i + hashes + quotes]
                put(opener, True)
                i += len(opener)
                stack.append(("string", (hashes, quotes)))
            elif c == "(" and info is not None:
                stack[-1] = ("code", info + 1)
                put(c, True)
                i += 1
            elif c == ")" and info is not None:
                if info == 0:
                    stack.pop()  # back into the string
                else:
                    stack[-1] = ("code", info - 1)
                put(c, True)
                i += 1
            else:
                put(c, True)
                i += 1
        else:
            hashes, quotes = info
            closer = '"' * quotes + "#" * hashes
            escape = "\\" + "#" * hashes
            if source.startswith(escape + "(", i):
                put(escape + "(", True)
                i += len(escape) + 1
                stack.append(("code", 0))
            elif source.startswith(escape, i):
                put(source[i:i + len(escape) + 1], False)
                i += len(escape) + 1
            elif source.startswith(closer, i):
                put(closer, True)
                i += len(closer)
                stack.pop()
            else:
                put(c, False)
                i += 1
    return "".join(out)


def main():
    findings = []
    used = set()
    for folder, _, files in os.walk(os.path.join(ROOT, "Sources")):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, ROOT)
            with open(path, encoding="utf-8") as handle:
                source = handle.read()
            code_lines = blank(source).split("\n")
            original = source.split("\n")
            for number, line in enumerate(code_lines, 1):
                for rule, pattern in RULES:
                    if not pattern.search(line):
                        continue
                    text = original[number - 1].strip()
                    allowed = [k for k, (file, fragment, _) in enumerate(ALLOWED) if file == relative and fragment in text]
                    if allowed:
                        used.update(allowed)
                    else:
                        findings.append("%s:%d: %s: %s" % (relative, number, rule, text))
    for index, (file, fragment, reason) in enumerate(ALLOWED):
        if index not in used:
            findings.append("%s: allow-list entry matches nothing (remove it): %s" % (file, fragment))
    if findings:
        print("lint: a trap where outside data may reach it (see scripts/lint.py):")
        print("\n".join("  " + finding for finding in findings))
        return 1
    print("lint: no try!, as!, fatalError, precondition or force unwrap in Sources/ beyond the %d allowed" % len(ALLOWED))
    return 0


if __name__ == "__main__":
    sys.exit(main())
