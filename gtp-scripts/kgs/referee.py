#!/usr/bin/env python3
"""Plays koan against GNU Go the way the kgsGtp bridge drives an engine, referees the game,
and checks that koan's final score agrees with GNU Go's.

koan gets what kgsGtp sends: list_commands, name, version, boardsize, clear_board, komi,
kgs-rules, kgs-time_settings, then time_left before each genmove, play for the opponent's
moves, final_status_list dead once both have passed, kgs-genmove_cleanup while the two
programs disagree about dead stones (as KGS does when the opponent disputes them), and
kgs-game_over at the end. GNU Go gets plain GTP, with its rules set on its command line.

  python3 gtp-scripts/kgs/referee.py --rules japanese
  python3 gtp-scripts/kgs/referee.py --rules chinese --koan-color b
  python3 gtp-scripts/kgs/referee.py --rules japanese --koan-color none --gnugo "... --seed 3"

With --record NAME, koan's side of the session is written to NAME.gtp (the commands, with
the koan command line in the first line) and NAME.out (koan's exact answers), which
tests/kgs_session.rs replays. Recording uses a synthetic clock (two seconds a move) and a
fixed playout count, so that the session is deterministic.

Exit status: 0 when the game ended by two passes and both programs gave the same score, 1
otherwise.
"""

import argparse
import shlex
import subprocess
import sys
import time

COLORS = ("b", "w")


class Engine:
    """A GTP engine in a subprocess."""

    def __init__(self, name, argv, transcript=None):
        self.name = name
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.transcript = transcript

    def send(self, command):
        """Sends one command; returns (ok, body). A malformed or missing answer raises."""
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        raw = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError(f"{self.name} died after '{command}'")
            raw.append(line)
            if line == "\n" and len(raw) > 1:
                break
        if self.transcript is not None:
            self.transcript.append((command, "".join(raw)))
        text = "".join(raw).rstrip("\n")
        if text[:1] not in "=?":
            raise RuntimeError(f"{self.name}: protocol error after '{command}': {text!r}")
        return text[0] == "=", text[1:].strip()

    def must(self, command):
        ok, body = self.send(command)
        if not ok:
            raise RuntimeError(f"{self.name} refused '{command}': {body}")
        return body

    def close(self):
        try:
            self.send("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.proc.wait(timeout=10)


class Clock:
    """A KGS byo-yomi clock: main time, then periods of one move each."""

    def __init__(self, main, period, periods, synthetic):
        self.main, self.period, self.periods = main, period, periods
        self.synthetic = synthetic

    def time_left(self):
        """GTP's time_left numbers: main time left and 0, or the period and periods left."""
        if self.main > 0:
            return int(self.main), 0
        return int(self.period), self.periods

    def spend(self, seconds):
        if self.synthetic is not None:
            seconds = self.synthetic
        if self.main > 0:
            used = min(self.main, seconds)
            self.main -= used
            seconds -= used
        if seconds > self.period and self.periods > 0:
            self.periods -= 1


def normalise(move):
    return move.strip().upper() if move.strip().lower() not in ("pass", "resign") else move.lower()


def dead_set(body):
    return set(body.split())


def play_game(args):
    transcript = [] if args.record else None
    koan_argv = shlex.split(args.koan)
    gnugo_argv = shlex.split(args.gnugo) + [
        "--japanese-rules" if args.rules == "japanese" else "--chinese-rules"
    ]
    koan = Engine("koan", koan_argv, transcript)
    gnugo = Engine("gnugo", gnugo_argv)
    koan_color = args.koan_color
    log = print if not args.quiet else (lambda *a, **k: None)
    try:
        commands = koan.must("list_commands").split()
        koan.must("name")
        koan.must("version")
        for e in (koan, gnugo):
            e.must(f"boardsize {args.size}")
            e.must("clear_board")
            e.must(f"komi {args.komi}")
        if "kgs-rules" in commands:
            koan.must(f"kgs-rules {args.rules}")
        if "kgs-time_settings" in commands:
            koan.must(f"kgs-time_settings byoyomi {args.main} {args.period} {args.periods}")
        else:
            koan.must(f"time_settings {args.main} {args.period} 1")
        if args.chat and "kgs-chat" in commands:
            koan.must("kgs-chat private referee which rules do you play?")
        clock = Clock(args.main, args.period, args.periods, 2 if args.record else None)

        to_move = "b"
        passes = 0
        moves = 0
        cleanup = False
        dead_koan = dead_gnugo = set()
        while True:
            if moves >= args.max_moves:
                log("move limit reached")
                return False, None
            if to_move == koan_color:
                secs, periods = clock.time_left()
                koan.must(f"time_left {to_move} {secs} {periods}")
                start = time.monotonic()
                verb = "kgs-genmove_cleanup" if cleanup else "genmove"
                move = normalise(koan.must(f"{verb} {to_move}"))
                clock.spend(time.monotonic() - start)
                if move != "resign":
                    gnugo.must(f"play {to_move} {move}")
            else:
                verb = "kgs-genmove_cleanup" if cleanup else "genmove"
                move = normalise(gnugo.must(f"{verb} {to_move}"))
                if move != "resign":
                    koan.must(f"play {to_move} {move}")
            moves += 1
            log(f"{moves:3} {to_move} {move}")
            if move == "resign":
                winner = "W" if to_move == "b" else "B"
                log(f"{to_move} resigns: {winner}+R")
                return False, f"{winner}+R"
            passes = passes + 1 if move == "pass" else 0
            to_move = "w" if to_move == "b" else "b"
            if passes < 2:
                continue
            if args.sgf and not cleanup:
                with open(args.sgf, "w") as f:
                    f.write(gnugo.must("printsgf"))
            dead_koan = dead_set(koan.must("final_status_list dead"))
            dead_gnugo = dead_set(gnugo.must("final_status_list dead"))
            log(f"koan dead:  {' '.join(sorted(dead_koan)) or '-'}")
            log(f"gnugo dead: {' '.join(sorted(dead_gnugo)) or '-'}")
            disputed = dead_koan != dead_gnugo or (args.force_cleanup and not cleanup)
            if disputed and not cleanup:
                log("dead stones disputed: cleanup phase")
                cleanup = True
                passes = 0
                continue
            break
        score_koan = koan.must("final_score")
        score_gnugo = gnugo.must("final_score")
        koan.must("kgs-game_over")
        log(f"koan final_score:  {score_koan}")
        log(f"gnugo final_score: {score_gnugo}")
        agree = score_koan == score_gnugo
        log("scores agree" if agree else "SCORES DIFFER")
        return agree, score_koan
    finally:
        koan.close()
        gnugo.close()
        if args.record:
            write_record(args, transcript)


def write_record(args, transcript):
    with open(args.record + ".gtp", "w") as gtp, open(args.record + ".out", "w") as out:
        gtp.write(f"# {args.koan}\n")
        for command, answer in transcript:
            gtp.write(command + "\n")
            out.write(answer)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rules", choices=["japanese", "chinese"], default="japanese")
    p.add_argument("--koan-color", choices=COLORS + ("none",), default="w",
                   help="koan's colour; none: GNU Go plays both sides and koan only scores")
    p.add_argument("--size", type=int, default=9)
    p.add_argument("--komi", type=float, default=None)
    p.add_argument("--koan", default="./target/release/koan --threads 1 --time-per-move 0.5 "
                   "--resign-threshold 0")
    p.add_argument("--gnugo", default="/usr/games/gnugo --mode gtp --level 5 --never-resign")
    p.add_argument("--main", type=int, default=300, help="main time, seconds")
    p.add_argument("--period", type=int, default=30, help="byo-yomi period, seconds")
    p.add_argument("--periods", type=int, default=5, help="byo-yomi periods")
    p.add_argument("--max-moves", type=int, default=300)
    p.add_argument("--force-cleanup", action="store_true",
                   help="always hold a cleanup phase, as after a dispute")
    p.add_argument("--chat", action="store_true", help="send one kgs-chat if koan lists it")
    p.add_argument("--record", metavar="NAME", help="write NAME.gtp and NAME.out")
    p.add_argument("--sgf", metavar="FILE", help="save the game (by GNU Go) when play first stops")
    p.add_argument("--quiet", action="store_true")
    args = p.parse_args()
    if args.komi is None:
        args.komi = 6.5 if args.rules == "japanese" else 7.5
    agree, result = play_game(args)
    print(f"result: {result} ({'scores agree' if agree else 'scores differ or no score'})")
    sys.exit(0 if agree else 1)


if __name__ == "__main__":
    main()
