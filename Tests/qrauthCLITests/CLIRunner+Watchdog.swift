import Foundation

extension CLIRunner {
    /// Runs `qrauth` like `run(_:stdin:environment:)`, but kills it when it is still running after
    /// `timeout` seconds (a hang then fails the caller's status check; nothing is timed).
    static func run(_ arguments: [String], environment: [String: String], timeout: Double) async throws -> CLIResult {
        try await runProcess(executable, arguments, environment: environment, timeout: timeout)
    }

    /// Runs a `/bin/sh -c` script (for redirections and raw bytes in the environment), with
    /// `arguments` as `$0`, `$1`, ...
    static func runShell(_ script: String, arguments: [String], timeout: Double = 120) async throws -> CLIResult {
        try await runProcess(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script] + arguments, environment: [:], timeout: timeout)
    }
}
