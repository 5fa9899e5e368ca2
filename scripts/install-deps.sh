#!/usr/bin/env bash
# Installs the Debian 12 packages catan-server needs, only those that are missing.
# Usage: scripts/install-deps.sh [build|test]   (test adds what the test suite and benchmarks need)
set -euo pipefail

mode="${1:-build}"
packages=(g++ cmake ninja-build ccache pkg-config
          libboost1.81-dev nlohmann-json3-dev libspdlog-dev libsqlite3-dev libcli11-dev
          libpq-dev   # libpq: PostgreSQL as the store's second backend (--data postgresql://...)
          libssl-dev  # libcrypto: SHA-256 of seat tokens in the data file
          zlib1g-dev  # zlib: the embedded web client is gzip-compressed at build time
          help2man    # the man page, generated from --help at build time (cmake/packaging.cmake)
          ca-certificates)  # notifications: the push services' and the SMTP relay's certificates are checked
if [[ "$mode" == "test" ]]; then
  packages+=(catch2 libbenchmark-dev)
  packages+=(python3)  # the checkers run by CTest: tests/layers (includes), tests/rules (the rules digest)
  packages+=(openssl)  # the TLS tests make their own certificates with the openssl command line (tests/notify: STARTTLS too)
  # The sanitizer builds and fuzzers (scripts/sanitize.sh, scripts/fuzz.sh): clang, its ASan/UBSan/TSan
  # and libFuzzer runtimes (not pulled in by clang without recommends), llvm-symbolizer for the reports.
  packages+=(clang libclang-rt-14-dev llvm)
  # Node runs the schema validator (Ajv), the browser tests, and tests/notify's push endpoint and SMTP
  # server (node:crypto, node:tls). Any install that provides
  # node and npm will do (Debian's packages, or NodeSource's nodejs which bundles npm).
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    packages+=(nodejs npm)
  fi
  # The web client's end-to-end tests drive Debian's Chromium through npm playwright-core.
  packages+=(chromium fonts-noto-cjk)  # CJK fonts so Korean and Japanese screenshots are readable
  # The package tests (tests/package): cpack's DEB generator computes dependencies with
  # dpkg-shlibdeps (dpkg-dev) and file; systemd-analyze (systemd) checks the unit. Installing the
  # systemd package does not start it in a container.
  packages+=(dpkg-dev file systemd)
  # The store tests run against a real PostgreSQL too (tests/store/pg_server.hpp): initdb, pg_ctl and
  # postgres of Debian's server package, started by the tests in a temporary folder.
  packages+=(postgresql)
  packages+=(nginx caddy openssl)  # tests/net/test_reverse_proxy.cpp: docs/proxy/ configs, real proxies (openssl: their test certificate)
  packages+=(haproxy)  # tests/net/test_cluster_proxy.cpp: docs/cluster/haproxy.cfg in front of three real nodes (nginx too)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

sudo=""
if [[ "$(id -u)" -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "error: missing packages (${missing[*]}) and no sudo; run this script as root" >&2; exit 1; }
  sudo="sudo"
fi
echo "Installing missing packages: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
