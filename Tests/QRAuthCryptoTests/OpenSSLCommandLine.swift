import Foundation
import QRAuthTestSupport
import Testing

/// Runs `/usr/bin/openssl` for interop tests, in a private temporary folder.
struct OpenSSLCommandLine {
    static let path = "/usr/bin/openssl"
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// A fresh temporary folder for this run's files.
    let folder: URL

    init() throws {
        folder = try TemporaryDirectory.make(prefix: "crypto")
    }

    /// The path of `name` inside the folder.
    func file(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Writes `data` to `name` in the folder and returns its path.
    @discardableResult
    func write(_ data: Data, to name: String) throws -> String {
        try data.write(to: folder.appendingPathComponent(name))
        return file(name)
    }

    /// Reads `name` from the folder.
    func read(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }

    /// Runs openssl with `arguments`; returns the exit status and standard output.
    @discardableResult
    func run(_ arguments: [String]) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }

    /// Runs openssl and requires exit status 0; returns standard output.
    @discardableResult
    func succeed(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
        let result = try run(arguments)
        #expect(
            result.status == 0, "openssl \(arguments.joined(separator: " ")) failed", sourceLocation: sourceLocation)
        return result.output
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
