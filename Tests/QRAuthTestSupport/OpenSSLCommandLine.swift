public import Foundation

/// Runs `/usr/bin/openssl` for interop tests (the independent computation several targets check against), in a
/// private temporary folder.
public struct OpenSSLCommandLine {
    /// A command that exited with a non-zero status.
    public struct Failure: Error, CustomStringConvertible {
        /// The arguments given.
        public let arguments: [String]
        /// The exit status.
        public let status: Int32
        public var description: String { "openssl \(arguments.joined(separator: " ")) exited with \(status)" }
    }

    public static let path = "/usr/bin/openssl"
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// A fresh temporary folder for this run's files.
    public let folder: URL

    public init() throws {
        folder = try TemporaryDirectory.make(prefix: "crypto")
    }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Writes `data` to `name` in the folder and returns its path.
    @discardableResult
    public func write(_ data: Data, to name: String) throws -> String {
        try data.write(to: folder.appendingPathComponent(name))
        return file(name)
    }

    /// Reads `name` from the folder.
    public func read(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }

    /// Runs openssl with `arguments`; returns the exit status and standard output.
    @discardableResult
    public func run(_ arguments: [String]) throws -> (status: Int32, output: Data) {
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

    /// Runs openssl and throws `Failure` unless it exits with status 0; returns standard output.
    @discardableResult
    public func succeed(_ arguments: [String]) throws -> Data {
        let result = try run(arguments)
        guard result.status == 0 else { throw Failure(arguments: arguments, status: result.status) }
        return result.output
    }

    /// `openssl mac … KMAC256`: the KMAC-256 of `message` as lower-case hex.
    public func kmac256(key: Data, message: Data, length: Int, customization: String) throws -> String {
        let path = try write(message, to: "kmac-message")
        var arguments = ["mac", "-macopt", "hexkey:\(Self.hex(key))", "-macopt", "size:\(length)"]
        if !customization.isEmpty { arguments += ["-macopt", "custom:\(customization)"] }
        let output = try succeed(arguments + ["-in", path, "KMAC256"])
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// Lower-case hex of `data`.
    public static func hex(_ data: Data) -> String { data.map { String(format: "%02x", $0) }.joined() }

    public func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
