package import FoundationEssentials
package import OfflineOperations
import QRAuthCrypto

/// The PowerAuth signature: one HMAC component per factor, rendered decimal or Base64.
package enum PowerAuthSignature {
    /// The 32-byte components `C[i]` for factor keys in order, a 16-byte counter value and normalized data.
    public static func components(keys: [Data], counterData: Data, data: some DataProtocol) -> [Data] {
        let perKey = keys.map { HMACSHA256.authenticationCode(for: counterData, using: $0) }
        var components: [Data] = []
        components.reserveCapacity(keys.count)
        for index in keys.indices {
            var derived = perKey[index]
            for inner in 0..<index {
                derived = HMACSHA256.authenticationCode(for: derived, using: perKey[inner + 1])
            }
            components.append(HMACSHA256.authenticationCode(for: data, using: derived))
        }
        return components
    }

    /// One component as `length` decimal digits: last 4 bytes big-endian, `& 0x7FFFFFFF`, `mod 10^length`.
    public static func decimal(component: Data, length: Int) -> String {
        let tail = Array(component.suffix(4))
        var value: UInt32 = 0
        for byte in tail { value = value << 8 | UInt32(byte) }
        value &= 0x7FFF_FFFF
        var modulus: UInt32 = 1
        for _ in 0..<length { modulus *= 10 }
        let digits = String(value % modulus)
        return String(repeating: "0", count: max(0, length - digits.count)) + digits
    }

    /// Renders components in `format`.
    public static func render(_ components: [Data], format: SignatureFormat) -> String {
        switch format {
        case .decimal(let length):
            return components.map { decimal(component: $0, length: length) }.joined(separator: "-")
        case .base64:
            var bytes = Data()
            for component in components { bytes.append(component.suffix(16)) }
            return bytes.base64EncodedString()
        }
    }

    /// Computes the signature of `data` for `type` with the given keys and counter.
    public static func compute(
        type: SignatureType, keys: FactorKeys, counter: SignatureCounter, data: some DataProtocol,
        format: SignatureFormat
    ) throws(PowerAuthError) -> String {
        if case .decimal(let length) = format, !(4...8).contains(length) {
            throw PowerAuthError(.componentLength, "the decimal length must be 4 to 8 digits, not \(length)")
        }
        let factorKeys = try keys.keys(for: type)
        return render(components(keys: factorKeys, counterData: counter.counterData, data: data), format: format)
    }
}
