#!/usr/bin/env bash
# Regenerates this sample: a signing key made by `qrauth pins keygen`, two certificates made with
# the openssl command line (qrauth does not issue certificates), and a list signed by `qrauth pins sign`.
#   Samples/release-pipeline/make-sample.sh [path/to/qrauth]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
qrauth=${1:-qrauth}
cd "$here"
rm -f signing-key.pem public-key.txt fingerprints.json certificates/*.pem certificates/*.key

# The key: unencrypted so the sample runs without a secret. A real pipeline keeps it encrypted
# (`--password-env`) in its secret store and never commits it.
"$qrauth" pins keygen --out signing-key.pem >public-key.txt

# Two server certificates (current and next, as during a rotation), self-signed, ten years.
for name in api next; do
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 3650 \
        -subj "/CN=$name.example.com" -addext "subjectAltName=DNS:$name.example.com" \
        -keyout "certificates/$name.example.com.key" -out "certificates/$name.example.com.pem" 2>/dev/null
    rm "certificates/$name.example.com.key"
    "$qrauth" pins sign --key signing-key.pem --cert "certificates/$name.example.com.pem" --into fingerprints.json
done
