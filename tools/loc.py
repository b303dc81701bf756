#!/usr/bin/env python3
"""Lines of code per folder, and the files over the size we aim for.

Usage: python3 tools/loc.py [--limit 1000] [root ...]

Counts the tracked source files (C++, CUDA, Python, CMake, YAML) under each
folder (default: paddle python tools test) and lists every file longer than
--limit lines: a file that big is worth splitting by family."""

from __future__ import annotations

import argparse
import collections
import os
import subprocess
import sys

SOURCE_SUFFIXES = (".h", ".cc", ".cu", ".cuh", ".py", ".cmake", ".yaml", ".txt", ".sh")


def tracked_files(roots: list[str]) -> list[str]:
    try:
        out = subprocess.run(["git", "ls-files", *roots], check=True, capture_output=True, text=True).stdout
        return [f for f in out.splitlines() if f.endswith(SOURCE_SUFFIXES)]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for root in roots:
            for dirpath, _, names in os.walk(root):
                files += [os.path.join(dirpath, n) for n in names if n.endswith(SOURCE_SUFFIXES)]
        return files


def count_lines(path: str) -> int:
    with open(path, "rb") as f:
        return sum(1 for _ in f)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("roots", nargs="*", default=["paddle", "python", "tools", "test"])
    parser.add_argument("--limit", type=int, default=1000, help="flag files longer than this")
    args = parser.parse_args(argv)

    per_folder: dict[str, int] = collections.Counter()
    too_long = []
    for path in tracked_files(args.roots):
        n = count_lines(path)
        per_folder[os.path.dirname(path) or "."] += n
        if n > args.limit:
            too_long.append((n, path))

    width = max((len(f) for f in per_folder), default=10)
    for folder in sorted(per_folder):
        print(f"{folder:<{width}}  {per_folder[folder]:>7}")
    print(f"{'total':<{width}}  {sum(per_folder.values()):>7}")
    if too_long:
        print(f"\nfiles over {args.limit} lines:")
        for n, path in sorted(too_long, reverse=True):
            print(f"  {n:>6}  {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
