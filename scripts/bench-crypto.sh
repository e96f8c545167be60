#!/usr/bin/env bash
# P-256 ECDSA: qrauth's QRAuthCrypto against `openssl speed` in the same run, on one core.
#   scripts/bench-crypto.sh [SECONDS]      (default 3; BENCH_CPU=N picks the core, default 0)
# Both rates are operations per user-CPU second (openssl speed's default accounting), so a busy
# machine slows both alike. Prints our rate, openssl's and the ratio for verify and sign.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-3}
cpu=${BENCH_CPU:-0}
cd "$here"

swift build -c release --package-path Benchmarks --scratch-path .build-bench >&2
bench=.build-bench/release/qrauth-bench

pin=()
if command -v taskset >/dev/null; then pin=(taskset -c "$cpu"); else echo "bench-crypto: taskset missing, not pinned" >&2; fi

echo "== $(openssl version) | $(uname -m) | core $cpu | ${seconds}s per measurement" >&2
# Last line: " 256 bits ecdsa (nistp256)   0.0000s   0.0001s  35591.7  13117.5" = sign/s verify/s.
speed_line=$("${pin[@]}" openssl speed -seconds "$seconds" ecdsap256 2>/dev/null | grep 'nistp256' | tail -1)
openssl_sign=$(awk '{print $(NF-1)}' <<<"$speed_line")
openssl_verify=$(awk '{print $NF}' <<<"$speed_line")

ours_verify_line=$("${pin[@]}" "$bench" ecdsa-verify --seconds "$seconds")
ours_sign_line=$("${pin[@]}" "$bench" ecdsa-sign --seconds "$seconds")
ours_verify=$(awk '{print $2}' <<<"$ours_verify_line")
ours_sign=$(awk '{print $2}' <<<"$ours_sign_line")
echo "$ours_verify_line" >&2
echo "$ours_sign_line" >&2

awk -v ov="$ours_verify" -v sv="$openssl_verify" -v os="$ours_sign" -v ss="$openssl_sign" 'BEGIN {
    printf "%-22s %12s %12s %7s\n", "P-256 ECDSA-SHA256", "qrauth/s", "openssl/s", "ratio"
    printf "%-22s %12.1f %12.1f %7.3f\n", "verify", ov, sv, ov / sv
    printf "%-22s %12.1f %12.1f %7.3f\n", "sign", os, ss, os / ss
}'
