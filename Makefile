# The commands of the README. Each installs what is missing first, so that a fresh Debian 12
# machine needs nothing else.
BUILD_DIR ?= build
JOBS ?= $(shell nproc)
PORT ?= 8080

.PHONY: setup build server web run test test-server test-api test-web test-e2e lint bench fmt fmt-check clean

setup:
	@scripts/setup.sh

server: setup
	@cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS)

web: setup
	@cd web && npm run -s build

build: server web

run: build
	./$(BUILD_DIR)/dossier serve --port $(PORT)

test: build fmt-check lint test-server test-api test-web test-e2e

lint:
	@cd web && npx eslint --max-warnings 0 .

test-server:
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS)

test-api:
	DOSSIER_BINARY=$(CURDIR)/$(BUILD_DIR)/dossier node --test --test-concurrency=$(JOBS) --test-timeout=120000 server/tests/api/

test-web:
	cd web && npx vitest run

test-e2e:
	cd web && DOSSIER_BINARY=$(CURDIR)/$(BUILD_DIR)/dossier npx playwright test

bench:
	@DOSSIER_SETUP_BENCH=1 scripts/setup.sh
	@$(MAKE) --no-print-directory build
	bench/run.sh

CXX_SOURCES = $(shell find server -name '*.cpp' -o -name '*.hpp')

fmt:
	@clang-format -i $(CXX_SOURCES)

fmt-check:
	@clang-format --dry-run --Werror $(CXX_SOURCES)

clean:
	rm -rf $(BUILD_DIR) web/dist
