/// The reads and writes of activation files are `ActivationFile`'s: `ActivationFile<DeviceActivation>.read(path)`,
/// `ActivationFile<ServerActivation>.read(path)`, `ActivationFile.write(activation, to: path)`.
@available(*, deprecated, message: "use ActivationFile<DeviceActivation>.read(_:), ActivationFile.write(_:to:)")
public enum ActivationFileStore {
    /// Reads and validates a device file.
    public static func readDevice(_ path: String) throws -> DeviceActivation {
        try ActivationFile.read(path)
    }

    /// Reads and validates a server file.
    public static func readServer(_ path: String) throws -> ServerActivation {
        try ActivationFile.read(path)
    }

    /// Reads and validates an application file (`qrauth serve --app`).
    public static func readApplication(_ path: String) throws -> ServerApplication {
        try ActivationFile.read(path)
    }

    /// Writes an activation file (device or server) atomically with mode 0600.
    public static func write<Activation: ActivationFileContent>(_ activation: Activation, to path: String) throws {
        try ActivationFile.write(activation, to: path)
    }
}
