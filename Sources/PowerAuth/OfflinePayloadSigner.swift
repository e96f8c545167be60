public import FoundationEssentials
public import OfflineOperations
public import QRAuthCrypto

/// The server side of offline QR operations: signs `DATA[\nTOTP]\nNONCE\nINDICATOR`.
public enum OfflinePayloadSigner {
    /// A signed payload: the QR text and the nonce the verifier needs.
    public struct Payload: Sendable, Equatable {
        /// The complete QR text (`offlineData`).
        public var text: String
        /// The nonce used (Base64 text).
        public var nonce: String
        /// The TOTP appended, if any.
        public var totp: String?
        /// The exact bytes signed.
        public var signedData: Data
    }

    /// Proximity TOTP parameters: seed, step and the (injected) current time.
    public struct Proximity: Sendable {
        /// The TOTP seed bytes.
        public var seed: Data
        /// The step in seconds (default 30).
        public var step: Int64
        /// TOTP digits (default 8).
        public var digits: Int
        /// The current Unix time in seconds.
        public var unixTime: Int64

        /// Makes proximity parameters.
        public init(seed: Data, step: Int64 = 30, digits: Int = 8, unixTime: Int64) {
            self.seed = seed
            self.step = step
            self.digits = digits
            self.unixTime = unixTime
        }
    }

    /// What signs a payload, with the indicator it writes: ECDSA P-256 (3.x, keys `0` and `1`), ECDSA P-384 with
    /// the 4.0 master key (key `0`), or the KMAC tag with a 4.0 activation's `KEY_MAC_PERSONALIZED_DATA` (key `2`).
    package enum Signer: Sendable {
        case ecdsaP256(NISTP256.Signing.PrivateKey, OfflineOperation.SigningKey)
        case masterP384(NISTP384.PrivateKey)
        case personalizedMAC(Data)

        /// The indicator written before the signature.
        package var signingKey: OfflineOperation.SigningKey {
            switch self {
            case .ecdsaP256(_, let key): key
            case .masterP384: .master
            case .personalizedMAC: .personalizedMAC
            }
        }

        /// The signature (DER) or tag over the signed bytes.
        package func sign(_ signedData: Data) throws(PowerAuthError) -> Data {
            switch self {
            case .ecdsaP256(let key, _):
                return try ServerSignedData.sign(signedData, with: key)
            case .masterP384(let key):
                do {
                    return try key.signature(for: signedData)
                } catch {
                    throw PowerAuthError(.crypto, "signing the QR payload: \(error.reason)")
                }
            case .personalizedMAC(let key):
                return try PowerAuthV4.OfflineQR.personalizedTag(signedData: signedData, key: key)
            }
        }
    }

    /// Signs `data` (the five-line block `id\ntitle\nmessage\noperationData\nflags`) with `privateKey`;
    /// `signingKey` picks the indicator; the nonce is the given Base64 text or 16 random bytes.
    public static func sign(
        data: String, privateKey: NISTP256.Signing.PrivateKey, signingKey: OfflineOperation.SigningKey,
        nonce: String? = nil, proximity: Proximity? = nil
    ) throws(PowerAuthError) -> Payload {
        try sign(data: data, signer: .ecdsaP256(privateKey, signingKey), nonce: nonce, proximity: proximity)
    }

    /// The same with any signer (4.0 keys included).
    package static func sign(
        data: String, signer: Signer, nonce: String? = nil, proximity: Proximity? = nil
    ) throws(PowerAuthError) -> Payload {
        let nonceText = nonce ?? SecureRandom.bytes(count: 16).base64EncodedString()
        guard nonceText.utf8.count == 24 else {
            throw PowerAuthError(.length, "the nonce must be 24 Base64 characters, not \(nonceText.utf8.count)")
        }
        _ = try Base64Field.decode(nonceText, field: "the nonce", length: 16)
        var body = data
        var totp: String?
        if let proximity {
            let code = try TOTP.code(
                seed: proximity.seed, unixTime: proximity.unixTime, step: proximity.step, digits: proximity.digits)
            body += "\n" + code
            totp = code
        }
        let signedText = body + "\n" + nonceText + "\n" + String(signer.signingKey.indicator)
        let signedData = Data(signedText.utf8)
        let signature = try signer.sign(signedData)
        return Payload(
            text: signedText + signature.base64EncodedString(), nonce: nonceText, totp: totp, signedData: signedData)
    }

    /// Signs the operation a builder describes (title and message escaped by the builder); with `proximity`
    /// the TOTP line is computed and set first. The nonce is the builder's.
    public static func sign(
        _ builder: OfflineOperationBuilder, privateKey: NISTP256.Signing.PrivateKey,
        signingKey: OfflineOperation.SigningKey, proximity: Proximity? = nil
    ) throws(PowerAuthError) -> Payload {
        try sign(builder, signer: .ecdsaP256(privateKey, signingKey), proximity: proximity)
    }

    /// The same with any signer (4.0 keys included).
    package static func sign(
        _ builder: OfflineOperationBuilder, signer: Signer, proximity: Proximity? = nil
    ) throws(PowerAuthError) -> Payload {
        var builder = builder
        if let proximity {
            builder.totp = try TOTP.code(
                seed: proximity.seed, unixTime: proximity.unixTime, step: proximity.step, digits: proximity.digits)
        }
        do {
            let signedData = try builder.bytesToSign(signingKey: signer.signingKey)
            let signature = try signer.sign(signedData)
            let text = try builder.operationString(signingKey: signer.signingKey, signature: signature)
            return Payload(text: text, nonce: builder.nonce, totp: builder.totp, signedData: signedData)
        } catch let error as PowerAuthError {
            throw error
        } catch let error as OfflineOperationError {
            throw PowerAuthError(.payload, error.reason)
        } catch {
            throw PowerAuthError(.payload, "cannot build the offline operation")
        }
    }
}
