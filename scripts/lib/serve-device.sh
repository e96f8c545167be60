# Sourced by scripts that run something against a local `qrauth serve`: starts it with the back office and
# activates a device through /pa/v3 with an activation code, the way a phone is activated (no token yet).
#   serve_device "$QRAUTH" WORKDIR
# sets SERVE_PID, URL (enrollment + Mobile Token API), REST (back office), APP, PINS_PUBLIC_KEY, DEVICE
# (WORKDIR/device.json, password 1234), CA (WORKDIR/ca.pem) and ACTIVATION_ID; returns 1 when a step fails
# (called as `serve_device … || …`, where `set -e` does not act); the caller kills SERVE_PID either way.
serve_device() {
    local qrauth=$1 work=$2 answer code sdk_config
    "$qrauth" serve --port 0 --self-signed --ca-out "$work/ca.pem" --backoffice >"$work/serve.txt" 2>"$work/serve.log" &
    SERVE_PID=$!
    for _ in $(seq 1 300); do
        grep -q '^backoffice: ' "$work/serve.txt" 2>/dev/null && break
        kill -0 "$SERVE_PID" 2>/dev/null || { cat "$work/serve.log" >&2; echo "qrauth serve did not start" >&2; return 1; }
        sleep 0.1
    done
    URL=$(head -n 1 "$work/serve.txt")
    REST=$(sed -n 's/^backoffice: //p' "$work/serve.txt")
    APP=$(sed -n 's/^application: //p' "$work/serve.txt")
    PINS_PUBLIC_KEY=$(sed -n 's/^pins-public-key: //p' "$work/serve.txt")
    sdk_config=$(sed -n 's/^sdk-config: //p' "$work/serve.txt")
    CA=$work/ca.pem DEVICE=$work/device.json
    [ -n "$URL" ] && [ -n "$REST" ] && [ -n "$sdk_config" ] ||
        { echo "qrauth serve printed no URL, backoffice or sdk-config" >&2; return 1; }
    answer=$("$qrauth" backend activation init --user-id alice --application-id "$APP" --url "$REST" --ca "$CA") ||
        return 1
    ACTIVATION_ID=$(printf '%s\n' "$answer" | sed -n 's/^activation-id: //p')
    code=$(printf '%s\n' "$answer" | sed -n 's/^activation-code: //p')
    [ -n "$ACTIVATION_ID" ] && [ -n "$code" ] || { echo "backend activation init gave no id or code" >&2; return 1; }
    # --protocol 3.3: the samples and snippets use 3.x end-to-end encryption (without it, serve's SDK config makes a
    # 4.0 activation, as SDK 2.0 would).
    PIN=1234 "$qrauth" activation activate --url "$URL" --code "$code" --sdk-config "$sdk_config" \
        --device "$DEVICE" --password-env PIN --ca "$CA" --protocol 3.3 >/dev/null || return 1
    "$qrauth" backend activation commit --activation-id "$ACTIVATION_ID" --url "$REST" --ca "$CA" >/dev/null || return 1
}
