package import FoundationEssentials
import QRAuthEncoding
import QRAuthFiles

/// The bytes of activation files (read through `ActivationFile`): JSON, checked on reading (kind, protocol, duplicate
/// keys, ranges), pretty and key-sorted on writing.
package enum ActivationFileCodec {
    /// Activation files are small; anything larger is not one.
    static let sizeLimit = 1 << 20

    /// A device file of either protocol: 3.x (`DeviceActivation`) or 4.0 (`PowerAuthV4.DeviceFile`).
    package enum AnyDevice: Sendable, Equatable {
        case v3(DeviceActivation)
        case v4(PowerAuthV4.DeviceFile)

        /// The activation id.
        package var activationId: String {
            switch self {
            case .v3(let device): device.activationId
            case .v4(let device): device.activationId
            }
        }
    }

    /// Reads and validates a device file of either protocol, told apart by its `protocolVersion`.
    package static func readAnyDevice(_ path: String) throws -> AnyDevice {
        let data = try FileInput.readState(path, limit: sizeLimit)
        if isVersion4(data) {
            let device: PowerAuthV4.DeviceFile = try decodeChecked(data, path: path)
            return .v4(device)
        }
        let device: DeviceActivation = try decodeChecked(data, path: path)
        return .v3(device)
    }

    /// Whether the file at `path` reads as a 4.0 device file (false when it is missing, unreadable or 3.x: the
    /// caller's own read reports those).
    package static func isProtocolV4(_ path: String) -> Bool {
        guard let data = try? FileInput.readState(path, limit: sizeLimit) else { return false }
        return isVersion4(data)
    }

    /// Whether a device file's `protocolVersion` is `4.0` (only a 4.0 file has that value).
    static func isVersion4(_ data: Data) -> Bool {
        (try? JSONDecoder().decode(FileVersion.self, from: data))?.protocolVersion == PowerAuthV4.version
    }

    /// Reads and validates an activation file of either side.
    static func read<Activation: ActivationFileContent>(_ path: String) throws -> Activation {
        let data = try FileInput.readState(path, limit: sizeLimit)
        return try decodeChecked(data, path: path)
    }

    /// Decodes and validates the bytes of an activation file, refusing the other side's and the other protocol's.
    private static func decodeChecked<Activation: ActivationFileContent>(
        _ data: Data, path: String
    ) throws -> Activation {
        try checkKind(data, of: Activation.self, path: path)
        if Activation.self == DeviceActivation.self, isVersion4(data) {
            throw PowerAuthError(
                .activationFile,
                "\(path) is a protocol 4.0 device file; this command takes only 3.x device files so far")
        }
        if Activation.self == PowerAuthV4.DeviceFile.self, !isVersion4(data) {
            throw PowerAuthError(.activationFile, "\(path) is not a protocol 4.0 device file")
        }
        let activation: Activation = try decode(data, path: path)
        try activation.validate()
        return activation
    }

    /// The JSON bytes of a file: pretty, key-sorted, with a trailing newline.
    package static func encode(_ value: some Encodable) throws -> Data {
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
            // Foundation reports a number too large (or negative) for its field as "not valid JSON" for the whole
            // document: name the field instead.
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
                let field = outOfRangeNumber(in: data)
            {
                throw PowerAuthError(.activationFile, "\(path): \(field) is out of range for that field")
            }
            throw PowerAuthError(.activationFile, "\(path): \(describe(error))")
        } catch {
            throw PowerAuthError(.activationFile, "\(path) is not valid JSON")
        }
    }

    /// The side a file of this type holds (`kind` in the JSON), and where the other side's file comes from.
    private static func side(of type: (some ActivationFileContent).Type) -> (kind: String, option: String)? {
        if type == DeviceActivation.self || type == PowerAuthV4.DeviceFile.self { return ("device", "--device") }
        if type == ServerActivation.self { return ("server", "--server-activation") }
        return nil
    }

    /// Refuses the other side's file by name before decoding, so a mix-up reads as one rather than as a missing
    /// field: `bank.json is a server activation file; give the device file (from --device)`.
    static func checkKind(_ data: Data, of type: (some ActivationFileContent).Type, path: String) throws(PowerAuthError)
    {
        guard let expected = side(of: type), let found = (try? JSONDecoder().decode(FileKind.self, from: data))?.kind,
            found != expected.kind, ["device", "server"].contains(found)
        else { return }
        throw PowerAuthError(
            .activationFile,
            "\(path) is a \(found) activation file; give the \(expected.kind) file (from \(expected.option))")
    }

    /// Only the `kind` of an activation file.
    private struct FileKind: Decodable { let kind: String? }

    /// Only the `protocolVersion` of a device file.
    private struct FileVersion: Decodable { let protocolVersion: String? }

    /// The path and value of the first number in a valid JSON document that no field of an activation file can
    /// hold (every number there is an integer within 64 bits, non-negative but for the clock offset), or nil.
    static func outOfRangeNumber(in data: Data) -> String? {
        guard let root = try? JSONDecoder().decode(JSONValue.self, from: data) else { return nil }
        var pending: [(path: String, value: JSONValue)] = [("", root)]
        while let (path, value) = pending.popLast() {
            let number: String
            let double: Double
            switch value {
            case .object(let object):
                for key in object.keys.sorted().reversed() {
                    pending.append((path.isEmpty ? key : path + "." + key, object[key]!))
                }
                continue
            case .array(let array):
                for (index, item) in array.enumerated().reversed() { pending.append(("\(path)[\(index)]", item)) }
                continue
            case .integer(let value): (number, double) = ("\(value)", Double(value))
            case .number(let value): (number, double) = ("\(value)", value)
            case .null, .bool, .string: continue
            }
            let signed = path.hasSuffix("OffsetMillis")  // the one signed field (a clock offset)
            if (double < 0 && !signed) || double < -9_223_372_036_854_775_808 || double != double.rounded()
                || double >= 18_446_744_073_709_551_616
            {
                return "\(path) (\(number))"
            }
        }
        return nil
    }

    static func describe(_ error: DecodingError) -> String {
        error.pathDescription(namingMissingKeys: true)
    }
}
