public import FoundationEssentials

/// The mobile SDK's Base64 "configuration" blob: application key, secret and the master
/// server public key, as powerauth-cmd-tool's `mobileSdkConfig` carries them.
///
/// Layout: `0x01 | count+APP_KEY | count+APP_SECRET | count(keys) | {keyId | count+key}…` where `count`
/// is 1 byte (≤ 0x7F), 2 bytes (`0x80|hi, lo`, ≤ 0x3FFF) or 4 bytes (`0xC0|…`). Key id 1 is the
/// P-256 master server public key.
public struct MobileSDKConfiguration: Sendable, Equatable {
    /// `APP_KEY` as Base64 text.
    public var applicationKey: String
    /// `APP_SECRET` as Base64 text.
    public var applicationSecret: String
    /// `KEY_SERVER_MASTER_PUBLIC` bytes (X9.62), if the blob has key id 1.
    public var masterServerPublicKey: Data?
    /// `KEY_MASTER_ECDSA_P384` bytes (X9.62 uncompressed), if the blob has key id 2 (SDK 2.0 configurations,
    /// protocol 4.0; spec powerauth-v4.md §2).
    public var masterPublicKeyP384: Data?

    /// Parses the Base64 blob.
    public init(base64: String) throws(PowerAuthError) {
        var reader = Reader(bytes: Array(try Base64Field.decode(base64, field: "mobileSdkConfig")))
        guard try reader.byte() == 0x01 else {
            throw PowerAuthError(.activationFile, "mobileSdkConfig has an unknown version byte")
        }
        applicationKey = Data(try reader.counted()).base64EncodedString()
        applicationSecret = Data(try reader.counted()).base64EncodedString()
        let keyCount = try reader.count()
        masterServerPublicKey = nil
        masterPublicKeyP384 = nil
        for _ in 0..<keyCount {
            let id = try reader.byte()
            let key = try reader.counted()
            if id == 0x01 { masterServerPublicKey = Data(key) }
            if id == 0x02 { masterPublicKeyP384 = Data(key) }
        }
    }

    /// Serialises values into the blob (for tests and for writing cmd-tool configs); the P-384 master key, when
    /// given, as key id 2 after key id 1.
    public static func encode(
        applicationKey: Data, applicationSecret: Data, masterServerPublicKey: Data, masterPublicKeyP384: Data? = nil
    ) -> String {
        var bytes: [UInt8] = [0x01]
        for field in [applicationKey, applicationSecret] {
            bytes += countBytes(field.count) + Array(field)
        }
        let keys = [(UInt8(0x01), masterServerPublicKey)] + (masterPublicKeyP384.map { [(UInt8(0x02), $0)] } ?? [])
        bytes += countBytes(keys.count)
        for (id, key) in keys { bytes += [id] + countBytes(key.count) + Array(key) }
        return Data(bytes).base64EncodedString()
    }

    static func countBytes(_ count: Int) -> [UInt8] {
        if count <= 0x7F { return [UInt8(count)] }
        if count <= 0x3FFF { return [0x80 | UInt8(count >> 8), UInt8(count & 0xFF)] }
        return [
            0xC0 | UInt8((count >> 24) & 0x3F), UInt8((count >> 16) & 0xFF), UInt8((count >> 8) & 0xFF),
            UInt8(count & 0xFF),
        ]
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func byte() throws(PowerAuthError) -> UInt8 {
            guard offset < bytes.count else {
                throw PowerAuthError(.activationFile, "mobileSdkConfig ends early")
            }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func count() throws(PowerAuthError) -> Int {
            let first = try byte()
            if first & 0xC0 == 0xC0 {
                var value = Int(first & 0x3F)
                for _ in 0..<3 { value = value << 8 | Int(try byte()) }
                return value
            }
            if first & 0x80 != 0 { return Int(first & 0x7F) << 8 | Int(try byte()) }
            return Int(first)
        }

        mutating func counted() throws(PowerAuthError) -> ArraySlice<UInt8> {
            let length = try count()
            guard length <= bytes.count - offset else {
                throw PowerAuthError(.activationFile, "mobileSdkConfig has a field longer than the blob")
            }
            defer { offset += length }
            return bytes[offset..<offset + length]
        }
    }
}
