# Sourced by the bench scripts: start_server DATA ENVIRONMENTS LOG starts dossier on a free port in
# the background and sets $server (its pid) and $base (its address) once it listens. Every bench
# client comes from this machine: the limit of connections from one address is raised for them.
start_server() {
  DOSSIER_ADMIN_PASSWORD=Bench-Admin-Pass-1 "$binary" serve --port 0 --data "$1" \
    --environments "$2" --web-root web/dist --max-connections-per-address 4096 > "$3" 2>&1 &
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
