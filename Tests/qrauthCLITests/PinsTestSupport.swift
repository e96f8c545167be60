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

/// `openssl s_server` on a free loopback port, killed when `stop()` runs (call it in a `defer`).
final class LocalTLSServer {
    let port: Int
    private let process: Process

    init(cert: String, key: String) async throws {
        let port = try Self.freePort()
        self.port = port
        let process = Process()
        self.process = process
        process.executableURL = URL(fileURLWithPath: try #require(PinsOpenSSL.path))
        process.arguments = ["s_server", "-accept", "127.0.0.1:\(port)", "-cert", cert, "-key", key, "-www", "-quiet"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        // One of `ChildSlots`' slots while it starts up, none once it accepts connections. The wait is bounded.
        let started = try await ChildSlots.withSlot {
            try process.run()
            for _ in 0..<100 {
                if Self.accepts(port) { return true }
                try await Task.sleep(for: .milliseconds(50))
            }
            return false
        }
        if started { return }
        stop()
        Issue.record("openssl s_server did not start on port \(port)")
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

    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        try #require(bound == 0)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return result == 0
    }
}
