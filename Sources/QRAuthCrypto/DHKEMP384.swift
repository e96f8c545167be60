package import FoundationEssentials

/// RFC 9180 HPKE base mode with DHKEM(P-384, HKDF-SHA384), HKDF-SHA384 and the export-only AEAD: only the
/// exporter secret is used (PowerAuth 4.0's `EC_P384` shared secret, spec powerauth-v4.md §12.1).
package enum DHKEMP384 {
    /// `"KEM" || I2OSP(0x0011, 2)`: the KEM's suite id.
    static let kemSuiteID: [UInt8] = Array("KEM".utf8) + [0x00, 0x11]
    /// `"HPKE" || kem_id 0x0011 || kdf_id 0x0002 || aead_id 0xFFFF`: the key schedule's suite id.
    static let hpkeSuiteID: [UInt8] = Array("HPKE".utf8) + [0x00, 0x11, 0x00, 0x02, 0xFF, 0xFF]
    /// Nsecret and Nh of the suite, in bytes.
    static let hashLength = 48

    /// The recipient's side: decapsulates `encapsulatedKey` (the sender's 97-byte ephemeral point) with
    /// `privateKey` and exports `length` bytes for `exporterContext`.
    package static func receiverExport(
        privateKey: NISTP384.PrivateKey, encapsulatedKey: some DataProtocol, info: some DataProtocol,
        exporterContext: some DataProtocol, length: Int
    ) throws(CryptoError) -> Data {
        let ephemeral = try NISTP384.PublicKey(x963Representation: encapsulatedKey)
        let dh = try privateKey.sharedSecretFromKeyAgreement(with: ephemeral)
        let kemContext = ephemeral.x963Representation + privateKey.publicKey.x963Representation
        return try export(dh: dh, kemContext: kemContext, info: info, exporterContext: exporterContext, length: length)
    }

    /// The sender's side: encapsulates to `recipient` with `ephemeral` (fresh by default) and exports `length`
    /// bytes; returns the 97-byte encapsulated key with the secret.
    package static func senderExport(
        recipient: NISTP384.PublicKey, info: some DataProtocol, exporterContext: some DataProtocol, length: Int,
        ephemeral: NISTP384.PrivateKey = NISTP384.PrivateKey()
    ) throws(CryptoError) -> (encapsulatedKey: Data, secret: Data) {
        let dh = try ephemeral.sharedSecretFromKeyAgreement(with: recipient)
        let enc = ephemeral.publicKey.x963Representation
        let secret = try export(
            dh: dh, kemContext: enc + recipient.x963Representation, info: info, exporterContext: exporterContext,
            length: length)
        return (enc, secret)
    }

    /// ExtractAndExpand of the KEM, then the base-mode key schedule and `Export`.
    private static func export(
        dh: Data, kemContext: Data, info: some DataProtocol, exporterContext: some DataProtocol, length: Int
    ) throws(CryptoError) -> Data {
        guard (1...(255 * hashLength)).contains(length) else {
            throw CryptoError(
                .invalidParameter, "an HPKE export of \(length) bytes is outside 1 to \(255 * hashLength)")
        }
        let eaePRK = labeledExtract(kemSuiteID, salt: [], label: "eae_prk", ikm: dh)
        let sharedSecret = labeledExpand(
            kemSuiteID, prk: eaePRK, label: "shared_secret", info: kemContext, length: hashLength)
        let pskIDHash = labeledExtract(hpkeSuiteID, salt: [], label: "psk_id_hash", ikm: [UInt8]())
        let infoHash = labeledExtract(hpkeSuiteID, salt: [], label: "info_hash", ikm: [UInt8](info))
        let context = [UInt8]([0x00]) + pskIDHash + infoHash  // mode_base
        let secret = labeledExtract(hpkeSuiteID, salt: sharedSecret, label: "secret", ikm: [UInt8]())
        let exporterSecret = labeledExpand(hpkeSuiteID, prk: secret, label: "exp", info: context, length: hashLength)
        return Data(
            labeledExpand(
                hpkeSuiteID, prk: exporterSecret, label: "sec", info: [UInt8](exporterContext), length: length))
    }

    /// `LabeledExtract(salt, label, ikm) = HKDF-Extract(salt, "HPKE-v1" || suite_id || label || ikm)`.
    static func labeledExtract(_ suiteID: [UInt8], salt: [UInt8], label: String, ikm: some DataProtocol) -> [UInt8] {
        let labeled = Array("HPKE-v1".utf8) + suiteID + Array(label.utf8) + [UInt8](ikm)
        // HKDF-Extract with an empty salt uses Nh zero bytes; HMAC pads an empty key with zeros to the same key.
        return [UInt8](SHA384.authenticationCode(for: labeled, using: salt))
    }

    /// `LabeledExpand(prk, label, info, L) = HKDF-Expand(prk, I2OSP(L, 2) || "HPKE-v1" || suite_id || label || info, L)`.
    static func labeledExpand(
        _ suiteID: [UInt8], prk: [UInt8], label: String, info: some DataProtocol, length: Int
    ) -> [UInt8] {
        let labeled =
            [UInt8(truncatingIfNeeded: length >> 8), UInt8(truncatingIfNeeded: length)] + Array("HPKE-v1".utf8)
            + suiteID + Array(label.utf8) + [UInt8](info)
        var output: [UInt8] = []
        var block: [UInt8] = []
        var counter: UInt8 = 1
        while output.count < length {
            block = [UInt8](SHA384.authenticationCode(for: block + labeled + [counter], using: prk))
            output += block
            counter &+= 1
        }
        return Array(output.prefix(length))
    }
}
