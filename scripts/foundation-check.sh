#!/usr/bin/env bash
# Sources/ import FoundationEssentials, never Foundation: Foundation links FoundationInternationalization and
# ICU's data (about 34 MB of the static binary). A Foundation import is allowed only as the macOS fallback,
# the line right after `#else` of an `#if canImport(FoundationEssentials)` block.
set -euo pipefail
cd "$(dirname "$0")/.."
bad=$(find Sources -name '*.swift' -print0 | xargs -0 awk '
    FNR == 1 { previous = ""; guarded = 0 }
    /^#if canImport\(FoundationEssentials\)/ { guarded = 1 }
    /^[[:space:]]*((public|package|internal|fileprivate|private|@[A-Za-z_]+)[[:space:]]+)*import[[:space:]]+([a-z]+[[:space:]]+)?Foundation(Internationalization)?(\.[A-Za-z_]+)?[[:space:]]*$/ {
        if (!(guarded && previous ~ /^#else/)) print FILENAME ":" FNR ": " $0
    }
    /^#endif/ { guarded = 0 }
    { previous = $0 }
')
if [ -n "$bad" ]; then
    echo "foundation-check: import FoundationEssentials (Foundation only in the #else of #if canImport(FoundationEssentials)):" >&2
    echo "$bad" >&2
    exit 1
fi
echo "foundation-check: ok (Sources/ import FoundationEssentials)"
