public import FoundationEssentials

extension NISTP256.Signing {
    /// An ECDSA P-256 signature, held in strict DER.
    public struct ECDSASignature: Sendable, Equatable {
        /// The strict DER `SEQUENCE { r, s }` (usually 70–72 bytes).
        public let derRepresentation: Data

        /// Parses a strict, minimal DER `SEQUENCE { INTEGER r, INTEGER s }`; anything else throws.
        public init(derRepresentation: some DataProtocol) throws(CryptoError) {
            let bytes = [UInt8](derRepresentation)
            guard ECDSASignatureDER.parse(bytes) != nil else {
                throw CryptoError(
                    .malformedSignature,
                    "the ECDSA signature (\(bytes.count) bytes) is not a strict DER SEQUENCE of two P-256 integers")
            }
            self.derRepresentation = Data(bytes)
        }

        /// Takes a 64-byte raw `r||s` (JOSE form) and converts it to DER.
        public init(rawRepresentation: some DataProtocol) throws(CryptoError) {
            let bytes = [UInt8](rawRepresentation)
            guard bytes.count == 64 else {
                throw CryptoError(.invalidLength, "a raw ECDSA P-256 signature is \(bytes.count) bytes, expected 64")
            }
            derRepresentation = Data(ECDSASignatureDER.encode(r: bytes[0..<32], s: bytes[32..<64]))
        }

        /// Wraps DER this module produced itself (already strict).
        init(trustedDER: Data) {
            derRepresentation = trustedDER
        }

        /// The 64-byte raw `r||s` (each left-padded to 32 bytes).
        public var rawRepresentation: Data {
            // The DER was checked at init: r and s have at most 32 significant bytes.
            guard let (r, s) = ECDSASignatureDER.parse([UInt8](derRepresentation)) else { return Data() }
            return Data(ECDSASignatureDER.padded(r) + ECDSASignatureDER.padded(s))
        }
    }
}
