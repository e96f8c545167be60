package import FoundationEssentials
package import QRAuthCrypto

/// The version 2 activation exchange (legacy, kept for the upstream vectors and old activations):
/// the public keys travel AES-CBC encrypted twice, under a key from the activation OTP and an ephemeral ECDH key.
package enum LegacyActivationV2 {
    /// `KEY_ENCRYPTION_OTP = PBKDF2-HMAC-SHA1(activationOtp, salt: activationIdShort, 10 000, 16 B)`.
    public static func otpKey(activationOtp: String, activationIdShort: String) throws(PowerAuthError) -> Data {
        do {
            return try PBKDF2.deriveSHA1(
                password: Data(activationOtp.utf8), salt: Data(activationIdShort.utf8), iterations: 10_000,
                keyLength: 16)
        } catch {
            throw PowerAuthError(.crypto, "PBKDF2 failed: \(error.reason)")
        }
    }

    /// The two keys of the double encryption: the OTP key (inner layer) and the folded ECDH secret of one side's
    /// private key and the other side's public key (outer layer), the same on both sides.
    private static func layerKeys(
        activationOtp: String, activationIdShort: String, privateKey: NISTP256.Signing.PrivateKey,
        publicKey: NISTP256.Signing.PublicKey
    ) throws(PowerAuthError) -> (otp: Data, ephemeral: Data) {
        let otp = try otpKey(activationOtp: activationOtp, activationIdShort: activationIdShort)
        return (otp, try KeyDerivation.masterSecret(privateKey: privateKey, publicKey: publicKey))
    }

    /// `C_DEVICE_PUBLIC_KEY = AES(AES(devicePublicKey, nonce, OTP key), nonce, fold(ECDH(ephemeral, master)))`.
    public static func encryptDevicePublicKey(
        _ devicePublicKey: Data, activationIdShort: String, activationOtp: String, activationNonce: Data,
        ephemeralPrivateKey: NISTP256.Signing.PrivateKey, masterPublicKey: NISTP256.Signing.PublicKey
    ) throws(PowerAuthError) -> Data {
        let keys = try layerKeys(
            activationOtp: activationOtp, activationIdShort: activationIdShort, privateKey: ephemeralPrivateKey,
            publicKey: masterPublicKey)
        do {
            let inner = try AES128.encryptCBC(devicePublicKey, key: keys.otp, iv: activationNonce, padding: true)
            return try AES128.encryptCBC(inner, key: keys.ephemeral, iv: activationNonce, padding: true)
        } catch {
            throw PowerAuthError(.crypto, "AES failed: \(error.reason)")
        }
    }

    /// Reverses the server's double encryption of `KEY_SERVER_PUBLIC` with the device private key.
    public static func decryptServerPublicKey(
        _ encrypted: Data, activationIdShort: String, activationOtp: String, activationNonce: Data,
        devicePrivateKey: NISTP256.Signing.PrivateKey, ephemeralPublicKey: NISTP256.Signing.PublicKey
    ) throws(PowerAuthError) -> Data {
        let keys = try layerKeys(
            activationOtp: activationOtp, activationIdShort: activationIdShort, privateKey: devicePrivateKey,
            publicKey: ephemeralPublicKey)
        do {
            let outer = try AES128.decryptCBC(encrypted, key: keys.ephemeral, iv: activationNonce, padding: true)
            return try AES128.decryptCBC(outer, key: keys.otp, iv: activationNonce, padding: true)
        } catch {
            throw PowerAuthError(.crypto, "the encrypted server public key does not decrypt")
        }
    }

    /// `HMAC-SHA256(APP_SECRET, idShort & B64(nonce) & B64(C_DEVICE_PUBLIC_KEY) & APP_KEY)`.
    public static func applicationSignature(
        activationIdShort: String, activationNonce: Data, encryptedDevicePublicKey: Data, applicationKey: String,
        applicationSecret: Data
    ) -> Data {
        let text = [
            activationIdShort, activationNonce.base64EncodedString(), encryptedDevicePublicKey.base64EncodedString(),
            applicationKey,
        ].joined(separator: "&")
        return HMACSHA256.authenticationCode(for: Data(text.utf8), using: applicationSecret)
    }
}
