import Foundation
import QRAuthTestSupport
import Testing

/// Runs the built `qrauth` executable and captures what it printed and how it exited.
struct CLIResult {
    let status: Int32
    let stdout: String
    let stderr: String
    let stdoutData: Data
}

enum CLIRunner {
    /// The directory holding the built products (the test bundle sits beside `qrauth`).
    static var productsDirectory: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
            fatalError("cannot find the products directory")
        #else
            return Bundle.main.bundleURL
        #endif
    }

    /// The path of the built `qrauth` executable.
    static var executable: URL { productsDirectory.appendingPathComponent("qrauth") }

    /// The test fixtures folder.
    static var fixtures: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures")
    }

    /// The path of a fixture: this target's own, else the shared one (`QRAuthTestSupport/Fixtures`).
    static func fixture(_ name: String) -> String {
        ((try? SharedFixtures.url(name, in: fixtures)) ?? fixtures.appendingPathComponent(name)).path
    }

    /// Runs `qrauth` with `arguments`, feeding `stdin`, with extra environment variables.
    @discardableResult
    static func run(
        _ arguments: [String],
        stdin: Data? = nil,
        environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) throws -> CLIResult {
        try runProcess(
            executable, arguments, stdin: stdin, environment: environment, currentDirectory: currentDirectory,
            timeout: nil)
    }

    /// Runs a program with `NO_COLOR` set, feeding `stdin` then end of input, and collects both outputs.
    /// With a `timeout` (seconds) a child still running then is killed, so a hang fails the caller's
    /// status check (nothing is timed).
    static func runProcess(
        _ program: URL, _ arguments: [String], stdin: Data? = nil, environment: [String: String],
        currentDirectory: URL? = nil, timeout: Double?
    ) throws -> CLIResult {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        // The variables online commands take --url, --device and --ca from: a test gives them or none.
        for name in ["QRAUTH_URL", "QRAUTH_DEVICE", "QRAUTH_CA", "QRAUTH_BACKOFFICE_URL"] { env[name] = nil }
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let outPipe = Pipe()
        let errPipe = Pipe()
        let inPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = inPipe
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        if let timeout { DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog) }
        // Read both pipes concurrently so a chatty child never blocks on a full pipe.
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
        if let stdin { inPipe.fileHandleForWriting.write(stdin) }
        try inPipe.fileHandleForWriting.close()
        process.waitUntilExit()
        watchdog.cancel()
        group.wait()
        return CLIResult(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            stdoutData: outData
        )
    }

    /// A test activation in `directory`: `phone.json` (device) and `bank.json` (server), password `pin`.
    static func activation(in directory: URL, pin: String = "1234") throws -> (device: String, server: String) {
        let device = directory.appendingPathComponent("phone.json").path
        let server = directory.appendingPathComponent("bank.json").path
        let created = try run(
            ["activation", "create", "--device", device, "--server", server, "--password-env", "PIN"],
            environment: ["PIN": pin])
        try #require(created.status == 0, "\(created.stderr)")
        return (device, server)
    }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        try TemporaryDirectory.make(prefix: "cli")
    }
}
