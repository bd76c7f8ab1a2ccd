# NavGraph — the two commands a newcomer needs are `make demo` and `make test`.
SWIFT ?= swift

.PHONY: demo test build clean

## demo: build and run the main job (today: a store driven through a real shop flow)
demo:
	$(SWIFT) run StoreDemo

## test: build everything and run the whole test suite
test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

build:
	$(SWIFT) build

clean:
	rm -rf .build
