#!/usr/bin/env python3
"""Counts how often each piece kind stands on each square in the games of PGN files,
as the evaluation's square tables index them (diagrams from White's side: a white piece
on square s counts at s ^ 56, a black one at s). Prints a JSON list of 6 lists of 64
counts (pawn, knight, bishop, rook, queen, king), one count per position after each move.

    scripts/square_counts.py GAMES.pgn [...] > counts.json

Standard games only (a game with a Variant tag other than Standard is skipped). Needs
python-chess (pip install chess).
"""
import json
import sys

import chess
import chess.pgn


def main(paths):
    counts = [[0] * 64 for _ in range(6)]
    games = 0
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            while (game := chess.pgn.read_game(f)) is not None:
                if game.headers.get("Variant", "Standard") not in ("Standard", ""):
                    continue
                games += 1
                board = game.board()
                for move in game.mainline_moves():
                    board.push(move)
                    for sq, piece in board.piece_map().items():
                        idx = sq ^ 56 if piece.color == chess.WHITE else sq
                        counts[piece.piece_type - 1][idx] += 1
    print(f"{games} games", file=sys.stderr)
    json.dump(counts, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1:])
