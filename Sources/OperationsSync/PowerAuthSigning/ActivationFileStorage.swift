import NIOConcurrencyHelpers
public import PowerAuth
import QRAuthFiles

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A device activation file (`qrauth activation create --device F`): PowerAuth's `ActivationFile` (locked for each
/// cycle, re-read, replaced atomically with mode 0600) with the client's errors.
public struct ActivationFileStorage: ActivationStore {
    /// The file path.
    public let path: String
    private let file: ActivationFile<DeviceActivation>
    /// Set for the storage `withLockHeld` lends: the file's lock is already held for a longer cycle, so a cycle
    /// here takes none of its own (a second `flock` on the lock file would wait for this very process), and as no
    /// other process can change the file meanwhile, what was read or written last is kept here and not read again.
    private let held: HeldActivation?

    /// Makes a storage for a file.
    public init(path: String) {
        self.init(path: path, held: nil)
    }

    private init(path: String, held: HeldActivation?) {
        self.path = path
        self.file = ActivationFile(path: path)
        self.held = held
    }

    /// Reads and validates the file (under `withLockHeld`: once; later loads return what was read or saved).
    public func load() throws -> DeviceActivation {
        if let held, let activation = held.activation { return activation }
        let activation = try read()
        held?.activation = activation
        return activation
    }

    private func read() throws -> DeviceActivation {
        do {
            return try file.load()
        } catch let error as FileError where error.code == .notFound {
            throw MobileTokenError(.missingActivation, "no activation file at \(path)")
        } catch let error as FileError {
            throw MobileTokenError(.missingActivation, "cannot read the activation \(path): \(error.reason)")
        } catch let error as PowerAuthError {
            throw MobileTokenError(.missingActivation, "the activation \(path) is not usable: \(error.reason)")
        } catch {
            throw MobileTokenError(.missingActivation, "cannot read the activation \(path)")
        }
    }

    /// Writes the file atomically.
    public func save(_ activation: DeviceActivation) throws {
        do {
            try file.save(activation)
            held?.activation = activation
        } catch {
            // What the file holds is unknown now: the next load reads it again.
            held?.activation = nil
            throw MobileTokenError(.signingFailed, "cannot save the advanced counter to \(path); nothing was sent")
        }
    }

    /// Runs `body` holding the file's lock. Load and save map their own errors, so a `FileError` here comes from
    /// finding or locking the file.
    public func withExclusiveAccess<R>(_ body: () throws -> R) throws -> R {
        if held != nil { return try body() }
        do {
            return try file.withExclusiveAccess(body)
        } catch let error as FileError {
            throw lockError(error)
        }
    }

    /// Runs `body`, network calls included, holding the file's lock for the whole of it (a read, a decision and the
    /// writes that follow from it, as one cycle): a second process waits up to `FileLock.defaultTimeout`, then
    /// fails. Every read and write of the cycle must go through the storage `body` is given, which takes no lock of
    /// its own, reads the file once and writes it once per `save`; another storage over the same path would wait for
    /// this one.
    ///
    /// A 4.0 device file is not held: its own store (`PowerAuthV4.DeviceFile`, see `protocolV4File`) locks each
    /// counter step, and would wait for this lock. The file is read once, under the lock, to tell the two apart; a
    /// file that does not read as 3.x is left for the body's own load to report.
    public func withLockHeld<R>(_ body: (ActivationFileStorage) async throws -> R) async throws -> R {
        if held != nil { return try await body(self) }
        if !FileManager.default.fileExists(atPath: path) { _ = try read() }
        let lock: FileLock
        do {
            lock = try FileLock.acquire(for: path)
        } catch {
            throw lockError(error)
        }
        let held = HeldActivation()
        held.activation = try? read()
        if held.activation == nil, ActivationFileCodec.isProtocolV4(path) {
            lock.release()
            return try await body(self)
        }
        defer { lock.release() }
        return try await body(ActivationFileStorage(path: path, held: held))
    }

    /// The 4.0 device file at this path, when the file is one (`protocolVersion` 4.0); nil for a 3.x file. A storage
    /// `withLockHeld` lends is always over a 3.x file, so it reads nothing here.
    package var protocolV4File: ActivationFile<PowerAuthV4.DeviceFile>? {
        guard held == nil, ActivationFileCodec.isProtocolV4(path) else { return nil }
        return ActivationFile(path: path)
    }

    /// The client's reading of a `FileError` from finding or locking the file.
    private func lockError(_ error: FileError) -> MobileTokenError {
        if error.code == .notFound { return MobileTokenError(.missingActivation, "no activation file at \(path)") }
        return MobileTokenError(.signingFailed, "cannot lock the activation \(path): \(error.reason); nothing was sent")
    }
}

/// The activation a lock-held `ActivationFileStorage` last read or wrote.
private final class HeldActivation: Sendable {
    private let box = NIOLockedValueBox<DeviceActivation?>(nil)

    var activation: DeviceActivation? {
        get { box.withLockedValue { $0 } }
        set { box.withLockedValue { $0 = newValue } }
    }
}
