package import HTTPTypes
import PowerAuth

extension HTTPField.Name {
    /// `X-PowerAuth-Authorization`: the signature header of signed endpoints (3.x and 4.0).
    package static var powerAuthAuthorization: Self { Self(AuthorizationHeader.name)! }
    /// `X-PowerAuth-Token`: the token header of token-signed endpoints (3.x and 4.0).
    package static var powerAuthToken: Self { Self(TokenHeader.name)! }
    /// `X-PowerAuth-Encryption`: the encryption header of encrypted endpoints that are not signed.
    package static var powerAuthEncryption: Self { Self(EncryptionHeader.name)! }
}
