# `make` builds the engine as $(EXE), as OpenBench expects (`make EXE=name`).
# -p and --bin pick the engine's binary alone (the workspace has the tools beside it, and
# the package a library too), since rustc flags go to one target.
EXE ?= tiefe

$(EXE):
	cargo rustc --release -p tiefe --bin tiefe -- -C target-cpu=native --emit link=$(EXE)

.PHONY: $(EXE) test bench ci clean

test:
	cargo test --release

bench: $(EXE)
	./$(EXE) bench

ci:
	bash .ci/run

clean:
	cargo clean
	rm -f $(EXE)
