#!/usr/bin/env bash
# Release gate for a fingerprint list: fails the build when any entry's signature does not verify
# with the app's public key, when an entry has expired or expires within 30 days, or when the list
# does not pin the certificates being shipped. Exit code = qrauth's (highest of both steps).
#   Samples/release-pipeline/gate.sh [LIST] [PUBLIC_KEY_FILE] [CERTIFICATE...]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
list=${1:-$here/fingerprints.json}
public_key=$(cat "${2:-$here/public-key.txt}")
shift $(( $# > 2 ? 2 : $# ))
certificates=("$@")
if ((${#certificates[@]} == 0)); then certificates=("$here"/certificates/*.pem); fi
qrauth=${QRAUTH:-qrauth}

status=0
"$qrauth" pins verify "$list" --public-key "$public_key" --fail-within 30d --explain || status=$?
lint_args=()
for certificate in "${certificates[@]}"; do lint_args+=(--cert "$certificate"); done
lint_status=0
"$qrauth" pins lint "$list" "${lint_args[@]}" || lint_status=$?
if ((lint_status > status)); then status=$lint_status; fi
case $status in
    0) echo "gate: the fingerprint list is good to ship" ;;
    1) echo "gate: a signature or a certificate does not match; do not ship" >&2 ;;
    2) echo "gate: an entry has expired or expires within 30 days; re-sign and ship a renewed list" >&2 ;;
    4) echo "gate: the list or the key is malformed" >&2 ;;
    *) echo "gate: qrauth failed with status $status" >&2 ;;
esac
exit "$status"
