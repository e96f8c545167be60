import QRAuthFiles

/// An activation kept in a JSON file (`qrauth activation create --device F` / `--server F`): read and
/// validated on every load, replaced atomically with mode 0600 on every save.
public struct ActivationFile<Activation: ActivationFileContent>: ActivationStore {
    /// The file path.
    public let path: String

    /// Makes a store over a file.
    public init(path: String) {
        self.path = path
    }

    /// Reads and validates the file. Throws `FileError` for I/O and `PowerAuthError` for content.
    public func load() throws -> Activation {
        try ActivationFileStore.read(path)
    }

    /// Replaces the file atomically.
    public func save(_ activation: Activation) throws {
        try ActivationFileStore.write(activation, to: path)
    }

    /// Runs `body`; see `ActivationStore`.
    public func withExclusiveAccess<R>(_ body: () throws -> R) throws -> R {
        try body()
    }
}

/// What an activation file holds: `DeviceActivation` or `ServerActivation`.
public protocol ActivationFileContent: Codable, Equatable, Sendable {
    /// Checks kind, version and key material after reading a file.
    func validate() throws(PowerAuthError)
}

extension DeviceActivation: ActivationFileContent {}
extension ServerActivation: ActivationFileContent {}
