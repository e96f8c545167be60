public import PowerAuth
import QRAuthFiles

/// A device activation file (`qrauth activation create --device F`): PowerAuth's `ActivationFile` (locked for each
/// cycle, re-read, replaced atomically with mode 0600) with the client's errors.
public struct ActivationFileStorage: DeviceActivationStore {
    /// The file path.
    public let path: String
    private let file: ActivationFile<DeviceActivation>

    /// Makes a storage for a file.
    public init(path: String) {
        self.path = path
        self.file = ActivationFile(path: path)
    }

    /// Reads and validates the file.
    public func load() throws -> DeviceActivation {
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
        } catch {
            throw MobileTokenError(.signingFailed, "cannot save the advanced counter to \(path); nothing was sent")
        }
    }

    /// Runs `body` holding the file's lock. Load and save map their own errors, so a `FileError` here comes from
    /// finding or locking the file.
    public func withExclusiveAccess<R>(_ body: () throws -> R) throws -> R {
        do {
            return try file.withExclusiveAccess(body)
        } catch let error as FileError where error.code == .notFound {
            throw MobileTokenError(.missingActivation, "no activation file at \(path)")
        } catch let error as FileError {
            throw MobileTokenError(
                .signingFailed, "cannot lock the activation \(path): \(error.reason); nothing was sent")
        }
    }
}
