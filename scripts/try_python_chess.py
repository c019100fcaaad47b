#!/usr/bin/env python3
"""Drives Tiefe the way python-chess users do (pip install chess); a manual check of
the options GUIs and scripts reach for. Not part of the build or the tests.

    scripts/try_python_chess.py [ENGINE]      (default target/release/tiefe)
"""

import sys
import time

import chess
import chess.engine

engine_path = sys.argv[1] if len(sys.argv) > 1 else "target/release/tiefe"


def main():
    board = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
    with chess.engine.SimpleEngine.popen_uci(engine_path) as engine:
        print("id:", engine.id)
        print("options:", ", ".join(sorted(engine.options)))

        infos = engine.analyse(board, chess.engine.Limit(depth=10), multipv=3)
        for i in infos:
            print("multipv", i["multipv"], "score", i["score"].white(), "pv", board.variation_san(i["pv"][:4]))
        assert len(infos) == 3 and len({i["pv"][0] for i in infos}) == 3

        root = [board.parse_san("Ng5"), board.parse_san("O-O")]
        info = engine.analyse(board, chess.engine.Limit(depth=8), root_moves=root)
        print("root_moves", [board.san(m) for m in root], "->", board.san(info["pv"][0]))
        assert info["pv"][0] in root

        engine.configure({"UCI_ShowWDL": True})
        info = engine.analyse(board, chess.engine.Limit(depth=8))
        print("wdl", info.get("wdl"), "expectation", info["wdl"].white().expectation())
        engine.configure({"UCI_ShowWDL": False})

        t = time.time()
        n = 0
        with engine.analysis(board) as analysis:
            for info in analysis:
                n += 1
                if time.time() - t > 1.0:
                    break
        print(f"analysis(): {n} infos streamed, stopped after {time.time() - t:.2f}s")

        result = engine.play(board, chess.engine.Limit(time=0.3), ponder=True)
        print("play with ponder:", board.san(result.move), "ponder", result.ponder)
        b2 = board.copy()
        b2.push(result.move)
        if result.ponder:
            b2.push(result.ponder)
        result = engine.play(b2, chess.engine.Limit(time=0.3), ponder=True)
        print("next move", b2.san(result.move))

        engine.configure({"Threads": 2})
        info = engine.analyse(board, chess.engine.Limit(depth=12))
        print("Threads=2 depth", info["depth"], "nodes", info["nodes"])
        engine.configure({"Threads": 1})

        for elo in (1200, 1800, 2400):
            engine.configure({"UCI_LimitStrength": True, "UCI_Elo": elo})
            game = chess.Board()
            for _ in range(6):
                r = engine.play(game, chess.engine.Limit(time=0.1))
                game.push(r.move)
            print(f"UCI_Elo {elo}: {chess.Board().variation_san(game.move_stack)}")
        engine.configure({"UCI_LimitStrength": False})
    print("all python-chess checks passed")


if __name__ == "__main__":
    main()
