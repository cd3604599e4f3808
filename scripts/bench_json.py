#!/usr/bin/env python3
# The benchmark scripts' results as JSON, target/bench/NAME.json, read by scripts/bench-report:
#
#   {"name", "command" (the command line that reproduces the run, from the repository's root),
#    "date" (UTC, ISO 8601), "commit" (`git rev-parse --short HEAD`, "-dirty" when tracked files
#    differ from it), "machine" {cpu, cores, ram_gib, kernel, os, rustc}, "load_before" (the
#    1, 5 and 15 minute load averages of /proc/loadavg when the script started), "load_after"
#    (when it wrote the results: the benchmark's own load included), "results": [{"id",
#    "what", "ours", "theirs", "unit", "ratio", "target"?, "met"?, "note"?}], "notes"?,
#    "not_run"? (why the benchmark could not run; then no results), "details"? (raw figures)}
#
# From Python (scripts/bench-lsp): bench_json.load(), bench_json.command_line(), bench_json.write().
# From bash, through scripts/bench_json.bash (sourced), or directly:
#
#   scripts/bench_json.py NAME --load "L1 L2 L3" [--env VAR,VAR] [--rows FILE] [--note TEXT]...
#                         [--not-run REASON] -- SCRIPT ARGS...
#
# FILE has one result a line, tab-separated: id, what, ours, theirs, unit, ratio, target, met,
# note (the last three optional; an empty field is null), or "#note<TAB>TEXT". `met` is yes/no;
# when it is empty and the target reads "<= X" or ">= X", it is the ratio held against X.
import argparse
import datetime
import json
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
OUT_DIR = os.path.join(ROOT, "target", "bench")


def load():
    """The 1, 5 and 15 minute load averages, now."""
    with open("/proc/loadavg") as f:
        return [float(x) for x in f.read().split()[:3]]


def _run(argv):
    try:
        return subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def commit():
    head = _run(["git", "rev-parse", "--short", "HEAD"])
    if head is None:
        return None
    # --no-optional-locks: no refresh of the index (this only reads).
    status = _run(["git", "--no-optional-locks", "status", "--porcelain", "--untracked-files=no"])
    return head + ("-dirty" if status else "")


def _field(path, prefix):
    """The rest of the first line of `path` that starts with `prefix` (None if none)."""
    try:
        with open(path) as f:
            for line in f:
                if line.startswith(prefix):
                    return line[len(prefix):].strip()
    except OSError:
        pass
    return None


def machine():
    cpu = _field("/proc/cpuinfo", "model name")
    cpu = cpu.split(":", 1)[1].strip() if cpu is not None and ":" in cpu else cpu
    ram = _field("/proc/meminfo", "MemTotal:")
    ram = round(int(ram.split()[0]) * 1024 / 2**30, 1) if ram else None
    system = _field("/etc/os-release", "PRETTY_NAME=")
    system = system.strip('"') if system is not None else None
    return {"cpu": cpu, "cores": os.cpu_count(), "ram_gib": ram, "kernel": os.uname().release,
            "os": system, "rustc": _run(["rustc", "--version"])}


def command_line(argv, env_names=()):
    """The command line: the variables of `env_names` that are set, then argv, shell-quoted."""
    words = [f"{name}={shlex.quote(os.environ[name])}" for name in env_names if name in os.environ]
    return " ".join(words + [shlex.quote(a) for a in argv])


TARGET = re.compile(r"^\s*(<=|>=|≤|≥|<|>)\s*([0-9][0-9,]*(?:\.[0-9]+)?)")


def met_of(ratio, target):
    """The ratio against a target "<= X" / ">= X" (None when either is missing)."""
    if ratio is None or not target:
        return None
    m = TARGET.match(target)
    if not m:
        return None
    limit = float(m.group(2).replace(",", ""))
    op = m.group(1)
    if op in ("<=", "≤"):
        return ratio <= limit
    if op in (">=", "≥"):
        return ratio >= limit
    return ratio < limit if op == "<" else ratio > limit


def result(id, what, ours, theirs, unit, ratio, target=None, met=None, note=None):
    r = {"id": id, "what": what, "ours": ours, "theirs": theirs, "unit": unit, "ratio": ratio}
    if target:
        r["target"] = target
        r["met"] = met if met is not None else met_of(ratio, target)
    if note:
        r["note"] = note
    return r


def write(name, command, load_before, results=(), notes=(), not_run=None, details=None):
    """Writes target/bench/NAME.json; returns its path."""
    record = {
        "name": name,
        "command": command,
        "date": datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
                        .isoformat().replace("+00:00", "Z"),
        "commit": commit(),
        "machine": machine(),
        "load_before": load_before,
        "load_after": load(),
        "results": list(results),
    }
    if notes:
        record["notes"] = list(notes)
    if not_run:
        record["not_run"] = not_run
    if details is not None:
        record["details"] = details
    os.makedirs(OUT_DIR, exist_ok=True)
    path = os.path.join(OUT_DIR, f"{name}.json")
    with open(path + ".tmp", "w") as f:
        json.dump(record, f, indent=2, ensure_ascii=False)
        f.write("\n")
    os.replace(path + ".tmp", path)
    print(f"{name}: results written to {os.path.relpath(path, ROOT)}", file=sys.stderr)
    return path


def _number(text):
    text = text.strip()
    if text == "":
        return None
    try:
        return float(text)
    except ValueError:
        return None


def read_rows(path):
    """The results of FILE, and its notes (lines "#note<TAB>TEXT")."""
    rows, notes = [], []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip():
                continue
            if line.startswith("#note\t"):
                notes.append(line.split("\t", 1)[1])
                continue
            fields = line.split("\t") + [""] * 9
            id, what, ours, theirs, unit, ratio, target, met, note = fields[:9]
            if not id or not what:
                sys.exit(f"bench_json: {path}:{n}: a row needs an id and a what: {line!r}")
            met_value = {"yes": True, "true": True, "no": False, "false": False}.get(met.strip().lower())
            rows.append(result(id, what, _number(ours), _number(theirs), unit or None, _number(ratio),
                               target or None, met_value, note or None))
    return rows, notes


def main():
    parser = argparse.ArgumentParser(description="Write a benchmark's results to target/bench/NAME.json.")
    parser.add_argument("name")
    parser.add_argument("--load", required=True, help="the load averages at the start: 'L1 L2 L3'")
    parser.add_argument("--env", default="", help="the variables (comma-separated) the command takes")
    parser.add_argument("--rows", help="the results, one a line, tab-separated")
    parser.add_argument("--note", action="append", default=[], help="a line of context (repeatable)")
    parser.add_argument("--not-run", help="why the benchmark could not run")
    parser.usage = "%(prog)s NAME --load 'L1 L2 L3' [options] -- SCRIPT ARGS..."
    own = sys.argv[1:]
    if "--" not in own:
        parser.error("the command (after --) is missing")
    argv = own[own.index("--") + 1:]
    args = parser.parse_args(own[:own.index("--")])
    if not argv:
        parser.error("the command (after --) is missing")
    results, notes = read_rows(args.rows) if args.rows and not args.not_run else ([], [])
    if not results and not args.not_run:
        sys.exit(f"bench_json: {args.name}: no results (and no --not-run reason)")
    write(args.name, command_line(argv, [v for v in args.env.split(",") if v]),
          [float(x) for x in args.load.split()[:3]], results, args.note + notes, args.not_run)


if __name__ == "__main__":
    main()
