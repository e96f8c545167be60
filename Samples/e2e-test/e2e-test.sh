#!/bin/sh
# The whole online story against a PowerAuth stack, bank side and phone side:
#   backend activation init → activation activate (phone) → backend activation commit →
#   backend operation create → sync approve (phone) → backend operation detail says APPROVED.
# The same script runs against a local `qrauth serve --backoffice` and against a real stack; only the
# environment changes. See README.md beside it.
set -eu

: "${ENROLLMENT_URL:?set ENROLLMENT_URL, e.g. https://host/enrollment-server}"
: "${BACKOFFICE_URL:?set BACKOFFICE_URL, e.g. http://host:8080/powerauth-java-server/rest}"
QRAUTH=${QRAUTH:-qrauth}
APPLICATION_ID=${APPLICATION_ID:?set APPLICATION_ID (the back office application id)}
USER_ID=${USER_ID:-e2e-user-$$}
TEMPLATE=${TEMPLATE:-e2e-payment}
E2E_PIN=${E2E_PIN:-1234}
export E2E_PIN
# Extra TLS options for each side, e.g. "--ca ca.pem" or "--allow-http" (word-split on purpose).
ENROLLMENT_TLS=${ENROLLMENT_TLS:-}
BACKOFFICE_TLS=${BACKOFFICE_TLS:-}
WORK=${WORK:-$(mktemp -d "${TMPDIR:-/tmp}/qrauth-e2e.XXXXXX")}
DEVICE="$WORK/device.json"

step() { printf '✓ %s\n' "$1"; }
fail() { printf '✗ %s\n' "$1" >&2; exit 1; }
# `name: value` line of a human `qrauth backend` answer. Every `qrauth` call stands alone in its assignment, so
# `set -e` ends the script with that call's exit code (5 for a server error) when it fails.
field() { sed -n "s/^$1: //p" | head -n 1; }

# Back-office calls, with HTTP Basic when BACKOFFICE_USER is set (password from BACKOFFICE_PASSWORD, never argv).
backend() {
    if [ -n "${BACKOFFICE_USER:-}" ]; then
        # shellcheck disable=SC2086
        "$QRAUTH" backend "$@" --url "$BACKOFFICE_URL" $BACKOFFICE_TLS \
            --auth-user "$BACKOFFICE_USER" --password-env BACKOFFICE_PASSWORD
    else
        # shellcheck disable=SC2086
        "$QRAUTH" backend "$@" --url "$BACKOFFICE_URL" $BACKOFFICE_TLS
    fi
}

# 0. The mobile SDK configuration of the application (or SDK_CONFIG from the environment).
if [ -z "${SDK_CONFIG:-}" ]; then
    detail=$(backend app detail --application-id "$APPLICATION_ID")
    SDK_CONFIG=$(printf '%s\n' "$detail" | sed -n 's/^  sdk-config: //p' | head -n 1)
fi
[ -n "$SDK_CONFIG" ] || fail "no mobileSdkConfig for application $APPLICATION_ID"
step "application $APPLICATION_ID has a mobile SDK configuration"

# 1. The bank creates the activation and hands its code to the user.
answer=$(backend activation init --user-id "$USER_ID" --application-id "$APPLICATION_ID")
ACTIVATION_ID=$(printf '%s\n' "$answer" | field activation-id)
ACTIVATION_CODE=$(printf '%s\n' "$answer" | field activation-code)
[ -n "$ACTIVATION_ID" ] && [ -n "$ACTIVATION_CODE" ] || fail "activation init gave no id or code"
step "backend activation init: $ACTIVATION_ID"

# 2. The phone activates with the code (ECIES key exchange through the enrollment server).
# shellcheck disable=SC2086
"$QRAUTH" activation activate --url "$ENROLLMENT_URL" $ENROLLMENT_TLS --code "$ACTIVATION_CODE" \
    --sdk-config "$SDK_CONFIG" --device "$DEVICE" --password-env E2E_PIN > /dev/null
step "activation activate: device file $DEVICE"

# 3. The bank commits it.
backend activation commit --activation-id "$ACTIVATION_ID" > /dev/null
answer=$(backend activation status --activation-id "$ACTIVATION_ID")
status=$(printf '%s\n' "$answer" | field status)
[ "$status" = ACTIVE ] || fail "activation is $status after commit, not ACTIVE"
step "backend activation commit: ACTIVE"

# 4. The bank creates an operation for the user (the template once).
templates=$(backend template list)
if ! printf '%s\n' "$templates" | grep -q "^$TEMPLATE "; then
    backend template create --template "$TEMPLATE" --operation-type authorize_payment \
        --data-template 'A1*A${amount}CZK*Q${account}' --signature-type POSSESSION_KNOWLEDGE > /dev/null
fi
answer=$(backend operation create --template "$TEMPLATE" --user-id "$USER_ID" \
    --application-id "$APPLICATION_ID" --param amount=100 --param account=238400856/0300)
OPERATION_ID=$(printf '%s\n' "$answer" | field operation-id)
[ -n "$OPERATION_ID" ] || fail "operation create gave no id"
step "backend operation create: $OPERATION_ID"

# 5. The phone approves it with the PIN.
# shellcheck disable=SC2086
"$QRAUTH" sync approve "$OPERATION_ID" --url "$ENROLLMENT_URL" $ENROLLMENT_TLS --device "$DEVICE" \
    --password-env E2E_PIN > /dev/null
step "sync approve"

# 6. The bank sees it approved.
answer=$(backend operation detail --operation-id "$OPERATION_ID")
status=$(printf '%s\n' "$answer" | field status)
[ "$status" = APPROVED ] || fail "operation is $status, not APPROVED"
step "backend operation detail: APPROVED"
