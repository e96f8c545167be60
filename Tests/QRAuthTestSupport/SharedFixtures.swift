public import Foundation

/// Fixture files that several test targets use, stored once in this target's `Fixtures/` (see its README).
///
/// A target looks a fixture up with `SharedFixtures.url(_:in:)`: its own `Fixtures/` folder first (paths may
/// have folders, like `upstream/powerauth-crypto/x.json`), then the shared folder by file name.
public enum SharedFixtures {
    /// The shared `Fixtures/` folder.
    public static var folder: URL {
        get throws {
            guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
                throw CocoaError(.fileNoSuchFile)
            }
            return url
        }
    }

    /// `path` inside `targetFolder` when that file exists, else the shared file with the same name.
    public static func url(_ path: String, in targetFolder: URL?) throws -> URL {
        if let local = targetFolder?.appendingPathComponent(path), FileManager.default.fileExists(atPath: local.path) {
            return local
        }
        return try folder.appendingPathComponent((path as NSString).lastPathComponent)
    }

    /// The bytes of `path` (see `url(_:in:)`).
    public static func data(_ path: String, in targetFolder: URL?) throws -> Data {
        try Data(contentsOf: url(path, in: targetFolder))
    }
}
