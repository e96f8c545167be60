#!/usr/bin/env bash
# Load benchmark of `qrauth serve` (release build, plain HTTP on loopback): many concurrent clients,
# each list call carrying a fresh possession_universal token digest the server verifies (HMAC,
# timestamp window, nonce replay cache). Reports verified requests/s and latency percentiles, and a
# baseline of the same server answering an unauthenticated 404, with the ratio.
#   scripts/bench-serve.sh [SECONDS] [CONCURRENCY]     (defaults 10 and 64)
# Client and server share the machine's cores: the figures are for both on one box.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-10}
concurrency=${2:-64}
cd "$here"

# BENCH_CONFIG=debug (scripts/bench-smoke.sh) checks that the script runs; QRAUTH=path skips building qrauth.
config=${BENCH_CONFIG:-release}
if [[ -z "${QRAUTH:-}" ]]; then
    swift build -c "$config" --product qrauth >&2
    QRAUTH=$(swift build -c "$config" --show-bin-path)/qrauth
fi
# The benchmarks' own scratch path, as the other bench scripts: sharing the main package's .build made SwiftPM
# look for serve-load in the main package's build plan ("No target named 'serve-load'").
swift build -c "$config" --package-path Benchmarks --scratch-path .build-bench --product serve-load >&2
qrauth=$QRAUTH
load=.build-bench/$config/serve-load

work=$(mktemp -d)
server_pid=""
cleanup() {
    if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then kill -TERM "$server_pid"; wait "$server_pid" || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

printf '1234\n' | "$qrauth" activation create --device "$work/device.json" --server-activation "$work/server.json" --password-stdin >/dev/null
"$qrauth" serve --http --port 0 --activation "$work/server.json" --log-level error >"$work/out.txt" 2>"$work/err.txt" &
server_pid=$!
for _ in $(seq 1 200); do
    [[ -s "$work/out.txt" ]] && break
    sleep 0.05
done
url=$(head -1 "$work/out.txt")
[[ "$url" == http://* ]] || { echo "bench-serve: the server did not start: $(cat "$work/err.txt")" >&2; exit 1; }
echo "== qrauth serve $url | $(nproc) cores | ${seconds}s | $concurrency clients" >&2
"$load" --url "$url" --device "$work/device.json" --concurrency "$concurrency" --seconds "$seconds"
