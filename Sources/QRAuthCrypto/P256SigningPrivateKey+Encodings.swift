internal import COpenSSL
public import FoundationEssentials
import QRAuthEncoding

extension NISTP256.Signing.PrivateKey {
    /// PEM labels of the private-key containers this type reads.
    static let privateKeyLabels: Set<String> = ["PRIVATE KEY", "ENCRYPTED PRIVATE KEY", "EC PRIVATE KEY"]

    /// Parses an unencrypted PKCS#8 `PrivateKeyInfo` DER holding a P-256 key.
    public init(derRepresentation: some DataProtocol) throws(CryptoError) {
        let bytes = [UInt8](derRepresentation)
        guard !bytes.isEmpty, bytes.count <= 4096 else {
            throw CryptoError(.malformedDER, "a PKCS#8 DER of \(bytes.count) bytes cannot be a P-256 key")
        }
        let decoded: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            guard let info = d2i_PKCS8_PRIV_KEY_INFO(nil, &cursor, buffer.count) else { return nil }
            defer { PKCS8_PRIV_KEY_INFO_free(info) }
            guard let cursor, let base = buffer.baseAddress, cursor - base == buffer.count else { return nil }
            return EVP_PKCS82PKEY(info)
        }
        guard let decoded else {
            throw CryptoError.openSSL(.malformedDER, "the private key is not a well-formed PKCS#8 DER")
        }
        try self.init(decoded: EVPKey(taking: decoded))
    }

    /// Parses the first private-key block of a PEM text: PKCS#8 `PRIVATE KEY`, `ENCRYPTED PRIVATE KEY`
    /// (PBES2, any cipher and PRF OpenSSL supports; needs `password`) or SEC1 `EC PRIVATE KEY`.
    ///
    /// A password given for an unencrypted key is ignored.
    public init(pemRepresentation: String, password: String? = nil) throws(CryptoError) {
        guard pemRepresentation.utf8.count <= PEMBlock.maximumTextLength else {
            throw CryptoError(.malformedPEM, "the PEM text is longer than \(PEMBlock.maximumTextLength) bytes")
        }
        guard
            let block = PEMBlock.blocks(in: pemRepresentation).first(where: { Self.privateKeyLabels.contains($0.label) }
            )
        else {
            throw CryptoError(
                .malformedPEM, "no -----BEGIN PRIVATE KEY-----, ENCRYPTED PRIVATE KEY or EC PRIVATE KEY block found")
        }
        guard block.der != nil else {
            throw CryptoError(.malformedPEM, "the \(block.label) block is not valid Base64")
        }
        let encrypted = block.label == "ENCRYPTED PRIVATE KEY" || block.hasEncryptionHeader
        if encrypted, password == nil {
            throw CryptoError(.passwordRequired, "the \(block.label) block is encrypted and no password was given")
        }
        let text = [UInt8](block.text.utf8)
        let passwordBytes = encrypted ? [UInt8]((password ?? "").utf8) : []
        let decoded: OpaquePointer? = text.withUnsafeBytes { textBuffer in
            passwordBytes.withUnsafeBufferPointer { passwordBuffer in
                guard let bio = BIO_new_mem_buf(textBuffer.baseAddress, Int32(textBuffer.count)) else { return nil }
                defer { BIO_free(bio) }
                var secret = PEMPassword(bytes: encrypted ? passwordBuffer : nil)
                return withUnsafeMutablePointer(to: &secret) { secretPointer in
                    PEM_read_bio_PrivateKey(
                        bio, nil, { buffer, size, _, userData in PEMPassword.fill(buffer, size, userData) },
                        secretPointer)
                }
            }
        }
        guard let decoded else {
            if encrypted {
                throw CryptoError.openSSL(.wrongPassword, "the password does not decrypt the \(block.label) block")
            }
            throw CryptoError.openSSL(.malformedDER, "the \(block.label) block does not hold a readable private key")
        }
        try self.init(decoded: EVPKey(taking: decoded))
    }

    /// The unencrypted PKCS#8 `PrivateKeyInfo` DER (with the public point inside, as OpenSSL writes it).
    public var derRepresentation: Data {
        // SEQUENCE { version 0, AlgorithmIdentifier { id-ecPublicKey, prime256v1 },
        //   OCTET STRING { ECPrivateKey { 1, OCTET STRING d, [1] BIT STRING point } } }
        var der = Data([
            0x30, 0x81, 0x87, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01,
            0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x04, 0x6D, 0x30, 0x6B, 0x02, 0x01, 0x01,
            0x04, 0x20,
        ])
        der.append(rawRepresentation)
        der.append(contentsOf: [0xA1, 0x44, 0x03, 0x42, 0x00])
        der.append(publicKey.x963Representation)
        return der
    }

    /// The unencrypted PKCS#8 `PRIVATE KEY` PEM.
    public var pemRepresentation: String {
        PEMBlock.encode(label: "PRIVATE KEY", der: derRepresentation)
    }

    /// An `ENCRYPTED PRIVATE KEY` PEM: PKCS#8 under PBES2 with AES-256-CBC and PBKDF2-HMAC-SHA256.
    public func pemRepresentation(password: String) throws(CryptoError) -> String {
        let passwordBytes = [UInt8](password.utf8)
        guard !passwordBytes.isEmpty, passwordBytes.count <= 1024 else {
            throw CryptoError(.invalidParameter, "the key password must be 1 to 1024 bytes of UTF-8")
        }
        guard let bio = BIO_new(BIO_s_mem()) else {
            throw CryptoError.openSSL(.openSSLFailure, "cannot allocate a memory BIO")
        }
        defer { BIO_free(bio) }
        let written = passwordBytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                // OpenSSL 3 defaults the PBKDF2 PRF of PBES2 to HMAC-SHA256 (checked by a test).
                PEM_write_bio_PKCS8PrivateKey(
                    bio, key.pointer, EVP_aes_256_cbc(), chars.baseAddress, Int32(chars.count), nil, nil)
            }
        }
        guard written == 1 else { throw CryptoError.openSSL(.openSSLFailure, "cannot encrypt the private key") }
        var start: UnsafeMutablePointer<CChar>?
        let length = qrauth_BIO_get_mem_data(bio, &start)
        guard let start, length > 0 else {
            throw CryptoError.openSSL(.openSSLFailure, "cannot read the encrypted private key")
        }
        return String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)
    }
}
