internal import COpenSSL
public import FoundationEssentials
import QRAuthEncoding

extension NISTP256.Signing.PublicKey {
    /// The fixed SubjectPublicKeyInfo prefix for an uncompressed P-256 point: SEQUENCE, AlgorithmIdentifier
    /// (id-ecPublicKey, prime256v1), BIT STRING header.
    static let subjectPublicKeyInfoPrefix: [UInt8] = [
        0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x08, 0x2A,
        0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00,
    ]

    /// The fixed SubjectPublicKeyInfo prefix for a compressed P-256 point.
    static let compressedSubjectPublicKeyInfoPrefix: [UInt8] = [
        0x30, 0x39, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x08, 0x2A,
        0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x03, 0x22, 0x00,
    ]

    /// Parses a SubjectPublicKeyInfo DER holding a P-256 key (uncompressed or compressed point).
    public init(derRepresentation: some DataProtocol) throws(CryptoError) {
        let bytes = [UInt8](derRepresentation)
        // The common named-curve encodings go straight to the point checks (exact errors for bad points);
        // anything else goes through OpenSSL's decoder to tell other curves and key types apart.
        if bytes.count == 91, bytes.starts(with: Self.subjectPublicKeyInfoPrefix) {
            try self.init(x963Representation: bytes[26...])
            return
        }
        if bytes.count == 59, bytes.starts(with: Self.compressedSubjectPublicKeyInfoPrefix) {
            try self.init(compressedRepresentation: bytes[26...])
            return
        }
        guard !bytes.isEmpty, bytes.count <= 4096 else {
            throw CryptoError(.malformedDER, "a SubjectPublicKeyInfo of \(bytes.count) bytes cannot be a P-256 key")
        }
        let parsed: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            let key = d2i_PUBKEY(nil, &cursor, buffer.count)
            guard let key, let cursor, let base = buffer.baseAddress, cursor - base == buffer.count else {
                EVP_PKEY_free(key)
                return nil
            }
            return key
        }
        guard let parsed else {
            throw CryptoError.openSSL(.malformedDER, "the public key is not a well-formed SubjectPublicKeyInfo DER")
        }
        let owned = EVPKey(taking: parsed)
        try P256KeyBuilder.checkIsP256(owned.pointer)
        try self.init(
            checkedPoint: P256KeyBuilder.uncompressedPoint(P256KeyBuilder.encodedPublicPoint(of: owned.pointer)))
    }

    /// Parses the first `PUBLIC KEY` PEM block of `pemRepresentation`.
    public init(pemRepresentation: String) throws(CryptoError) {
        guard pemRepresentation.utf8.count <= PEMBlock.maximumTextLength else {
            throw CryptoError(.malformedPEM, "the PEM text is longer than \(PEMBlock.maximumTextLength) bytes")
        }
        guard let block = PEMBlock.blocks(in: pemRepresentation).first(where: { $0.label == "PUBLIC KEY" }) else {
            throw CryptoError(.malformedPEM, "no -----BEGIN PUBLIC KEY----- block found")
        }
        guard let der = block.der else {
            throw CryptoError(.malformedPEM, "the PUBLIC KEY block is not valid Base64")
        }
        try self.init(derRepresentation: der)
    }

    /// The 91-byte SubjectPublicKeyInfo DER with the uncompressed point.
    public var derRepresentation: Data {
        Data(Self.subjectPublicKeyInfoPrefix) + x963Representation
    }

    /// The `PUBLIC KEY` PEM of `derRepresentation`.
    public var pemRepresentation: String {
        PEMBlock.encode(label: "PUBLIC KEY", der: derRepresentation)
    }
}
