public import Foundation
import OfflineOperations
import QRAuthFiles

/// Reads and writes activation files: JSON, mode 0600, replaced atomically (temp, fsync, rename).
public enum ActivationFileStore {
    /// Activation files are small; anything larger is not one.
    static let sizeLimit = 1 << 20

    /// Reads and validates a device file. Throws `FileError` for I/O and `PowerAuthError` for content.
    public static func readDevice(_ path: String) throws -> DeviceActivation {
        let device: DeviceActivation = try decode(FileInput.read(path, limit: sizeLimit), path: path)
        try device.validate()
        return device
    }

    /// Reads and validates a server file.
    public static func readServer(_ path: String) throws -> ServerActivation {
        let server: ServerActivation = try decode(FileInput.read(path, limit: sizeLimit), path: path)
        try server.validate()
        return server
    }

    /// Writes a device file atomically with mode 0600.
    public static func write(_ device: DeviceActivation, to path: String) throws {
        try AtomicFile.writeState(try encode(device), to: path, mode: AtomicFile.secretMode)
    }

    /// Writes a server file atomically with mode 0600.
    public static func write(_ server: ServerActivation, to path: String) throws {
        try AtomicFile.writeState(try encode(server), to: path, mode: AtomicFile.secretMode)
    }

    /// The JSON bytes of a file: pretty, key-sorted, with a trailing newline.
    public static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(0x0A)
        return data
    }

    static func decode<T: Decodable>(_ data: Data, path: String) throws(PowerAuthError) -> T {
        if let key = JSONDuplicateKeys.first(in: data) {
            throw PowerAuthError(
                .activationFile, "\(path): the key \(key) appears twice (refused: readers disagree on which wins)")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            throw PowerAuthError(.activationFile, "\(path): \(describe(error))")
        } catch {
            throw PowerAuthError(.activationFile, "\(path) is not valid JSON")
        }
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
            .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            let detail: String
            if case .keyNotFound(let key, _) = error {
                detail = "missing field \(key.stringValue)"
            } else {
                detail = context.debugDescription
            }
            return path.isEmpty ? detail : "\(path): \(detail)"
        @unknown default:
            return "malformed JSON"
        }
    }
}
