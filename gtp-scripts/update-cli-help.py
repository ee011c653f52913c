#!/usr/bin/env python3
"""Rewrites the help blocks of docs/cli.md from the built binary (tests/cli_help.rs checks
that they match). Usage: gtp-scripts/update-cli-help.py [KOAN]"""
import subprocess
import sys
from pathlib import Path

root = Path(__file__).resolve().parent.parent
koan = sys.argv[1] if len(sys.argv) > 1 else str(root / "target/release/koan")
page = root / "docs" / "cli.md"
lines = page.read_text().split("\n")
for tool in ["", "analysis", "bench", "regress", "match", "train", "referee"]:
    words = [koan] + ([tool] if tool else []) + ["--help"]
    text = subprocess.run(words, capture_output=True, text=True, check=True).stdout
    help_lines = [l.rstrip() for l in text.rstrip().split("\n")]
    marker = "`koan " + (tool + " " if tool else "") + "--help`"
    start = next(i for i, l in enumerate(lines) if l.startswith(marker))
    open_ = next(i for i in range(start, len(lines)) if lines[i] == "```text")
    close = next(i for i in range(open_ + 1, len(lines)) if lines[i] == "```")
    lines[open_ + 1 : close] = help_lines
page.write_text("\n".join(lines))
