public import FoundationEssentials
import QRAuthCrypto

extension ECIES {
    /// Everything both sides of one ECIES exchange must agree on besides the keys.
    ///
    /// `applicationKey`/`applicationSecret` are the Base64 *texts* of the application version; `transportKey`
    /// (`KEY_TRANSPORT`, 16 bytes) and `activationId` are needed in activation scope; `temporaryKeyId` in 3.3.
    /// In application scope `activationId` and `transportKey` are ignored.
    public struct Parameters: Sendable, Equatable {
        /// The protocol version: selects SHARED_INFO_1, IV, SHARED_INFO_2 and the body's fields.
        public var version: ProtocolVersion
        /// The purpose: selects scope and SHARED_INFO_1.
        public var encryptorId: ECIES.EncryptorID
        /// `APP_KEY` as Base64 text (enters the associated data as text).
        public var applicationKey: String
        /// `APP_SECRET` as Base64 text (its ASCII bytes enter SHARED_INFO_2).
        public var applicationSecret: String
        /// The activation id as sent (activation scope).
        public var activationId: String?
        /// `KEY_TRANSPORT` (activation scope, 16 bytes).
        public var transportKey: Data?
        /// The temporary key id (3.3; on the server side the request's `temporaryKeyId` is used when this is nil).
        public var temporaryKeyId: String?

        /// Makes parameters from their fields.
        public init(
            version: ProtocolVersion, encryptorId: ECIES.EncryptorID, applicationKey: String, applicationSecret: String,
            activationId: String? = nil, transportKey: Data? = nil, temporaryKeyId: String? = nil
        ) {
            self.version = version
            self.encryptorId = encryptorId
            self.applicationKey = applicationKey
            self.applicationSecret = applicationSecret
            self.activationId = activationId
            self.transportKey = transportKey
            self.temporaryKeyId = temporaryKeyId
        }

        /// The scope of `encryptorId`.
        public var scope: ECIES.Scope { encryptorId.scope }

        /// Checks that the fields the scope and version need are there (without key material in the message).
        public func validate() throws(PowerAuthError) {
            guard !applicationKey.isEmpty, !applicationSecret.isEmpty else {
                throw PowerAuthError(.encryption, "ECIES needs the application key and secret")
            }
            if scope == .activation {
                guard let transportKey, transportKey.count == 16 else {
                    throw PowerAuthError(.encryption, "activation-scope ECIES needs a 16-byte transport key")
                }
                guard let activationId, !activationId.isEmpty else {
                    throw PowerAuthError(.encryption, "activation-scope ECIES needs the activation id")
                }
            }
        }

        /// `SH2_BASE`: `SHA256(ASCII(APP_SECRET))`, or `HMAC(KEY_TRANSPORT, ASCII(APP_SECRET))` in activation scope.
        package func sharedInfo2Base() throws(PowerAuthError) -> Data {
            try validate()
            let secret = Data(applicationSecret.utf8)
            switch scope {
            case .application: return SHA256Hash.hash(data: secret)
            case .activation: return HMACSHA256.authenticationCode(for: secret, using: transportKey ?? Data())
            }
        }

        /// The associated data of 3.2+ (nil for 3.0/3.1): `SIZES(version, APP_KEY[, ACTIVATION_ID][, TEMP_KEY_ID])`.
        package func associatedData(temporaryKeyId keyId: String?) -> Data? {
            var parts: [Data] = [Data(version.rawValue.utf8), Data(applicationKey.utf8)]
            switch version {
            case .v30, .v31: return nil
            case .v32, .v33:
                if scope == .activation { parts.append(Data((activationId ?? "").utf8)) }
                if version == .v33 { parts.append(Data((keyId ?? "").utf8)) }
            }
            return ECIESSizes.join(parts)
        }
    }
}
