public import Foundation

/// Fresh temporary directories for tests.
public enum TemporaryDirectory {
    /// Creates `qrauth-PREFIX-UUID` in the system temporary folder; the caller removes it.
    public static func make(prefix: String = "test") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("qrauth-\(prefix)-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `body` with a fresh directory and removes the directory afterwards, whatever `body` does.
    public static func with<T>(prefix: String = "test", _ body: (URL) throws -> T) throws -> T {
        let url = try make(prefix: prefix)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url)
    }
}
