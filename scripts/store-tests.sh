#!/bin/sh
# Prints the GoogleTest filter of the C++ tests that use an environment's database (the store
# tests): those in files that include, directly or through another support header, the test
# environment or the PostgreSQL support. make test-server-postgresql runs them on PostgreSQL.
set -eu
tests=server/tests
headers="support/test_environment.hpp support/postgresql.hpp"
# Support headers that include one of those, until no more are found.
while :; do
  more=$(cd "$tests" && for header in $headers; do grep -l "#include \"$header\"" support/*.hpp 2>/dev/null || true; done | sort -u)
  all=$(printf '%s\n' $headers $more | sort -u)
  [ "$all" = "$(printf '%s\n' $headers | sort -u)" ] && break
  headers=$all
done
pattern=$(printf '#include "%s"\\|' $headers | sed 's/\\|$//')
files=$(grep -rl --include='*_test.cpp' "$pattern" "$tests")
# Their tests, and the typed suites they instantiate (a store's run of a contract suite, named
# <Prefix>/<Suite>/<n>.<test>).
{
  echo "$files" | xargs grep -ho '^\(TYPED_\)\?TEST\(_F\|_P\)\?(\w\+' |
    sed 's/.*(//' | sort -u |
    awk '{ printf "%s.*\n*/%s.*\n", $0, $0 }'
  echo "$files" | xargs grep -ho '^INSTANTIATE_TYPED_TEST_SUITE_P(\w\+, *\w\+' |
    sed 's/.*(\(\w\+\), *\(\w\+\)/\1\/\2\/*/' | sort -u
} | paste -sd: -
