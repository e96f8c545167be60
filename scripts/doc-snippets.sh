#!/usr/bin/env bash
# Compiles every ```swift block of the library documentation — the DocC articles (Sources/*/*.docc/*.md)
# and docs/*.md — in a side package (Samples/doc-snippets) that depends on qrauth's library products the
# way a user's package does, with warnings as errors. Each block must be whole: its imports, then
# declarations (no top-level statements). A block that is deliberately not compilable is fenced
# ```swift-sketch instead (and counted here); there should be almost none.
# Then runs the snippets that talk to a server, as written, against a `qrauth serve` started here (the debug
# `qrauth`, QRAUTH overrides it): docs/sync.md's Mobile Token client and pinning for a device activated with a code
# (Samples/doc-snippets/Sources/DocSnippets/main.swift calls them).
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
generated=Samples/doc-snippets/Sources/DocSnippets/Generated
rm -rf "$generated"
mkdir -p "$generated"
python3 - "$generated" Sources/*/*.docc/*.md docs/*.md <<'PY'
import os, re, sys
out, documents = sys.argv[1], sys.argv[2:]
count = sketches = 0
for document in documents:
    text = open(document, encoding="utf-8").read()
    parts = document.split("/")
    prefix = parts[1] if parts[0] == "Sources" else "docs"
    name = os.path.splitext(parts[-1])[0]
    sketches += len(re.findall(r"^```swift-sketch$", text, re.M))
    for index, block in enumerate(re.findall(r"^```swift\n(.*?)^```", text, re.S | re.M), start=1):
        with open(os.path.join(out, f"{prefix}-{name}-{index}.swift"), "w", encoding="utf-8") as f:
            f.write(f"// From {document}, snippet {index}.\n" + block)
        count += 1
print(f"doc-snippets: {count} snippets from {len(documents)} documents ({sketches} marked swift-sketch, not compiled)")
PY
mkdir -p .build-snippets
log=.build-snippets/doc-snippets.log
if ! "$SWIFT" build --package-path Samples/doc-snippets --scratch-path .build-snippets >"$log" 2>&1; then
    grep -v '^\[' "$log" | tail -40
    echo "doc-snippets: a documentation snippet does not compile (files in $generated)" >&2
    exit 1
fi

QRAUTH=${QRAUTH:-$PWD/.build/debug/qrauth}
[ -x "$QRAUTH" ] || { echo "doc-snippets: no $QRAUTH (run swift build first)" >&2; exit 1; }
runner="$("$SWIFT" build --package-path Samples/doc-snippets --scratch-path .build-snippets --show-bin-path)/DocSnippets"
work=$(mktemp -d "${TMPDIR:-/tmp}/qrauth-snippets.XXXXXX")
SERVE_PID=
cleanup() {
    if [ -n "$SERVE_PID" ]; then kill "$SERVE_PID" 2>/dev/null || true; wait "$SERVE_PID" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "doc-snippets: $*" >&2; [ -f "$work/out" ] && cat "$work/out" >&2; exit 1; }
. scripts/lib/serve-device.sh
serve_device "$QRAUTH" "$work" || fail "qrauth serve or the device activation failed"
backend() { "$QRAUTH" backend "$@" --url "$REST" --ca "$CA"; }
backend template create --template payment --data-template 'A1*A${amount}CZK' \
    --signature-type POSSESSION_KNOWLEDGE >/dev/null
for amount in 100 200; do
    backend operation create --template payment --user-id alice --application-id "$APP" --param "amount=$amount" |
        sed -n 's/^operation-id: //p' >>"$work/operations"
done
"$runner" sync "$URL" "$DEVICE" "$CA" 1234 "$URL/app/init?appName=demo" "$PINS_PUBLIC_KEY" >"$work/out" 2>&1 ||
    fail "docs/sync.md's snippets failed against qrauth serve"
grep -qx 'pending after approve and reject: \[\]' "$work/out" || fail "operations are still pending after the snippet"
grep -qx 'pinned: 0 pending' "$work/out" || fail "the pinned client did not list"
statuses=$(while read -r id; do backend operation detail --operation-id "$id" | sed -n 's/^status: //p'; done \
    <"$work/operations" | sort | paste -sd' ' -)
[ "$statuses" = "APPROVED REJECTED" ] || fail "the back office sees '$statuses', not one APPROVED and one REJECTED"
echo "doc-snippets: docs/sync.md's snippets ran against qrauth serve (a code-activated device): $statuses"
echo "doc-snippets: ok"
