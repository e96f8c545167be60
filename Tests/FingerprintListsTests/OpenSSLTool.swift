import Foundation
import QRAuthTestSupport
import Testing

/// Runs the `openssl` command line for cross-checks; tests skip (with a message) when it is absent.
enum OpenSSLTool {
    static let path: String? = ["/usr/bin/openssl", "/usr/local/bin/openssl", "/opt/homebrew/bin/openssl"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    static var isAvailable: Bool { path != nil }

    struct Output {
        let status: Int32
        let stdout: Data
        let stderr: String
    }

    @discardableResult
    static func run(_ arguments: [String], stdin: Data? = nil) throws -> Output {
        BrokenPipe.ignore()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(path, "openssl is not installed"))
        process.arguments = arguments
        let outPipe = Pipe()
        let errPipe = Pipe()
        let inPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = inPipe
        try process.run()
        if let stdin { inPipe.fileHandleForWriting.write(stdin) }
        try inPipe.fileHandleForWriting.close()
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        let err = errPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: out, stderr: String(decoding: err, as: UTF8.self))
    }

    /// A self-signed P-256 certificate and its key, written into `directory`.
    static func makeCertificate(commonName: String, days: Int = 30, in directory: URL) throws -> (cert: URL, key: URL) {
        let cert = directory.appendingPathComponent("\(commonName).crt")
        let key = directory.appendingPathComponent("\(commonName).key")
        let result = try run([
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj",
            "/CN=\(commonName)", "-addext", "subjectAltName=DNS:\(commonName)", "-days", "\(days)",
            "-keyout", key.path, "-out", cert.path,
        ])
        try #require(result.status == 0, "openssl req failed: \(result.stderr)")
        return (cert, key)
    }

    static func temporaryDirectory() throws -> URL {
        try TemporaryDirectory.make(prefix: "pins")
    }
}
