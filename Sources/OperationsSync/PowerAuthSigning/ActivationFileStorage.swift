public import PowerAuth
import QRAuthFiles

/// A device activation file (`qrauth activation create --device F`), re-read before each signature and replaced
/// atomically (temp, fsync, rename, mode 0600) after each counter advance.
public struct ActivationFileStorage: DeviceActivationStore {
    /// The file path.
    public let path: String

    /// Makes a storage for a file.
    public init(path: String) {
        self.path = path
    }

    /// Reads and validates the file.
    public func load() async throws(MobileTokenError) -> DeviceActivation {
        do {
            return try ActivationFileStore.readDevice(path)
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
    public func save(_ activation: DeviceActivation) async throws(MobileTokenError) {
        do {
            try ActivationFileStore.write(activation, to: path)
        } catch {
            throw MobileTokenError(.signingFailed, "cannot save the advanced counter to \(path); nothing was sent")
        }
    }
}
