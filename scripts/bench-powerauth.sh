#!/usr/bin/env bash
# PowerAuth offline approval codes: qrauth against a reference in Python's hashlib/hmac (OpenSSL
# underneath, the same HMAC-SHA256 work, no other peer tool computes these codes from a shell) in
# the same run, on one core. Both print the known code of spec §2.5 first, so the work is the same.
#   scripts/bench-powerauth.sh [SECONDS]      (default 3; BENCH_CPU=N picks the core, default 0)
# Rates: approval codes per second, and worst-case server checks per second (wrong code, window 20,
# possession_knowledge + possession_biometry = 40 signatures per check), for 3.x and then for 4.0 (issue 27; the 4.0
# approval code is measured as a server check matching its first candidate, see V4OfflineBenchmarks.swift). Both loops run for a wall-clock
# duration and divide by their user-CPU seconds (getrusage), as `openssl speed` and bench-crypto.sh do.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-3}
cpu=${BENCH_CPU:-0}
cd "$here"

# BENCH_CONFIG=debug (scripts/bench-smoke.sh) checks that the script runs, without a release build; its figures
# mean nothing.
config=${BENCH_CONFIG:-release}
swift build -c "$config" --package-path Benchmarks --scratch-path .build-bench >&2
bench=.build-bench/$config/qrauth-bench

pin=()
if command -v taskset >/dev/null; then pin=(taskset -c "$cpu"); else echo "bench-powerauth: taskset missing, not pinned" >&2; fi
echo "== $(python3 --version) | $(openssl version) | $(uname -m) | core $cpu | ${seconds}s per measurement" >&2

reference=$(mktemp)
trap 'rm -f "$reference"' EXIT
cat >"$reference" <<'PY'
import base64, hashlib, hmac, resource, sys, time
seconds = float(sys.argv[2])
b64 = base64.b64decode
master = b64("3dgzZJ/h4QsBXia/PIaRsQ==")
def aes_block_kdf(index):
    # KDF(master, index) with the keys given directly (the AES step is not what is measured).
    return {1: b64("UUOQH89Hoa/Nw7ew5rGTPw=="), 2: b64("hjHWTy3HA3nQdDcdnJbRMw=="), 3: b64("S9fNvGUhUafp18upFWzCoA==")}[index]
kp, kk, kb = aes_block_kdf(1), aes_block_kdf(2), aes_block_kdf(3)
ctr0 = b64("iot8JyJkOXApa+MWzuKF2w==")
body = b"5ff1b1ed-a3cc-45a3-8ab0-ed60950312b6&A1*A100CZK*ICZ2730300000001165254011*D20180425"
request = "POST&" + base64.b64encode(b"/operation/authorize/offline").decode() + "&AD8bOO0Df73kNaIGb3Vmpg==&" + base64.b64encode(body).decode()
data = (request + "&offline").encode()
H = lambda k, m: hmac.new(k, m, hashlib.sha256).digest()
def dec(c): return "%08d" % ((int.from_bytes(c[-4:], "big") & 0x7FFFFFFF) % 10**8)
def code(keys, ctr):
    per = [H(k, ctr) for k in keys]
    out = []
    for i in range(len(keys)):
        d = per[i]
        for j in range(i):
            d = H(per[j + 1], d)
        out.append(dec(H(d, data)))
    return "-".join(out)
def nxt(ctr):
    h = hashlib.sha256(ctr).digest()
    return bytes(h[i] ^ h[i + 16] for i in range(16))
def check(presented):
    ctr = ctr0
    for _ in range(20):
        for keys in ((kp, kk), (kp, kb)):
            if hmac.compare_digest(code(keys, ctr), presented):
                return True
        ctr = nxt(ctr)
    return False
assert code((kp, kk), ctr0) == "39986837-97166075"
op = (lambda: code((kp, kk), ctr0)) if sys.argv[1] == "approval-code" else (lambda: check("00000000-00000000"))
user = lambda: resource.getrusage(resource.RUSAGE_SELF).ru_utime
for _ in range(100): op()
n, start, wall = 0, user(), time.monotonic()
while time.monotonic() - wall < seconds:
    for _ in range(16): op()
    n += 16
print("%s: %.1f ops/s (user CPU)" % (sys.argv[1], n / max(user() - start, 1e-9)))
PY

printf "%-22s %12s %12s %7s\n" "PowerAuth offline" "qrauth/s" "python/s" "ratio"
for name in approval-code server-check-worst; do
    ours_line=$("${pin[@]}" "$bench" "$name" --seconds "$seconds")
    echo "$ours_line" >&2
    ref_line=$("${pin[@]}" python3 "$reference" "$name" "$seconds")
    echo "reference $ref_line" >&2
    ours=$(awk '{print $2}' <<<"$ours_line")
    ref=$(awk '{print $2}' <<<"$ref_line")
    awk -v n="$name" -v o="$ours" -v r="$ref" 'BEGIN { printf "%-22s %12.1f %12.1f %7.2f\n", n, o, r, o / r }'
done
# Protocol 4.0 (KMAC-256 chains, SHA3-256 counter): no reference in Python's standard library (it has no KMAC).
for name in v4-approval-code v4-server-check-worst; do
    ours_line=$("${pin[@]}" "$bench" "$name" --seconds "$seconds")
    echo "$ours_line" >&2
    ours=$(awk '{print $2}' <<<"$ours_line")
    awk -v n="$name" -v o="$ours" 'BEGIN { printf "%-22s %12.1f %12s %7s\n", n, o, "-", "-" }'
done
