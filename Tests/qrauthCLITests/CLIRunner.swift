import Foundation
import QRAuthTestSupport
import Subprocess
import SystemPackage
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
    ) async throws -> CLIResult {
        try await runProcess(
            executable, arguments, stdin: stdin, environment: environment, currentDirectory: currentDirectory,
            timeout: nil)
    }

    /// Runs a program with `NO_COLOR` set (unless `noColor` is false), feeding `stdin` then end of input, and
    /// collects both outputs. With a `timeout` (seconds) a child still running then is killed, so a hang fails
    /// the caller's status check (nothing is timed). The wait suspends the task (swift-subprocess): no
    /// cooperative thread is held while the child runs. The child runs in one of `ChildSlots`' slots (waiting,
    /// suspended, for one to be free; the timeout starts once it runs). A child killed by a signal reports the
    /// signal's number as its status, as Foundation's `Process.terminationStatus` does.
    static func runProcess(
        _ program: URL, _ arguments: [String], stdin: Data? = nil, environment: [String: String],
        noColor: Bool = true, currentDirectory: URL? = nil, timeout: Double?
    ) async throws -> CLIResult {
        BrokenPipe.ignore()
        var overrides: [Environment.Key: String?] = [:]
        // The variables online commands take --url, --device and --ca from: a test gives them or none.
        for name in ["QRAUTH_URL", "QRAUTH_DEVICE", "QRAUTH_CA", "QRAUTH_BACKOFFICE_URL"] {
            overrides[Environment.Key(stringLiteral: name)] = String?.none
        }
        for (key, value) in environment { overrides[Environment.Key(stringLiteral: key)] = value }
        overrides["NO_COLOR"] = noColor ? "1" : String?.none
        let result = try await ChildSlots.withSlot {
            try await Subprocess.run(
                .path(FilePath(program.path)), arguments: Arguments(arguments),
                environment: .inherit.updating(overrides),
                workingDirectory: currentDirectory.map { FilePath($0.path) },
                input: .inputWriter, output: .sequence, error: .sequence
            ) { execution in
                // Both outputs are read concurrently, so a chatty child never blocks on a full pipe; the
                // watchdog (if any) is cancelled once both reach end of file.
                try await withThrowingTaskGroup(of: (Bool, Data)?.self) { group in
                    group.addTask { (true, try await collect(execution.standardOutput)) }
                    group.addTask { (false, try await collect(execution.standardError)) }
                    // `stdin`, then end of input. A child that exits without reading it (a usage error) breaks the
                    // pipe: that write fails and is ignored, and the writer is always finished (its descriptor closed).
                    if let stdin, !stdin.isEmpty { _ = try? await execution.standardInputWriter.write(Array(stdin)) }
                    try? await execution.standardInputWriter.finish()
                    if let timeout {
                        group.addTask {
                            try await Task.sleep(for: .seconds(timeout))
                            try? execution.send(signal: .kill)
                            return nil
                        }
                    }
                    var outData = Data()
                    var errData = Data()
                    var finished = 0
                    while finished < 2, let next = try await group.next() {
                        guard let (isOutput, data) = next else { continue }
                        if isOutput { outData = data } else { errData = data }
                        finished += 1
                    }
                    group.cancelAll()
                    return (outData, errData)
                }
            }
        }
        let (outData, errData) = result.closureResult
        let status: Int32
        switch result.terminationStatus {
        case .exited(let code): status = code
        case .signaled(let signal): status = signal
        }
        return CLIResult(
            status: status,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            stdoutData: outData
        )
    }

    /// Everything a child wrote to one output, up to end of file.
    private static func collect(_ sequence: SubprocessOutputSequence) async throws -> Data {
        var data = Data()
        for try await buffer in sequence {
            buffer.withUnsafeBytes { data.append(contentsOf: $0) }
        }
        return data
    }

    /// A test activation in `directory`: `phone.json` (device) and `bank.json` (server), password `pin`.
    static func activation(in directory: URL, pin: String = "1234") async throws -> (device: String, server: String) {
        let device = directory.appendingPathComponent("phone.json").path
        let server = directory.appendingPathComponent("bank.json").path
        let created = try await run(
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

extension Process {
    /// Waits until a child started with Foundation's `Process` (the long-running `serve` and TLS servers the
    /// tests talk to while they run) has exited, without holding a thread: the task sleeps between checks.
    func exited() async {
        while isRunning { try? await Task.sleep(for: .milliseconds(10)) }
    }
}
