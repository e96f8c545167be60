import Foundation

extension CLIRunner {
    /// Runs `qrauth` like `run(_:stdin:environment:)`, but kills it when it is still running after
    /// `timeout` seconds (a hang then fails the caller's status check; nothing is timed).
    static func run(_ arguments: [String], environment: [String: String], timeout: Double) throws -> CLIResult {
        try runProcess(executable, arguments, environment: environment, timeout: timeout)
    }

    /// Runs a `/bin/sh -c` script (for redirections and raw bytes in the environment), with
    /// `arguments` as `$0`, `$1`, ...
    static func runShell(_ script: String, arguments: [String], timeout: Double = 120) throws -> CLIResult {
        try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script] + arguments, environment: [:], timeout: timeout)
    }

    private static func runProcess(
        _ executable: URL, _ arguments: [String], environment: [String: String], timeout: Double
    ) throws -> CLIResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = outPipe.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            errData = errPipe.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        process.waitUntilExit()
        watchdog.cancel()
        group.wait()
        return CLIResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData)
    }
}
