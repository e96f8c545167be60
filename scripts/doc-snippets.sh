#!/usr/bin/env bash
# Compiles every ```swift block of the library documentation — the DocC articles (Sources/*/*.docc/*.md)
# and docs/*.md — in a side package (Samples/doc-snippets) that depends on qrauth's library products the
# way a user's package does, with warnings as errors. Each block must be whole: its imports, then
# declarations (no top-level statements). A block that is deliberately not compilable is fenced
# ```swift-sketch instead (and counted here); there should be almost none.
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
echo "doc-snippets: ok"
