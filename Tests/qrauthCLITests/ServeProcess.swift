import Foundation
import Testing

/// A test activation (device + server file) and a running `qrauth serve --port 0 --self-signed` for
/// it: the one way CLI tests start the built server. Stopped when freed or on `stop()`.
final class ServeProcess {
    /// The device activation file (password `pin`).
    let device: String
    /// The server activation file `serve` was started with.
    let serverFile: String
    /// The test CA `serve` wrote (`--ca-out`), for `--ca` / `curl --cacert`.
    let caPath: String
    /// The first lines `serve` printed: the URL, then `name: value` lines.
    let lines: [String]
    private let process: Process

    /// The base URL (the first line `serve` prints).
    var url: String { lines[0] }

    /// The value of a `name: value` line `serve` printed (`pin`, `pins-public-key`, `ca`, ...).
    func value(_ name: String) -> String? {
        lines.dropFirst().first { $0.hasPrefix(name + ": ") }.map { String($0.dropFirst(name.count + 2)) }
    }

    /// Creates a test activation in `directory` (`CLIRunner.activation`) with password `pin`, then starts `serve`
    /// with `arguments` added and waits for `lineCount` lines of its output.
    init(in directory: URL, arguments: [String] = [], lineCount: Int = 1, pin: String = "1234") async throws {
        (device, serverFile) = try await CLIRunner.activation(in: directory, pin: pin)
        caPath = directory.appendingPathComponent("ca.pem").path
        let process = Process()
        self.process = process
        process.executableURL = CLIRunner.executable
        process.arguments =
            ["serve", "--port", "0", "--self-signed", "--activation", serverFile, "--ca-out", caPath] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        // One of `ChildSlots`' slots while it starts up, none once it is ready (it then works for the test's children).
        let read = try await ChildSlots.withSlot {
            try process.run()
            return try? await ServeCLITests.LineReader(output.fileHandleForReading).lines(lineCount)
        }
        lines = read ?? []
        if lines.count < lineCount {
            stop()
            await process.exited()
        }
        try #require(lines.count >= lineCount, "serve printed \(lines)")
    }

    deinit { stop() }

    /// Stops the server (SIGTERM) without waiting; `stopped()` also waits for it to exit.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
    }

    /// Stops the server and waits for it to exit.
    func stopped() async {
        stop()
        await process.exited()
    }
}
