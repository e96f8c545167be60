import FoundationEssentials
import QRAuthCrypto
import QRAuthFiles

/// An activation kept in a JSON file (`qrauth activation create --device F` / `--server F`): read and
/// validated on every load, replaced atomically with mode 0600 on every save (a device, FIFO or socket
/// is refused: state must be replaced atomically; a symlink's target is replaced, not the link), each cycle
/// under an exclusive `FileLock`.
///
/// The one store of an activation file, for the device and the server side, 3.x and 4.0. `withLockHeld(_:)` lends
/// a store that holds the lock for a longer run (network calls included) and reads the file once. Failures are
/// `FileError` (I/O, lock) and `PowerAuthError` (content); given to the Mobile Token or enrollment client, a device
/// file reports the client's errors instead.
public struct ActivationFile<Activation: ActivationFileContent>: ActivationStore {
    /// The file path.
    public let path: String
    /// Set on the store `withLockHeld(_:)` lends: the file's lock is already held for a longer cycle, so a cycle here
    /// takes none of its own (a second `flock` on the lock file would wait for this very process), and as no other
    /// process can change the file meanwhile, what was read or written last is kept here and not read again.
    private let held: HeldActivation<Activation>?
    /// How failures are reported: nil throws them as they come; a client's own errors otherwise
    /// (`reportingFailures(_:)`).
    private let report: (@Sendable (ActivationFileFailure) -> any Error)?

    /// Makes a store over a file.
    public init(path: String) {
        self.init(path: path, held: nil, report: nil)
    }

    private init(
        path: String, held: HeldActivation<Activation>?, report: (@Sendable (ActivationFileFailure) -> any Error)?
    ) {
        self.path = path
        self.held = held
        self.report = report
    }

    /// The same store (held or not) reporting its failures through `report` (a client's error type) instead of
    /// throwing `FileError` and `PowerAuthError`.
    package func reportingFailures(_ report: @escaping @Sendable (ActivationFileFailure) -> any Error) -> Self {
        Self(path: path, held: held, report: report)
    }

    /// Reads and validates the file (in a store `withLockHeld(_:)` lends: once; later loads return what was read or
    /// saved). Throws `FileError` for I/O and `PowerAuthError` for content.
    public func load() throws -> Activation {
        if let held, let activation = held.activation { return activation }
        let activation = try read()
        held?.activation = activation
        return activation
    }

    private func read() throws -> Activation {
        do {
            return try Self.read(path)
        } catch {
            throw report?(.reading(error, path: path)) ?? error
        }
    }

    /// Replaces the file atomically.
    public func save(_ activation: Activation) throws {
        do {
            try Self.write(activation, to: path)
            held?.activation = activation
        } catch {
            // What the file holds is unknown now: the next load reads it again.
            held?.activation = nil
            throw report?(.saving(path: path)) ?? error
        }
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
    /// A missing file is reported as by `load()` before any lock file is made beside it. In a store
    /// `withLockHeld(_:)` lends, `body` runs at once (the lock is held already).
    public func withExclusiveAccess<R>(_ body: () throws -> R) throws -> R {
        if held != nil { return try body() }
        do {
            if !FileManager.default.fileExists(atPath: path) { _ = try Self.read(path) }
            return try FileLock.withLock(for: path, body)
        } catch let error as FileError {
            // Load and save report their own failures, so a `FileError` here comes from finding or locking the file.
            throw report?(.locking(error, path: path)) ?? error
        }
    }

    /// Runs `body`, network calls included, holding the file's lock for the whole of it (a read, a decision and the
    /// writes that follow from it, as one cycle): a second process waits up to `FileLock.defaultTimeout`, then
    /// fails. Every read and write of the run must go through the store `body` is given, which takes no lock of its
    /// own, reads the file once and writes it once per `save`; another store over the same path would wait for this
    /// one. Called on a store that holds the lock already, `body` gets that store.
    ///
    /// A 4.0 file at a `DeviceActivation` store's path is not held: its own store
    /// (`ActivationFile<PowerAuthV4.DeviceFile>`) locks each counter step, and would wait for this lock. The file is
    /// read once, under the lock, to tell the two apart; a file that does not read as 3.x is left for the body's own
    /// load to report.
    public func withLockHeld<R>(_ body: (ActivationFile<Activation>) async throws -> R) async throws -> R {
        if held != nil { return try await body(self) }
        if !FileManager.default.fileExists(atPath: path) { _ = try read() }
        let lock: FileLock
        do {
            lock = try FileLock.acquire(for: path)
        } catch {
            throw report?(.locking(error, path: path)) ?? error
        }
        let held = HeldActivation<Activation>()
        held.activation = try? Self.read(path)
        if held.activation == nil, Activation.self == DeviceActivation.self, ActivationFileCodec.isProtocolV4(path) {
            lock.release()
            return try await body(self)
        }
        defer { lock.release() }
        return try await body(Self(path: path, held: held, report: report))
    }
}

extension ActivationFile where Activation == DeviceActivation {
    /// The 4.0 device file at this path, when the file is one (`protocolVersion` 4.0); nil for a 3.x file. A store
    /// `withLockHeld(_:)` lends is always over a 3.x file, so it reads nothing here.
    package var protocolV4File: ActivationFile<PowerAuthV4.DeviceFile>? {
        guard held == nil, ActivationFileCodec.isProtocolV4(path) else { return nil }
        return ActivationFile<PowerAuthV4.DeviceFile>(path: path)
    }
}

/// A failure of an activation file as a client reports it in its own error type (`ActivationFile.reportingFailures`).
package struct ActivationFileFailure: Sendable {
    /// What the failure means for the caller.
    package enum Kind: Sendable {
        /// There is no usable activation: no file, an unreadable one, or content that does not validate.
        case unusable
        /// The cycle cannot be kept: the file's lock was not taken, or the changed activation was not saved; nothing
        /// that depends on it may leave.
        case notKept
    }

    /// What the failure means for the caller.
    package let kind: Kind
    /// One human sentence naming the file.
    package let reason: String

    /// Reading or validating the file failed with `error`.
    static func reading(_ error: any Error, path: String) -> Self {
        switch error {
        case let error as FileError where error.code == .notFound:
            Self(kind: .unusable, reason: "no activation file at \(path)")
        case let error as FileError:
            Self(kind: .unusable, reason: "cannot read the activation \(path): \(error.reason)")
        case let error as PowerAuthError:
            Self(kind: .unusable, reason: "the activation \(path) is not usable: \(error.reason)")
        default:
            Self(kind: .unusable, reason: "cannot read the activation \(path)")
        }
    }

    /// Replacing the file failed.
    static func saving(path: String) -> Self {
        Self(kind: .notKept, reason: "cannot save the advanced counter to \(path); nothing was sent")
    }

    /// Finding or locking the file failed with `error`.
    static func locking(_ error: FileError, path: String) -> Self {
        if error.code == .notFound { return Self(kind: .unusable, reason: "no activation file at \(path)") }
        return Self(kind: .notKept, reason: "cannot lock the activation \(path): \(error.reason); nothing was sent")
    }
}

/// The activation a lock-held `ActivationFile` last read or wrote.
private final class HeldActivation<Activation: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `stored` is read and written only while `lock` is held.
    private let lock = Lock()
    private var stored: Activation?

    var activation: Activation? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// What an activation file holds: `DeviceActivation` or `ServerActivation`.
public protocol ActivationFileContent: Codable, Equatable, Sendable {
    /// Checks kind, version and key material after reading a file.
    func validate() throws(PowerAuthError)
}

extension DeviceActivation: ActivationFileContent {}
extension ServerActivation: ActivationFileContent {}
