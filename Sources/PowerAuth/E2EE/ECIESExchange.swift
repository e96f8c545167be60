package import FoundationEssentials
import QRAuthCrypto

/// The symmetric part of one ECIES exchange once the envelope key is known.
///
/// Both the client encryptor and the server decryptor end here; tests drive it directly with the vectors'
/// envelope keys, which have no private keys behind them.
package struct ECIESExchange: Sendable {
    /// The agreed parameters.
    package let parameters: ECIES.Parameters
    /// `KEY_ENC || KEY_MAC || KEY_IV`.
    package let envelopeKey: ECIES.EnvelopeKey
    /// The ephemeral public key exactly as transmitted.
    package let ephemeralPublicKey: Data
    /// The temporary key id this exchange carries (3.3).
    package let temporaryKeyId: String?
    /// `SH2_BASE`.
    package let sharedInfo2Base: Data
    /// The associated data (3.2+).
    package let associatedData: Data?

    /// Prepares an exchange; fails when the parameters lack what the scope and version need.
    package init(
        parameters: ECIES.Parameters, envelopeKey: ECIES.EnvelopeKey, ephemeralPublicKey: Data,
        temporaryKeyId: String?
    ) throws(PowerAuthError) {
        self.parameters = parameters
        self.envelopeKey = envelopeKey
        self.ephemeralPublicKey = ephemeralPublicKey
        self.temporaryKeyId = parameters.version == .v33 ? temporaryKeyId : nil
        sharedInfo2Base = try parameters.sharedInfo2Base()
        associatedData = parameters.associatedData(temporaryKeyId: self.temporaryKeyId)
    }

    /// The one opaque failure for anything wrong with a received cryptogram.
    package static var undecryptable: PowerAuthError {
        PowerAuthError(.decryption, "the ECIES message cannot be decrypted (bad MAC, key, padding or length)")
    }

    private var version: ProtocolVersion { parameters.version }
    private var carriesTimestamps: Bool { version == .v32 || version == .v33 }

    /// SHARED_INFO_2 of the request: `SH2_BASE` (3.0/3.1) or `SIZES(base, nonce, BE64(ts), EPH, AD)`.
    package func requestSharedInfo2(nonce: Data?, timestamp: Int64?) -> Data {
        guard carriesTimestamps else { return sharedInfo2Base }
        return ECIESSizes.join([
            sharedInfo2Base, nonce ?? Data(), ECIESSizes.bigEndian64(timestamp ?? 0), ephemeralPublicKey,
            associatedData ?? Data(),
        ])
    }

    /// SHARED_INFO_2 of the response: `SH2_BASE` (3.0/3.1) or `SIZES(base, nonce, BE64(ts), <empty>, AD)`.
    package func responseSharedInfo2(nonce: Data?, timestamp: Int64?) -> Data {
        guard carriesTimestamps else { return sharedInfo2Base }
        return ECIESSizes.join([
            sharedInfo2Base, nonce ?? Data(), ECIESSizes.bigEndian64(timestamp ?? 0), Data(),
            associatedData ?? Data(),
        ])
    }

    /// Encrypts a request with the given nonce (ignored in 3.0) and timestamp (ignored before 3.2).
    package func sealRequest(
        _ plaintext: Data, nonce: Data?, timestamp: Int64
    ) throws(PowerAuthError)
        -> ECIES.EncryptedRequest
    {
        let nonce = version == .v30 ? nil : nonce
        let timestamp = carriesTimestamps ? timestamp : nil
        if version != .v30, nonce?.count != 16 {
            throw PowerAuthError(.encryption, "an ECIES nonce must be 16 bytes")
        }
        let (encrypted, mac) = try seal(
            plaintext, nonce: nonce, sharedInfo2: requestSharedInfo2(nonce: nonce, timestamp: timestamp))
        return ECIES.EncryptedRequest(
            temporaryKeyId: temporaryKeyId, ephemeralPublicKey: ephemeralPublicKey, encryptedData: encrypted, mac: mac,
            nonce: nonce, timestamp: timestamp)
    }

    /// Checks the field set, the MAC and the padding of a request and decrypts it.
    package func openRequest(_ request: ECIES.EncryptedRequest) throws(PowerAuthError) -> Data {
        try request.validateFields(for: version)
        return try open(
            request.encryptedData, mac: request.mac, nonce: request.nonce,
            sharedInfo2: requestSharedInfo2(nonce: request.nonce, timestamp: request.timestamp))
    }

    /// Encrypts a response: 3.0 zero IV, 3.1 the request's nonce (not emitted), 3.2+ `responseNonce` (emitted
    /// with the timestamp).
    package func sealResponse(
        _ plaintext: Data, requestNonce: Data?, responseNonce: Data?, timestamp: Int64
    ) throws(PowerAuthError) -> ECIES.EncryptedResponse {
        switch version {
        case .v30:
            let (encrypted, mac) = try seal(plaintext, nonce: nil, sharedInfo2: sharedInfo2Base)
            return ECIES.EncryptedResponse(encryptedData: encrypted, mac: mac)
        case .v31:
            guard requestNonce?.count == 16 else {
                throw PowerAuthError(.encryption, "a 3.1 ECIES response needs the request's 16-byte nonce")
            }
            let (encrypted, mac) = try seal(plaintext, nonce: requestNonce, sharedInfo2: sharedInfo2Base)
            return ECIES.EncryptedResponse(encryptedData: encrypted, mac: mac)
        case .v32, .v33:
            guard let responseNonce, responseNonce.count == 16 else {
                throw PowerAuthError(.encryption, "an ECIES response nonce must be 16 bytes")
            }
            let (encrypted, mac) = try seal(
                plaintext, nonce: responseNonce,
                sharedInfo2: responseSharedInfo2(nonce: responseNonce, timestamp: timestamp))
            return ECIES.EncryptedResponse(
                encryptedData: encrypted, mac: mac, nonce: responseNonce, timestamp: timestamp)
        }
    }

    /// Checks the field set, the MAC and the padding of a response and decrypts it.
    package func openResponse(_ response: ECIES.EncryptedResponse, requestNonce: Data?) throws(PowerAuthError) -> Data {
        try response.validateFields(for: version)
        switch version {
        case .v30:
            return try open(response.encryptedData, mac: response.mac, nonce: nil, sharedInfo2: sharedInfo2Base)
        case .v31:
            return try open(
                response.encryptedData, mac: response.mac, nonce: requestNonce, sharedInfo2: sharedInfo2Base)
        case .v32, .v33:
            return try open(
                response.encryptedData, mac: response.mac, nonce: response.nonce,
                sharedInfo2: responseSharedInfo2(nonce: response.nonce, timestamp: response.timestamp))
        }
    }

    private func seal(_ plaintext: Data, nonce: Data?, sharedInfo2: Data) throws(PowerAuthError) -> (Data, Data) {
        try envelopeKey.seal(plaintext, nonce: nonce, sharedInfo2: sharedInfo2)
    }

    private func open(_ encrypted: Data, mac: Data, nonce: Data?, sharedInfo2: Data) throws(PowerAuthError) -> Data {
        try envelopeKey.open(encrypted, mac: mac, nonce: nonce, sharedInfo2: sharedInfo2)
    }
}
