import QRAuthFiles

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An activation kept in a JSON file (`qrauth activation create --device F` / `--server F`): read and
/// validated on every load, replaced atomically with mode 0600 on every save (a device, FIFO or socket
/// is refused: state must be replaced atomically), each cycle under an exclusive `FileLock`.
public struct ActivationFile<Activation: ActivationFileContent>: ActivationStore {
    /// The file path.
    public let path: String

    /// True for a store whose caller holds the file's `FileLock` for a longer cycle (`holdingLock(for:_:)`): its
    /// cycles take no lock of their own (a second `flock` on the lock file would wait for this very process).
    package let lockHeld: Bool

    /// Makes a store over a file.
    public init(path: String) {
        self.path = path
        lockHeld = false
    }

    private init(path: String, lockHeld: Bool) {
        self.path = path
        self.lockHeld = lockHeld
    }

    /// Runs `body`, network calls included, holding the file's lock for the whole of it, with a store over the
    /// file whose cycles take no lock of their own (every read and write of the run must go through it). A second
    /// process waits up to `FileLock.defaultTimeout`, then fails.
    package static func holdingLock<R>(
        for path: String, _ body: (ActivationFile<Activation>) async throws -> R
    ) async throws -> R {
        if !FileManager.default.fileExists(atPath: path) { _ = try ActivationFile(path: path).load() }
        let lock = try FileLock.acquire(for: path)
        defer { lock.release() }
        return try await body(ActivationFile(path: path, lockHeld: true))
    }

    /// Reads and validates the file. Throws `FileError` for I/O and `PowerAuthError` for content.
    public func load() throws -> Activation {
        try Self.read(path)
    }

    /// Replaces the file atomically.
    public func save(_ activation: Activation) throws {
        try Self.write(activation, to: path)
    }

    /// Reads and validates the file at `path` once, without its lock (`ActivationFile<DeviceActivation>.read(path)`).
    /// Throws `FileError` for I/O and `PowerAuthError` for content.
    public static func read(_ path: String) throws -> Activation {
        try ActivationFileCodec.read(path)
    }

    /// Writes an activation file at `path` atomically with mode 0600 (temp file, fsync, rename), without its lock.
    public static func write(_ activation: Activation, to path: String) throws {
        try AtomicFile.writeState(try ActivationFileCodec.encode(activation), to: path, mode: AtomicFile.secretMode)
    }

    /// Runs `body` holding the file's `FileLock` (a sidecar `.NAME.lock` beside the file the path resolves
    /// to), waiting up to `FileLock.defaultTimeout`; throws `FileError(.locked)` when another process keeps it.
    /// A missing file is reported as by `load()` before any lock file is made beside it.
    public func withExclusiveAccess<R>(_ body: () throws -> R) throws -> R {
        if lockHeld { return try body() }
        if !FileManager.default.fileExists(atPath: path) { _ = try load() }
        return try FileLock.withLock(for: path, body)
    }
}

/// What an activation file holds: `DeviceActivation` or `ServerActivation`.
public protocol ActivationFileContent: Codable, Equatable, Sendable {
    /// Checks kind, version and key material after reading a file.
    func validate() throws(PowerAuthError)
}

extension DeviceActivation: ActivationFileContent {}
extension ServerActivation: ActivationFileContent {}
