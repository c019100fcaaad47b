# `make` builds the engine as $(EXE), as OpenBench expects (`make EXE=name`).
# --bin is needed because the package has a library too and rustc flags go to one target.
EXE ?= tiefe

$(EXE):
	cargo rustc --release --bin tiefe -- -C target-cpu=native --emit link=$(EXE)

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
