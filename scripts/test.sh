#!/bin/sh
# `make test`'s suite run: the whole test suite in two `swift test` runs (the library, then the CLI tests), its
# output shown and kept in .build/test.log, then one line `N passed, M failed` counted from the log (Swift
# Testing's per-test results, and XCTest's should a target use it). The summary is also kept in
# .build/test-summary so `make test` can repeat it as its last line. Exits with `swift test`'s status.
# Arguments are passed to `swift test` (e.g. `--filter OperationsSyncTests`).
set -u
SWIFT=${SWIFT:-swift}
log=.build/test.log
summary=.build/test-summary
mkdir -p .build
status_file=$(mktemp)
: >"$log"
run() {
    {
        "$SWIFT" test --skip-build "$@" 2>&1
        echo $? >"$status_file"
    } | tee -a "$log"
}
if [ $# -gt 0 ]; then
    run "$@"
    status=$(cat "$status_file")
else
    # Two runs, the CLI tests apart: in one run of everything a live-server test of the library (BackOfficeClientTests)
    # hit its client timeout after 67 s, cause not yet found; one summary for both runs.
    run --skip qrauthCLITests
    status=$(cat "$status_file")
    run --filter qrauthCLITests
    second=$(cat "$status_file")
    [ "$status" -eq 0 ] && status=$second
fi
rm -f "$status_file"
# Swift Testing: "<symbol> Test name() passed after 0.1 seconds." / "... failed after 0.1 seconds with 1 issue.",
# anchored at the end (a test's own title may say "failed after"), one line per test (not per argument case),
# not the closing "Test run with N tests ..."; XCTest: "Test Case '...' passed (0.1 seconds)." / "... failed (...)".
count() {
    grep -aE "^[^ ]+ Test .* $1 after [0-9.]+ seconds( with .*)?\.\$|^Test Case '.*' $1 \([0-9.]+ seconds\)\.\$" "$log" |
        grep -avcE "^[^ ]+ Test (run with|case passing) "
}
passed=$(count passed)
failed=$(count failed)
# A crashed or failed run that reported no failing test still counts as one failure.
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
echo "$passed passed, $failed failed" | tee "$summary"
exit "$status"
