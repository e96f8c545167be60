package import FoundationEssentials
import QRAuthCrypto

extension PowerAuthV4 {
    /// The AEAD of protocol 4.0 (spec §9; MOBILE `PowerAuthAEAD.cpp`): AES-256-CTR with KMAC tags, output
    /// `NONCE12 || TAG || CT`.
    package enum AEAD {
        /// Bytes of the nonce.
        package static let nonceSize = 12
        /// Bytes of the tag.
        package static let tagSize = 32
        /// The label KDF the sub-keys come from; the final one unless a test asks for another.
        package typealias SubKeyDerivation = @Sendable (Data, String, Data) throws(PowerAuthError) -> Data

        /// The final KDF with a present diversifier (the key context).
        package static func finalSubKeys(_ key: Data, _ label: String, _ context: Data) throws(PowerAuthError) -> Data {
            try KDF.derive(key, label: label, diversifier: context)
        }

        /// Encrypts `plaintext`: `K_ENC = KDF(key, "aead/enc", KC)`, `K_MAC = KDF(key, "aead/mac", KC)`,
        /// `CT = AES-256-CTR(K_ENC, NONCE12 || 0^4, PT)`, `TAG = KMAC(K_MAC, NONCE12 || AD || CT, 32, "PA4MAC-AEAD")`.
        package static func seal(
            _ plaintext: some DataProtocol, key: Data, keyContext: Data, nonce: Data, associatedData: Data,
            subKeys: SubKeyDerivation = finalSubKeys
        ) throws(PowerAuthError) -> Data {
            guard nonce.count == nonceSize else {
                throw PowerAuthError(.length, "an AEAD nonce is \(nonce.count) bytes, expected 12")
            }
            let encryptionKey = try subKeys(key, KeyLabel.aeadEncryption, keyContext)
            let macKey = try subKeys(key, KeyLabel.aeadMAC, keyContext)
            let ciphertext: Data
            do {
                ciphertext = try AES256CTR.crypt(plaintext, key: encryptionKey, counterBlock: nonce + Data(count: 4))
            } catch {
                throw crypto("AEAD encryption", error)
            }
            let tag = try kmac(key: macKey, message: nonce + associatedData + ciphertext, .aeadMAC)
            return nonce + tag + ciphertext
        }

        /// Checks the tag in constant time, then decrypts; any mismatch is one opaque `decryption` error.
        package static func open(
            _ sealed: Data, key: Data, keyContext: Data, associatedData: Data, subKeys: SubKeyDerivation = finalSubKeys
        ) throws(PowerAuthError) -> Data {
            guard sealed.count >= nonceSize + tagSize else {
                throw PowerAuthError(.decryption, "an AEAD message is \(sealed.count) bytes, shorter than 44")
            }
            let bytes = Data(sealed)
            let nonce = bytes.prefix(nonceSize)
            let tag = bytes.dropFirst(nonceSize).prefix(tagSize)
            let ciphertext = bytes.dropFirst(nonceSize + tagSize)
            let encryptionKey = try subKeys(key, KeyLabel.aeadEncryption, keyContext)
            let macKey = try subKeys(key, KeyLabel.aeadMAC, keyContext)
            let expected = try kmac(key: macKey, message: nonce + associatedData + ciphertext, .aeadMAC)
            guard ConstantTime.equals(expected, tag) else {
                throw PowerAuthError(.decryption, "the AEAD tag does not match (wrong key, context or data)")
            }
            do {
                return try AES256CTR.crypt(ciphertext, key: encryptionKey, counterBlock: nonce + Data(count: 4))
            } catch {
                throw crypto("AEAD decryption", error)
            }
        }
    }
}
