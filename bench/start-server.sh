# Sourced by the bench scripts.

# bench_work [bench]: $work, a temporary folder removed at exit (with the server running then, if
# any), holding the repository's environments plus the bench environment (a case type with 40
# fields) in $work/environments — or, given "bench", the bench environment alone, so that nothing
# else runs beside what is measured (the demo reads its documents' text, OCR among it, after its
# first start); $out, where the figures are written.
bench_work() {
  out=bench/output
  mkdir -p "$out"
  work=$(mktemp -d)
  server=""
  trap '[[ -n "$server" ]] && { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }; rm -rf "$work"' EXIT
  mkdir -p "$work/environments"
  if [[ "${1:-}" == bench ]]; then
    cp -r bench/environments/* "$work/environments/"
    defaultEnvironment=bench
  else
    cp -r environments/* bench/environments/* "$work/environments/"
    defaultEnvironment=demo
  fi
}

# start_server DATA ENVIRONMENTS LOG starts dossier on a free port in
# the background and sets $server (its pid) and $base (its address) once it listens. Every bench
# client comes from this machine: the limit of connections from one address is raised for them.
start_server() {
  DOSSIER_ADMIN_PASSWORD=Bench-Admin-Pass-1 "$binary" serve --port 0 --data "$1" \
    --environments "$2" --default-environment "$defaultEnvironment" --web-root web/dist --max-connections-per-address 4096 > "$3" 2>&1 &
  server=$!
  local port=""
  for _ in $(seq 300); do
    port=$(grep -o 'listening on http://[^:]*:[0-9]*' "$3" | grep -o '[0-9]*$' || true)
    [[ -n "$port" ]] && break
    sleep 0.1
  done
  [[ -n "$port" ]] || { cat "$3"; exit 1; }
  base="http://127.0.0.1:$port"
}

# bench_sign_in ENV: the session token of the user bench (password Load-Test-Pass-1) in ENV.
bench_sign_in() {
  curl -sf -X POST "$base/api/$1/authentication/login" -H 'Content-Type: application/json' \
    -d '{"username":"bench","password":"Load-Test-Pass-1"}' | sed -E 's/.*"token":"([^"]+)".*/\1/'
}

# open_bench_case DATA ENVIRONMENTS: on the server started on them, the user bench of the bench
# environment signs in ($token) and makes one case file with its forty fields filled ($caseNumber,
# $caseBody: the body that made it, to make more).
open_bench_case() {
  printf 'Load-Test-Pass-1\n' | "$binary" user add --data "$1" --environments "$2" \
    --env bench bench >/dev/null
  token=$(bench_sign_in bench)
  caseBody="{\"caseEntityType\":\"FILE\",\"values\":$(cat bench/casefile-values.json)}"
  caseNumber=$(curl -sf -X POST "$base/api/bench/case" -H 'Content-Type: application/json' \
    -H "X-Session-Token: $token" -d "$caseBody" | sed -E 's/.*"caseNumber":"([^"]+)".*/\1/')
}

# write_create_script: $work/create.lua, which has wrk make a case file like open_bench_case's
# ($caseBody) as the user of $token.
write_create_script() {
  cat > "$work/create.lua" <<LUA
wrk.method = "POST"
wrk.body = [[$caseBody]]
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-Session-Token"] = "$token"
LUA
}

# wrk_rate CLIENTS LOG WRK-ARGUMENTS...: the requests per second wrk reports with CLIENTS
# connections for $duration seconds, after a 2 s warm-up; its whole report is added to LOG.
wrk_rate() {
  local clients=$1 log=$2
  shift 2
  wrk -t1 -c"$clients" -d2s "$@" > /dev/null
  wrk -t1 -c"$clients" -d"${duration}s" --latency "$@" | tee -a "$log" |
    awk '/Requests\/sec/ {print $2}'
}
