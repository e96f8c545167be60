#!/usr/bin/env bash
# Compiles every ```swift block of the DocC articles (Sources/*/*.docc/*.md) in a side package that
# depends on qrauth's library products the way a user's package does, with warnings as errors.
# Each block must be whole: its imports, then declarations (no top-level statements).
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
generated=Samples/doc-snippets/Sources/DocSnippets/Generated
rm -rf "$generated"
mkdir -p "$generated"
python3 - "$generated" Sources/*/*.docc/*.md <<'PY'
import os, re, sys
out, articles = sys.argv[1], sys.argv[2:]
count = 0
for article in articles:
    text = open(article, encoding="utf-8").read()
    module = article.split("/")[1]
    name = os.path.splitext(os.path.basename(article))[0]
    for index, block in enumerate(re.findall(r"^```swift\n(.*?)^```", text, re.S | re.M), start=1):
        with open(os.path.join(out, f"{module}-{name}-{index}.swift"), "w", encoding="utf-8") as f:
            f.write(f"// From {article}, snippet {index}.\n" + block)
        count += 1
print(f"doc-snippets: {count} snippets from {len(articles)} articles")
PY
mkdir -p .build-snippets
log=.build-snippets/doc-snippets.log
if ! "$SWIFT" build --package-path Samples/doc-snippets --scratch-path .build-snippets >"$log" 2>&1; then
    grep -v '^\[' "$log" | tail -30
    echo "doc-snippets: a DocC snippet does not compile (files in $generated)" >&2
    exit 1
fi
echo "doc-snippets: ok"
