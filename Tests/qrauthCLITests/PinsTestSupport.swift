import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The `openssl` command line for the `pins` CLI tests (certificates, signatures, a TLS server).
enum PinsOpenSSL {
    static let path: String? = ["/usr/bin/openssl", "/usr/local/bin/openssl"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    static var isAvailable: Bool { path != nil }

    @discardableResult
    static func run(_ arguments: [String]) async throws -> (status: Int32, stdout: Data) {
        let result = try await CLIRunner.runProcess(
            URL(fileURLWithPath: try #require(path)), arguments, environment: [:], noColor: false, timeout: nil)
        return (result.status, result.stdoutData)
    }

    /// A self-signed P-256 certificate for `commonName`; returns (cert, key) paths.
    static func certificate(_ commonName: String, days: Int = 90, in directory: URL) async throws -> (String, String) {
        let cert = directory.appendingPathComponent("\(commonName).crt").path
        let key = directory.appendingPathComponent("\(commonName).key").path
        let result = try await run([
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj",
            "/CN=\(commonName)", "-days", "\(days)", "-keyout", key, "-out", cert,
        ])
        try #require(result.status == 0)
        return (cert, key)
    }
}

/// `openssl s_server` on a loopback port it picks itself (`-accept 127.0.0.1:0`; it prints `ACCEPT 127.0.0.1:<port>`),
/// killed when `stop()` runs (call it in a `defer`). Not a port found free beforehand: the suite runs in parallel, and
/// another test's server could take that port between the check and openssl's bind.
final class LocalTLSServer {
    let port: Int
    private let process: Process
    /// Kept open while the server runs: openssl would die of SIGPIPE writing to a closed pipe.
    private let output: Pipe

    init(cert: String, key: String) async throws {
        let process = Process()
        let output = Pipe()
        self.process = process
        self.output = output
        process.executableURL = URL(fileURLWithPath: try #require(PinsOpenSSL.path))
        process.arguments = ["s_server", "-accept", "127.0.0.1:0", "-cert", cert, "-key", key, "-www"]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        // One of `ChildSlots`' slots while it starts up, none once it accepts connections. The wait is bounded: a
        // server that has not said where it listens by then is killed, which ends the read.
        let port = try await ChildSlots.withSlot { () -> Int? in
            try process.run()
            let watchdog = Task {
                try await Task.sleep(for: .seconds(60))
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            }
            defer { watchdog.cancel() }
            let reader = output.fileHandleForReading
            return await Task.detached { Self.acceptedPort(reading: reader) }.value
        }
        self.port = port ?? 0
        if port != nil { return }
        stop()
        Issue.record("openssl s_server did not report the port it listens on")
    }

    /// Kills the server without waiting (usable in a `defer`); `stopped()` also waits for it to exit.
    func stop() {
        // SIGKILL: the child inherits the test runner's signal mask, where SIGTERM may be blocked.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Kills the server and waits for it to exit.
    func stopped() async {
        stop()
        await process.exited()
    }

    /// Reads openssl's output line by line up to `ACCEPT <host>:<port>`; nil at end of output (it exited or was killed).
    private static func acceptedPort(reading handle: FileHandle) -> Int? {
        var line = Data()
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            for byte in chunk {
                guard byte == UInt8(ascii: "\n") else {
                    line.append(byte)
                    continue
                }
                let text = String(decoding: line, as: UTF8.self)
                line.removeAll()
                if text.hasPrefix("ACCEPT "), let colon = text.lastIndex(of: ":"),
                    let port = Int(text[text.index(after: colon)...]), (1...65535).contains(port)
                {
                    return port
                }
            }
        }
    }
}
