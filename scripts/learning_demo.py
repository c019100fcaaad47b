#!/usr/bin/env python3
"""Learning against a fixed opponent, driven as python-chess users drive engines
(pip install chess): Tiefe with `Learning` on plays the same opening again and again
against a deterministic opponent (another engine at a fixed depth, one thread); after
each loss it should leave the line it lost with. Not part of the build or the tests.

    scripts/learning_demo.py [TIEFE] [OPPONENT] [GAMES]
        defaults: target/release/tiefe, /usr/games/stockfish, 4
"""

import os
import sys
import tempfile

import chess
import chess.engine

tiefe_path = sys.argv[1] if len(sys.argv) > 1 else "target/release/tiefe"
opponent_path = sys.argv[2] if len(sys.argv) > 2 else "/usr/games/stockfish"
games = int(sys.argv[3]) if len(sys.argv) > 3 else 4
START = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"


def main():
    learn_file = os.path.join(tempfile.mkdtemp(), "demo.lrn")
    tiefe = chess.engine.SimpleEngine.popen_uci(tiefe_path)
    opponent = chess.engine.SimpleEngine.popen_uci(opponent_path)
    tiefe.configure({"Learning": True, "LearningFile": learn_file})
    if "Threads" in opponent.options:
        opponent.configure({"Threads": 1})
    previous = None
    try:
        for g in range(games):
            board = chess.Board(START)
            game = object()  # a new game object: python-chess sends ucinewgame
            while not board.is_game_over(claim_draw=True) and board.ply() < 200:
                if board.turn == chess.WHITE:
                    r = tiefe.play(board, chess.engine.Limit(depth=4), game=game)
                else:
                    r = opponent.play(board, chess.engine.Limit(depth=8), game=game)
                board.push(r.move)
            moves = [m.uci() for m in board.move_stack]
            result = board.result(claim_draw=True)
            split = None
            if previous is not None:
                split = next((i for i, (a, b) in enumerate(zip(previous, moves)) if a != b), None)
            print(f"game {g + 1}: {result} in {len(moves)} plies"
                  + ("" if previous is None else
                     (" - same line as before" if split is None
                      else f" - left the previous line at ply {split + 1}: "
                           f"{moves[split]} for {previous[split]}")))
            previous = moves
        # The learning file is written at the next new game; start one to flush it.
        tiefe.play(chess.Board(START), chess.engine.Limit(depth=1), game=object())
        print(f"learning file: {os.path.getsize(learn_file)} bytes")
    finally:
        tiefe.quit()
        opponent.quit()


if __name__ == "__main__":
    main()
