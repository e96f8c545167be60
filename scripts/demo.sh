#!/usr/bin/env bash
# The main job on bundled samples: what `make demo` shows a new user.
set -euo pipefail
bin=${1:-.build/debug/qrauth}
here=$(cd "$(dirname "$0")/.." && pwd)

echo "== qrauth version"
"$bin" version
