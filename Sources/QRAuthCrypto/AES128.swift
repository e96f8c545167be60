internal import COpenSSL

public import FoundationEssentials

/// AES-128: a single block (the PowerAuth KDF) and CBC mode with or without PKCS#7 padding.
public enum AES128 {
    /// The AES block size and the AES-128 key size, in bytes.
    static let blockSize = 16

    /// Encrypts exactly one 16-byte block under a 16-byte key (ECB, no padding).
    public static func encryptBlock(_ block: some DataProtocol, key: some DataProtocol) throws(CryptoError) -> Data {
        try checkLength(key, "AES-128 key")
        try checkLength(block, "AES block")
        return try crypt(
            OpenSSLAlgorithms.shared.aes128ECB, encrypt: true, data: block, key: key, iv: nil as Data?, padding: false)
    }

    /// Encrypts `data` in CBC mode; without padding its length must be a multiple of 16.
    public static func encryptCBC(
        _ data: some DataProtocol, key: some DataProtocol, iv: some DataProtocol, padding: Bool
    ) throws(CryptoError) -> Data {
        try checkLength(key, "AES-128 key")
        try checkLength(iv, "AES-CBC IV")
        if !padding, data.count % blockSize != 0 {
            throw CryptoError(
                .invalidLength, "AES-CBC plaintext without padding is \(data.count) bytes, not a multiple of 16")
        }
        return try crypt(
            OpenSSLAlgorithms.shared.aes128CBC, encrypt: true, data: data, key: key, iv: iv, padding: padding)
    }

    /// Decrypts CBC `data` (a multiple of 16 bytes; with padding at least one block) and strips PKCS#7 padding when asked.
    public static func decryptCBC(
        _ data: some DataProtocol, key: some DataProtocol, iv: some DataProtocol, padding: Bool
    ) throws(CryptoError) -> Data {
        try checkLength(key, "AES-128 key")
        try checkLength(iv, "AES-CBC IV")
        guard data.count % blockSize == 0, !(padding && data.isEmpty) else {
            throw CryptoError(
                .invalidLength, "AES-CBC ciphertext is \(data.count) bytes, not a positive multiple of 16")
        }
        return try crypt(
            OpenSSLAlgorithms.shared.aes128CBC, encrypt: false, data: data, key: key, iv: iv, padding: padding)
    }

    private static func checkLength(_ value: some DataProtocol, _ what: String) throws(CryptoError) {
        guard value.count == blockSize else {
            throw CryptoError(.invalidLength, "\(what) is \(value.count) bytes, expected \(blockSize)")
        }
    }

    /// Runs one whole-message EVP cipher operation. Lengths were checked by the caller.
    private static func crypt(
        _ cipher: OpaquePointer, encrypt: Bool, data: some DataProtocol, key: some DataProtocol,
        iv: (some DataProtocol)?, padding: Bool
    ) throws(CryptoError) -> Data {
        guard data.count <= Int(Int32.max) - blockSize else {
            throw CryptoError(.invalidLength, "AES input of \(data.count) bytes is longer than OpenSSL accepts")
        }
        let outcome = OpenSSLAlgorithms.shared.cipherContexts.withContext {
            context -> (result: Result<Data, CryptoError>, reusable: Bool) in
            // Reset clears the key schedule before the context goes back to the pool.
            let result = cryptOnce(context, cipher, encrypt: encrypt, data: data, key: key, iv: iv, padding: padding)
            return (result, EVP_CIPHER_CTX_reset(context) == 1)
        }
        guard let outcome else { throw CryptoError.openSSL(.openSSLFailure, "cannot allocate a cipher context") }
        return try outcome.get()
    }

    /// One cipher operation on a fresh or reset context.
    private static func cryptOnce(
        _ context: OpaquePointer, _ cipher: OpaquePointer, encrypt: Bool, data: some DataProtocol,
        key: some DataProtocol, iv: (some DataProtocol)?, padding: Bool
    ) -> Result<Data, CryptoError> {
        let initialized = key.withNonNullBytes { keyPointer, _ in
            guard let iv else { return EVP_CipherInit_ex2(context, cipher, keyPointer, nil, encrypt ? 1 : 0, nil) }
            return iv.withNonNullBytes { ivPointer, _ in
                EVP_CipherInit_ex2(context, cipher, keyPointer, ivPointer, encrypt ? 1 : 0, nil)
            }
        }
        guard initialized == 1, EVP_CIPHER_CTX_set_padding(context, padding ? 1 : 0) == 1 else {
            return .failure(CryptoError.openSSL(.openSSLFailure, "cannot initialize AES-128"))
        }
        var output = [UInt8](repeating: 0, count: data.count + blockSize)
        var updateLength: Int32 = 0
        var finalLength: Int32 = 0
        let updated = data.withNonNullBytes { pointer, count in
            EVP_CipherUpdate(context, &output, &updateLength, pointer, Int32(count))
        }
        guard updated == 1 else { return .failure(CryptoError.openSSL(.openSSLFailure, "AES-128 update failed")) }
        let finished = output.withUnsafeMutableBufferPointer { buffer in
            EVP_CipherFinal_ex(context, buffer.baseAddress.map { $0 + Int(updateLength) }, &finalLength)
        }
        guard finished == 1 else {
            if !encrypt && padding {
                return .failure(
                    CryptoError.openSSL(.decryptionFailed, "AES-CBC padding is invalid (wrong key or corrupt data)"))
            }
            return .failure(CryptoError.openSSL(.openSSLFailure, "AES-128 final block failed"))
        }
        return .success(Data(output.prefix(Int(updateLength + finalLength))))
    }
}
