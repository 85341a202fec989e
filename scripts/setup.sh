#!/usr/bin/env bash
# Installs what building, running and testing Dossier needs on Debian 12, and only what is missing:
# Debian packages with apt-get, the web app's npm packages with `npm ci` from the lock files.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  build-essential cmake ninja-build ccache pkg-config git clang-format
  libboost1.81-dev libboost-json1.81-dev libboost-url1.81-dev
  libsqlite3-dev sqlite3 libsodium-dev libspdlog-dev libfmt-dev libcli11-dev
  libyaml-cpp-dev libgtest-dev libgmock-dev libxapian-dev libmagic-dev
  libpoppler-cpp-dev libzip-dev libpugixml-dev libtesseract-dev tesseract-ocr-eng libssl-dev
  liblua5.4-dev
  # The server's allocator (server/CMakeLists.txt).
  libjemalloc-dev
  # Backup files: tar archives, compressed with gzip or zstd.
  libarchive-dev
  # Report exports: XLSX (zipped with zlib), PDF (cairo and pango, with fonts for any script), and
  # pdftotext, by which the tests read an exported PDF back.
  zlib1g-dev libcairo2-dev libpango1.0-dev fonts-noto-core poppler-utils
  # Scheduled reports run at a time in their owner's time zone: the tz database and a reader of it.
  libhowardhinnant-date-dev tzdata
  # Two-factor sign-in: the QR code of a new secret, drawn by the server.
  libqrencode-dev
  # Windows sign-in: MIT GSSAPI for the server; a Kerberos KDC, kadmin.local and kinit for the
  # throw-away realm the tests start, and curl, whose --negotiate makes a browser's token
  # (server/tests/api/support/kerberos.mjs).
  libkrb5-dev krb5-kdc krb5-admin-server krb5-user curl
  # PostgreSQL 15: libpq's headers for the server's PostgreSQL backend, and the server programs
  # for the throw-away cluster the tests run on (scripts/with-throwaway-postgresql.sh).
  libpq-dev postgresql-15
  # The load balancer in front of three server processes in the cluster test.
  haproxy
  nodejs
  # The end-to-end tests drive Debian's Chromium (no browser can be downloaded by npm here).
  chromium
)
# libcurl's headers, for sending e-mail: either of Debian's flavours will do (they exclude each
# other), the OpenSSL one when neither is there.
if ! dpkg-query -W -f='${Status}' libcurl4-openssl-dev 2>/dev/null | grep -q "install ok installed" &&
  ! dpkg-query -W -f='${Status}' libcurl4-nss-dev 2>/dev/null | grep -q "install ok installed" &&
  ! dpkg-query -W -f='${Status}' libcurl4-gnutls-dev 2>/dev/null | grep -q "install ok installed"; then
  packages+=(libcurl4-openssl-dev)
fi
# Benchmarks need a load generator, and the start-up bench Xapian's replication tools and GNU
# time; only `make bench` asks for them.
if [[ "${DOSSIER_SETUP_BENCH:-0}" == 1 ]]; then
  packages+=(wrk python3 xapian-tools time)
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
# Debian's nodejs comes without npm; NodeSource's includes it.
if ! command -v npm >/dev/null 2>&1 && [[ ! " ${missing[*]} " =~ " nodejs " ]]; then
  missing+=(npm)
fi

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""
  if [[ $(id -u) -ne 0 ]]; then
    sudo="sudo"
  fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update
  $sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi

# npm packages, from the committed lock files, whenever the lock file changed since the last install.
for folder in web server/tests/api; do
  if [[ -f "$folder/package-lock.json" ]]; then
    stamp="$folder/node_modules/.package-lock.json"
    if [[ ! -f "$stamp" || "$folder/package-lock.json" -nt "$stamp" ]]; then
      echo "setup: npm ci in $folder"
      (cd "$folder" && npm ci --no-audit --no-fund)
    fi
  fi
done
