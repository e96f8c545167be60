#!/usr/bin/env bash
# P-256 ECDSA: qrauth's QRAuthCrypto against `openssl speed` in the same run, on one core.
#   scripts/bench-crypto.sh [SECONDS]      (default 3; BENCH_CPU=N picks the core, default 0;
#                                           BENCH_ROUNDS=N alternates N rounds and keeps each side's best)
# Both rates are operations per user-CPU second (openssl speed's default accounting), so a busy
# machine slows both alike. Prints our rate, openssl's and the ratio for verify and sign.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-3}
cpu=${BENCH_CPU:-0}
rounds=${BENCH_ROUNDS:-1}
cd "$here"

# BENCH_CONFIG=debug (scripts/bench-smoke.sh) checks that the script runs, without a release build; its figures
# mean nothing.
config=${BENCH_CONFIG:-release}
swift build -c "$config" --package-path Benchmarks --scratch-path .build-bench >&2
bench=.build-bench/$config/qrauth-bench

pin=()
if command -v taskset >/dev/null; then pin=(taskset -c "$cpu"); else echo "bench-crypto: taskset missing, not pinned" >&2; fi

echo "== $(openssl version) | $(uname -m) | core $cpu | ${seconds}s per measurement | $rounds round(s)" >&2
best() { awk -v a="$1" -v b="$2" 'BEGIN { print (b == "" || a + 0 > b + 0) ? a : b }'; }
openssl_sign="" openssl_verify="" ours_verify="" ours_sign=""
for ((round = 1; round <= rounds; round++)); do
    # Last line: " 256 bits ecdsa (nistp256)   0.0000s   0.0001s  35591.7  13117.5" = sign/s verify/s.
    speed_line=$("${pin[@]}" openssl speed -seconds "$seconds" ecdsap256 2>/dev/null | grep 'nistp256' | tail -1)
    echo "openssl speed: $speed_line" >&2
    openssl_sign=$(best "$(awk '{print $(NF-1)}' <<<"$speed_line")" "$openssl_sign")
    openssl_verify=$(best "$(awk '{print $NF}' <<<"$speed_line")" "$openssl_verify")
    verify_line=$("${pin[@]}" "$bench" ecdsa-verify --seconds "$seconds")
    sign_line=$("${pin[@]}" "$bench" ecdsa-sign --seconds "$seconds")
    echo "$verify_line" >&2
    echo "$sign_line" >&2
    ours_verify=$(best "$(awk '{print $2}' <<<"$verify_line")" "$ours_verify")
    ours_sign=$(best "$(awk '{print $2}' <<<"$sign_line")" "$ours_sign")
done

awk -v ov="$ours_verify" -v sv="$openssl_verify" -v os="$ours_sign" -v ss="$openssl_sign" 'BEGIN {
    printf "%-22s %12s %12s %7s\n", "P-256 ECDSA-SHA256", "qrauth/s", "openssl/s", "ratio"
    printf "%-22s %12.1f %12.1f %7.3f\n", "verify", ov, sv, ov / sv
    printf "%-22s %12.1f %12.1f %7.3f\n", "sign", os, ss, os / ss
}'
