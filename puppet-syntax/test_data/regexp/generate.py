#!/usr/bin/env python3
"""Random regular expressions for the regexp checker's differential test against Ruby.

Writes JSON lines {"src": PATTERN}: patterns built from fragments that reach every rule of
Ruby's regexp syntax (re.c's escapes, Onigmo's groups, classes, repeats, references), valid and
invalid. Seeded: the same seed gives the same patterns. Ruby's verdicts come from
scripts/oracle/regexp_cases.rb.

usage: generate.py SEED COUNT [--valid] | ruby ../../../scripts/oracle/regexp_cases.rb
(expected.jsonl: seed 1, 6,000 patterns, then seed 2, 4,000 mostly valid ones)
"""
import json
import random
import sys

ATOMS = [
    "a", "b", "ab", "é", "☺", ".", "^", "$", "\\d", "\\w", "\\s", "\\h", "\\R", "\\X", "\\A", "\\z",
    "\\Z", "\\b", "\\B", "\\G", "\\K", "\\/", "/", "\\\\", "\\.", "\\(", "\\)", "\\[", "\\]", "\\{",
    "\\}", "\\|", "\\-", "\\n", "\\t", "\\e", "\\a", "\\f", "\\v", "\\0", "\\00", "\\07", "\\012",
    "\\1", "\\2", "\\3", "\\9", "\\10", "\\11", "\\18", "\\8", "\\377", "\\400",
    "\\x", "\\x4", "\\x41", "\\xFF", "\\xC3\\xA9", "\\xC3", "\\xE2\\x98\\xBA", "\\xE2\\x98", "\\x{41}",
    "\\u", "\\u004", "\\u0041", "\\uD800", "\\u00e9", "\\uZZZZ", "\\u{41}", "\\u{ 41 42 }",
    "\\u{}", "\\u{110000}", "\\u{1F600}", "\\u{41", "\\u{1234567}", "\\u{D800}",
    "\\c", "\\cA", "\\c\\M-a", "\\C", "\\C-", "\\C-a", "\\C-\\M-a", "\\M", "\\M-", "\\M-a",
    "\\M-\\C-a", "\\M-\\ca", "\\M-\\M-a", "\\c\\cA", "\\C-\\C-a", "\\M-é",
    "\\k<x>", "\\k<y>", "\\k<1>", "\\k<2>", "\\k<-1>", "\\k<x+0>", "\\k'x'", "\\k", "\\k<>", "\\k<1a>",
    "\\g<x>", "\\g<y>", "\\g<0>", "\\g<1>", "\\g<2>", "\\g<-1>", "\\g<+1>", "\\g'x'", "\\g", "\\g<>",
    "\\p{Alpha}", "\\p{^Alpha}", "\\P{Digit}", "\\p{Foo}", "\\p{Greek}", "\\p{L}", "\\p", "\\p{",
    "\\q", "\\y", "\\Q", "\\E", "\\o{12}", "\\N",
]
CLASS_ITEMS = [
    "a", "b", "z", "a-z", "z-a", "0-9", "9-0", "a-\\d", "\\d-z", "\\d", "\\w", "\\s", "-", "^", "]", "[",
    "\\]", "\\[", "\\-", "\\\\", "[:alpha:]", "[:digit:]", "[:^alpha:]", "[:foo:]", "[:alpha]",
    "[:alpha:", "[:", ":]", "&&", "&&[a]", "[b]", "[^b]", "é", "é-a", "a-é", "\\x41-\\x5A",
    "\\x5A-\\x41", "\\u0041", "\\n", ".", "|", "(", ")", "{", "\\p{Alpha}", "\\xFF", "\\c", "/", "\\/",
]
OPENERS = [
    "(", "(", "(?:", "(?=", "(?!", "(?<=", "(?<!", "(?>", "(?~", "(?<x>", "(?<y>", "(?'x'",
    "(?<1a>", "(?<>", "(?<x", "(?<x-y>", "(?<é>", "(?i:", "(?m:", "(?im-i:", "(?-i:", "(?a:",
    "(?d:", "(?u:", "(?-a:", "(?l:", "(?s:", "(?z", "(?(1)", "(?(<x>)", "(?", "(?#c",
]
STANDALONE = [
    "(?i)", "(?m)", "(?-m)", "(?i-m)", "(?a)", "(?-u)", "(?s)", "(?#comment)", "(?#(x)", "()",
    "(?:)", "|", "||", ")",
]
QUANTIFIERS = [
    "*", "+", "?", "*?", "+?", "??", "*+", "++", "?+", "{2}", "{2,}", "{,3}", "{2,3}", "{3,2}",
    "{0}", "{100000}", "{100001}", "{1,100001}", "{", "{a}", "{2", "{,}", "{1,2}?", "{1,2}+", "}",
]


def char_class(rng):
    parts = ["[", "^" if rng.random() < 0.2 else ""]
    for _ in range(rng.randint(0, 3)):
        parts.append(rng.choice(CLASS_ITEMS))
    if rng.random() < 0.93:
        parts.append("]")
    return "".join(parts)


def sequence(rng, depth):
    out = []
    for _ in range(rng.randint(0, 4)):
        r = rng.random()
        if r < 0.45:
            out.append(rng.choice(ATOMS))
        elif r < 0.6:
            out.append(char_class(rng))
        elif r < 0.72 and depth < 3:
            out.append(rng.choice(OPENERS))
            out.append(sequence(rng, depth + 1))
            if rng.random() < 0.92:
                out.append(")")
        elif r < 0.8:
            out.append(rng.choice(STANDALONE))
        else:
            out.append(rng.choice(QUANTIFIERS))
        if rng.random() < 0.25:
            out.append(rng.choice(QUANTIFIERS))
    return "".join(out)


# Mostly valid patterns, as real code writes them: the check must refuse none of those Ruby
# accepts.
VALID_ATOMS = [
    "a", "foo", "é", ".", "\\d", "\\w", "\\s", "\\S", "\\.", "\\/", "/", "\\-", "-", "_", ":",
    "\\x41", "\\u00e9", "\\u{1F600}", "\\p{Alpha}", "\\P{Digit}", "\\p{^Greek}", "\\n", "\\t",
    "\\\\", "\\$", "\\^", "\\*", "\\+", "\\?", "\\{", "\\}", "{", "}", ",", "=", "@", "#", "%",
    "'", '"', " ", "\\h", "\\0", "\\012", "\\cA", "\\e", "\\A", "\\z", "\\Z", "\\b", "^", "$",
]
VALID_CLASSES = [
    "[a-z]", "[^/]", "[[:alpha:]]", "[\\w.-]", "[0-9a-fA-F]", "[^\\s]", "[-a]", "[a-]", "[]a]",
    "[^]a]", "[a-z&&[^aeiou]]", "[[:^space:]]", "[\\p{Alpha}_]", "[é-ü]", "[\\x00-\\x7F]",
    "[/\\\\]", "[\\[\\]]", "[a-b-c]", "[!--]", "[a[b]]", "[\\d-]", "[:]", "[[:alpha]]",
]
VALID_QUANTIFIERS = ["*", "+", "?", "*?", "+?", "??", "{2}", "{1,3}", "{2,}", "{,4}", "*+", "{1,2}?"]


def valid_sequence(rng, depth, names):
    out = []
    for _ in range(rng.randint(1, 4)):
        r = rng.random()
        if r < 0.5:
            out.append(rng.choice(VALID_ATOMS))
        elif r < 0.7:
            out.append(rng.choice(VALID_CLASSES))
        elif r < 0.85 and depth < 3:
            kind = rng.choice(["(", "(?:", "(?=", "(?!", "(?>", "(?i:", "(?m-i:", "(?<n>", "(?<=", "(?<!"])
            if kind == "(?<n>":
                name = "n%d" % len(names)
                names.append(name)
                kind = "(?<%s>" % name
            out.append(kind)
            out.append(valid_sequence(rng, depth + 1, names))
            if rng.random() < 0.3:
                out.append("|")
                out.append(valid_sequence(rng, depth + 1, names))
            out.append(")")
        elif r < 0.9 and names:
            out.append(rng.choice(["\\k<%s>", "\\g<%s>"]) % rng.choice(names))
        elif r < 0.95:
            out.append("\\1")
        else:
            out.append("|")
        if rng.random() < 0.3 and out[-1] not in ("|",):
            out.append(rng.choice(VALID_QUANTIFIERS))
    return "".join(out)


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    valid = len(sys.argv) > 3 and sys.argv[3] == "--valid"
    rng = random.Random(seed)
    seen = set()
    while len(seen) < count:
        src = valid_sequence(rng, 0, []) if valid else sequence(rng, 0)
        if src in seen:
            continue
        seen.add(src)
        print(json.dumps({"src": src}, ensure_ascii=False))


main()
