# NavGraph — the two commands a newcomer needs are `make demo` and `make test`.
SWIFT ?= swift

FUZZ_SECONDS ?= 30
FUZZ_DIR := .build/fuzz
CORE_SOURCES := $(shell find Sources/NavigationCore -name '*.swift' | LC_ALL=C sort)

.PHONY: demo test fuzz build clean

## demo: build and run the main job (today: a store driven through a real shop flow)
demo:
	$(SWIFT) run StoreDemo

## test: build everything and run the whole test suite
test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## fuzz: feed arbitrary bytes as URLs to the deep-link pipeline for FUZZ_SECONDS (libFuzzer + ASan)
fuzz:
	mkdir -p $(FUZZ_DIR)/corpus
	swiftc -O -sanitize=fuzzer,address -use-ld=lld -parse-as-library -module-name DeepLinkFuzz \
		Fuzz/DeepLinkFuzzer.swift $(CORE_SOURCES) -o $(FUZZ_DIR)/deep-link-fuzzer
	$(FUZZ_DIR)/deep-link-fuzzer -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -timeout=5 \
		-print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/ $(FUZZ_DIR)/corpus Fuzz/Seeds

build:
	$(SWIFT) build

clean:
	rm -rf .build
