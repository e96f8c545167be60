#!/usr/bin/env bash
# The tour `make demo` runs: every user story of qrauth — the offline QR approval, the release gate on
# fingerprint lists, and the online bank → phone → bank round against a local `qrauth serve` — on
# bundled samples and on material it makes itself, in a temporary folder. Every step is a real command
# a user would type and prints ✓ when it held or ✗ (and the tour stops) when it did not; the exit
# status is 0 only when every step held. Usage: scripts/demo.sh [PATH/TO/qrauth] (default: the release build).
set -euo pipefail
given=${1:-.build/release/qrauth}
[[ -x "$given" ]] || { echo "demo: no qrauth binary at $given (make demo builds it)" >&2; exit 1; }
bin=$(cd "$(dirname "$given")" && pwd)/$(basename "$given")
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/qrauth-demo.XXXXXX")
serve_pid=
trap '[[ -n "$serve_pid" ]] && kill "$serve_pid" 2>/dev/null; rm -rf "$work"' EXIT
cd "$work"

if [[ -t 1 && -z "${NO_COLOR:-}" ]]; then bold=$'\033[1m' plain=$'\033[0m'; else bold='' plain=''; fi
step() { printf '\n%s== %s%s\n$ %s\n' "$bold" "$1" "$plain" "$2"; }
ok() { printf '✓ %s\n' "$1"; }
fail() { printf '✗ %s\n' "$1"; exit 1; }
# Runs one step; ✓ when it held, ✗ (and the tour stops, exit 1) when it did not.
run() {
    step "$1" "qrauth ${*:2}"
    local status=0
    "$bin" "${@:2}" || status=$?
    if [[ $status == 0 ]]; then ok "$1"; else fail "$1 (exit $status)"; fi
}

run "The tool and its libraries" version
run "Parse a bundled offline operation (the iOS SDK's test payload)" \
    operation parse --input "$here/Samples/offline-operation.txt"

export DEMO_PIN=1234
run "Make a test activation: a device file and the server's file (real P-256 keys, real ECDH)" \
    activation create --device phone.json --server-activation bank.json --password-env DEMO_PIN --biometry

run "Server side: sign an offline payment and render it as a QR code" \
    operation create --server-activation bank.json --title "Payment" --message "Pay 1 250,00 Kč to Alice" \
    --data 'A1*A1250.00CZK*ICZ5508000000001234567899*D20261130' --flags B --qr payment.png

run "Phone side: scan the QR image, parse it and check the server's signature" \
    scan payment.png --parse --device phone.json
operation=$("$bin" scan --raw payment.png) || fail "qrauth scan --raw payment.png"

step "Compute the approval code the bank expects (advances the counter first)" \
    "qrauth operation approve --device phone.json --password-env DEMO_PIN \"\$operation\""
code=$("$bin" operation approve --device phone.json --password-env DEMO_PIN "$operation" 2>/dev/null) ||
    fail "operation approve (exit $?)"
echo "$code"
ok "approval code computed"

step "Server side: check the code with the look-ahead window" \
    "qrauth code verify --server-activation bank.json --code $code --operation \"\$operation\""
status=0
"$bin" code verify --server-activation bank.json --code "$code" --operation "$operation" || status=$?
if [[ $status == 0 ]]; then ok "the bank accepts the code"; else fail "the bank rejected the right code (exit $status)"; fi

step "A wrong password gives a wrong code, which the server rejects (exit 1)" \
    "qrauth operation approve --password-env WRONG_PIN ... | qrauth code verify ..."
wrong=$(WRONG_PIN=9999 "$bin" operation approve --device phone.json --password-env WRONG_PIN "$operation" 2>/dev/null) ||
    fail "operation approve with the wrong password (exit $?)"
status=0
"$bin" code verify --server-activation bank.json --code "$wrong" --operation "$operation" || status=$?
if [[ $status == 1 ]]; then ok "a wrong password's code is rejected (exit 1)"; else fail "a wrong code gave exit $status, not 1"; fi

run "Release pipeline: a signing key for fingerprint lists" pins keygen --out pins-key.pem --password-env DEMO_PIN
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout api.key -out api.pem \
    -days 365 -subj "/CN=api.example.com" >/dev/null 2>&1 || fail "openssl could not make a test certificate"
run "Fingerprint a certificate" pins fingerprint api.pem
run "Sign it into a list" pins sign --key pins-key.pem --password-env DEMO_PIN --cert api.pem --into fingerprints.json
public_key=$("$bin" pins public-key --key pins-key.pem --password-env DEMO_PIN) || fail "qrauth pins public-key"
run "Gate the release: every signature good, nothing expiring within 30 days" \
    pins verify fingerprints.json --public-key "$public_key" --fail-within 30d
run "Would a client trust this certificate?" \
    pins check fingerprints.json --public-key "$public_key" --cert api.pem

# The online story: the bank's back office (`qrauth backend`, a client of the PowerAuth server REST API,
# /rest/v3) creates an activation, the phone activates with its code (ECIES, /pa/v3), the bank commits it
# and creates an operation, the phone approves it through the Mobile Token API, the bank sees it APPROVED.
# One local `qrauth serve` plays both servers; every step prints ✓, or ✗ and stops the tour (exit 1).
printf '\n%s== Online: bank back office → phone → bank, against a local qrauth serve%s\n' "$bold" "$plain"
"$bin" serve --port 0 --self-signed --ca-out ca.pem --state state.json --backoffice >serve.txt 2>serve.log &
serve_pid=$!
for _ in $(seq 300); do grep -qs '^backoffice: ' serve.txt && break; sleep 0.1; done
url=$(sed -n 1p serve.txt)
rest=$(sed -n 's/^backoffice: //p' serve.txt)
application=$(sed -n 's/^application: //p' serve.txt)
sdk_config=$(sed -n 's/^sdk-config: //p' serve.txt)
[[ -n "$rest" && -n "$application" ]] || fail "qrauth serve did not start: $(tail -1 serve.log)"
ok "qrauth serve --backoffice: enrollment + Mobile Token API at $url, back office (PowerAuth REST) at $rest"
field() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }
backend() { "$bin" backend "$@" --url "$rest" --ca ca.pem; }
phone() { "$bin" "$@" --url "$url" --device mobile.json --ca ca.pem; }
activation=$(backend activation init --user-id alice --application-id "$application" --json) ||
    fail "qrauth backend activation init"
activation_id=$(field '["activationId"]' <<<"$activation")
code="$(field '["activationCode"]' <<<"$activation")#$(field '["activationSignature"]' <<<"$activation")"
ok "bank: qrauth backend activation init --user-id alice  → code $(field '["activationCode"]' <<<"$activation")"
phone activation activate --code "$code" --sdk-config "$sdk_config" --password-env DEMO_PIN >/dev/null ||
    fail "qrauth activation activate"
ok "phone: qrauth activation activate --code …  (ECIES to /pa/v3/activation/create; mobile.json written)"
backend activation commit --activation-id "$activation_id" >/dev/null || fail "qrauth backend activation commit"
status=$(backend activation status --activation-id "$activation_id" --json | field '["activationStatus"]')
[[ "$status" == ACTIVE ]] || fail "bank: activation $activation_id is $status, not ACTIVE"
ok "bank: qrauth backend activation commit  → ACTIVE"
backend template create --template payment --operation-type authorize_payment \
    --data-template 'A1*A${amount}CZK*I${iban}*D20261130' --signature-type POSSESSION_KNOWLEDGE \
    --signature-type POSSESSION_BIOMETRY >/dev/null || fail "qrauth backend template create"
ok "bank: qrauth backend template create --template payment  (A1*A\${amount}CZK*I\${iban}*D20261130)"
created=$(backend operation create --template payment --user-id alice --application-id "$application" \
    --param amount=1250.00 --param iban=CZ5508000000001234567899 --json) || fail "qrauth backend operation create"
operation_id=$(field '["id"]' <<<"$created")
ok "bank: qrauth backend operation create --template payment --user-id alice  → $operation_id $(field '["status"]' <<<"$created")"
mobile() { "$bin" sync "$@" --url "$url" --device mobile.json --ca ca.pem; }
listed=$(mobile list --json) || fail "qrauth sync list"
grep -q "$operation_id" <<<"$listed" || fail "qrauth sync list does not show $operation_id"
ok "phone: qrauth sync list  shows $operation_id ($(field '[0]["data"]' <<<"$listed"))"
mobile approve "$operation_id" --password-env DEMO_PIN >/dev/null || fail "qrauth sync approve $operation_id"
ok "phone: qrauth sync approve $operation_id  (PIN, possession_knowledge signature)"
detail=$(backend operation detail --operation-id "$operation_id" --json) || fail "qrauth backend operation detail"
status=$(field '["status"]' <<<"$detail")
[[ "$status" == APPROVED ]] || fail "bank: operation $operation_id is $status, not APPROVED"
ok "bank: qrauth backend operation detail --operation-id $operation_id  → APPROVED"
kill "$serve_pid" && wait "$serve_pid" 2>/dev/null || true
serve_pid=

printf '\n✓ every step held. The binary is %s; `make install` puts it on your PATH.\n' "$bin"
printf 'See README.md for every command.\n'
