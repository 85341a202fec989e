# The commands of the README. Each installs what is missing first, so that a fresh Debian 12
# machine needs nothing else.
BUILD_DIR ?= build
JOBS ?= $(shell nproc)
PORT ?= 8080

.PHONY: setup build server web run test test-server test-api test-web test-e2e lint bench fmt fmt-check clean \
	test-server-postgresql test-api-postgresql

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

# test-server-postgresql and test-api-postgresql join this list, after test-server and test-api,
# once the server can keep an environment in PostgreSQL (until then the API run on PostgreSQL only
# repeats the one on SQLite). Side by side with the SQLite suites only if that proves faster: on
# 2 cores, suites side by side were slower than one after another (docs/decisions.md).
test: build fmt-check lint test-server test-api test-web test-e2e

lint:
	@cd web && npx eslint --max-warnings 0 .

test-server:
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS)

test-api:
	DOSSIER_BINARY=$(CURDIR)/$(BUILD_DIR)/dossier node --test --test-concurrency=$(JOBS) --test-timeout=120000 server/tests/api/

# The same suites on a throw-away PostgreSQL 15 that scripts/with-throwaway-postgresql.sh starts
# and removes again, reached through DOSSIER_TEST_POSTGRES_URL: the C++ tests labelled store (none
# yet), and the API tests with a database of their own for every environment of every server.
test-server-postgresql:
	scripts/with-throwaway-postgresql.sh ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS) -L store --no-tests=ignore

test-api-postgresql:
	DOSSIER_BINARY=$(CURDIR)/$(BUILD_DIR)/dossier scripts/with-throwaway-postgresql.sh node --test --test-concurrency=$(JOBS) --test-timeout=120000 server/tests/api/

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
