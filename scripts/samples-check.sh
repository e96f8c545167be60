#!/usr/bin/env bash
# Builds Samples/custom-endpoint against the library the way a user's package does (scratch path
# .build-samples, warnings as errors), then RUNS it the way its README does against a `qrauth serve` started
# here: a device activated through /pa/v3 with an activation code, then the plain signed echo, both encrypted
# echoes (application and activation scope) and a wrong password (exit 1). Needs the debug `qrauth`
# (`swift build`); QRAUTH overrides its path.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
QRAUTH=${QRAUTH:-$PWD/.build/debug/qrauth}
[ -x "$QRAUTH" ] || { echo "samples-check: no $QRAUTH (run swift build first)" >&2; exit 1; }

mkdir -p .build-samples
log=.build-samples/custom-endpoint.log
if ! "$SWIFT" build --package-path Samples/custom-endpoint --scratch-path .build-samples >"$log" 2>&1; then
    grep -v '^\[' "$log" | tail -30
    echo "samples-check: Samples/custom-endpoint does not build" >&2
    exit 1
fi
sample="$("$SWIFT" build --package-path Samples/custom-endpoint --scratch-path .build-samples --show-bin-path)/custom-endpoint"

work=$(mktemp -d "${TMPDIR:-/tmp}/qrauth-samples.XXXXXX")
server=
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
fail() { printf '✗ %s\n' "$1" >&2; [ -f "$work/out" ] && cat "$work/out" >&2; exit 1; }

# The device: activation code from the back office, activation through /pa/v3 (protocol 3.3), commit.
. scripts/lib/serve-device.sh
SERVE_PID=
serve_device "$QRAUTH" "$work" || { server=$SERVE_PID; fail "qrauth serve or the device activation failed"; }
server=$SERVE_PID ID=$ACTIVATION_ID
printf '✓ device activated and committed: %s\n' "$ID"

# run EXPECTED_EXIT EXPECTED_LINE ARGS...: the sample's exit code and the line it must print.
run() {
    local expected=$1 line=$2 status=0
    shift 2
    "$sample" "$@" >"$work/out" 2>&1 || status=$?
    [ "$status" = "$expected" ] || fail "custom-endpoint $* exited $status, not $expected"
    grep -qF -- "$line" "$work/out" || fail "custom-endpoint $* did not print: $line"
    printf '✓ custom-endpoint %s → %s\n' "$*" "$line"
}
args=("$URL" "$DEVICE" "$CA")
QRAUTH_PASSWORD=1234 run 0 "server verified the signature and echoed: hello" "${args[@]}" hello
QRAUTH_PASSWORD=1234 run 0 "server verified the signature, decrypted (activation scope) and echoed: hi there" \
    --encrypt activation "${args[@]}" "hi there"
grep -q '^wire answer:   HTTP 200 .*{encryptedData, mac, nonce, timestamp}' "$work/out" \
    || fail "the observer did not show the encrypted answer"
grep -qF 'decrypted:     {"message":"hi there"' "$work/out" || fail "the observer did not show the decrypted answer"
sed 's/^/    /' "$work/out"
run 0 "server decrypted (application scope) and echoed: bonjour" --encrypt application "${args[@]}" bonjour
QRAUTH_PASSWORD=0000 run 1 "mtoken.powerauth_auth_fail" --encrypt activation "${args[@]}" hello
QRAUTH_PASSWORD=0000 run 1 "mtoken.powerauth_auth_fail" "${args[@]}" hello
echo "samples-check: ok"
