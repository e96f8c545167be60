#!/usr/bin/env bash
# The tour `make demo` runs: the main jobs of qrauth on bundled samples and on material it makes
# itself, in a temporary folder. Every step is a real command a user would type.
set -euo pipefail
bin=$(cd "$(dirname "${1:-.build/debug/qrauth}")" && pwd)/$(basename "${1:-.build/debug/qrauth}")
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/qrauth-demo.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"

if [[ -t 1 && -z "${NO_COLOR:-}" ]]; then bold=$'\033[1m' plain=$'\033[0m'; else bold='' plain=''; fi
step() { printf '\n%s== %s%s\n$ %s\n' "$bold" "$1" "$plain" "$2"; }
run() { step "$1" "qrauth ${*:2}"; "$bin" "${@:2}"; }

run "The tool and its libraries" version
run "Parse a bundled offline operation (the iOS SDK's test payload)" \
    operation parse --input "$here/Samples/offline-operation.txt"

export DEMO_PIN=1234
run "Make a test activation: a device file and the server's file (real P-256 keys, real ECDH)" \
    activation create --device phone.json --server bank.json --password-env DEMO_PIN --biometry

run "Server side: sign an offline payment and render it as a QR code" \
    operation create --server bank.json --title "Payment" --message "Pay 1 250,00 Kč to Alice" \
    --data 'A1*A1250.00CZK*ICZ5508000000001234567899*D20261130' --flags B --qr payment.png

run "Phone side: scan the QR image, parse it and check the server's signature" \
    scan payment.png --parse --activation phone.json
operation=$("$bin" scan --raw payment.png)

step "Compute the approval code the bank expects (advances the counter first)" \
    "qrauth operation approve --activation phone.json --password-env DEMO_PIN \"\$operation\""
code=$("$bin" operation approve --activation phone.json --password-env DEMO_PIN "$operation" 2>/dev/null)
echo "$code"

step "Server side: check the code with the look-ahead window" \
    "qrauth code verify --server bank.json --code $code --operation \"\$operation\""
"$bin" code verify --server bank.json --code "$code" --operation "$operation"

step "A wrong password gives a wrong code, which the server rejects (exit 1)" \
    "qrauth operation approve --password-env WRONG_PIN ... | qrauth code verify ..."
wrong=$(WRONG_PIN=9999 "$bin" operation approve --activation phone.json --password-env WRONG_PIN "$operation" 2>/dev/null)
"$bin" code verify --server bank.json --code "$wrong" --operation "$operation" || echo "(exit $?)"

run "Release pipeline: a signing key for fingerprint lists" pins keygen --out pins-key.pem --password-env DEMO_PIN
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout api.key -out api.pem \
    -days 365 -subj "/CN=api.example.com" >/dev/null 2>&1
run "Fingerprint a certificate" pins fingerprint api.pem
run "Sign it into a list" pins sign --key pins-key.pem --password-env DEMO_PIN --cert api.pem --into fingerprints.json
public_key=$("$bin" pins public-key --key pins-key.pem --password-env DEMO_PIN)
run "Gate the release: every signature good, nothing expiring within 30 days" \
    pins verify fingerprints.json --public-key "$public_key" --fail-within 30d
run "Would a client trust this certificate?" \
    pins check --list fingerprints.json --public-key "$public_key" --cert api.pem

printf '\nDone. See README.md for every command.\n'
