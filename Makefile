# The commands of the README. Each installs what is missing first, so that a fresh Debian 12
# machine needs nothing else.
BUILD_DIR ?= build
JOBS ?= $(shell nproc)
PORT ?= 8080

.PHONY: setup build server web run test test-server test-api test-web test-e2e lint bench fmt fmt-check clean \
	test-server-postgresql test-api-postgresql test-databases

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

# The suites that run against a real server or database wait on it more than they compute: the API
# suites on SQLite and on PostgreSQL and the C++ store tests on PostgreSQL run side by side
# (measured: 6 min 52 s together on 2 cores, against 6 min 30 s for the SQLite API suite alone).
test: build fmt-check lint test-server test-databases test-web test-e2e

test-databases:
	@$(MAKE) --no-print-directory --output-sync=target -j 3 test-api test-api-postgresql test-server-postgresql

lint:
	@cd web && npx eslint --max-warnings 0 .

test-server:
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS)

test-api:
	DOSSIER_BINARY=$(CURDIR)/$(BUILD_DIR)/dossier node --test --test-concurrency=$(JOBS) --test-timeout=120000 server/tests/api/

# The same suites on a throw-away PostgreSQL 15 that scripts/with-throwaway-postgresql.sh starts
# and removes again, reached through DOSSIER_TEST_POSTGRES_URL: the C++ tests labelled store (none
# yet), and the API tests with a database of their own for every environment of every server.
# The C++ tests that use an environment's database (scripts/store-tests.sh), each on a scratch
# PostgreSQL database; one process, since each test's database is a quick copy of a template.
test-server-postgresql:
	DOSSIER_TEST_BACKEND=postgresql scripts/with-throwaway-postgresql.sh $(BUILD_DIR)/server/tests/dossier_tests --gtest_brief=1 --gtest_filter="$$(scripts/store-tests.sh)"

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

CXX_SOURCES = $(shell find server bench -name '*.cpp' -o -name '*.hpp')

fmt:
	@clang-format -i $(CXX_SOURCES)

fmt-check:
	@clang-format --dry-run --Werror $(CXX_SOURCES)

clean:
	rm -rf $(BUILD_DIR) web/dist
