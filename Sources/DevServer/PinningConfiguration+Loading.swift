import FingerprintLists
import FoundationEssentials
import QRAuthCrypto
import QRAuthFiles

extension PinningConfiguration {
    /// Reads a fingerprint list (static or fallback JSON; per-entry signatures are not needed) and a
    /// PEM signing key (unencrypted PKCS#8 or SEC1).
    public static func load(
        listPath: String, keyPath: String, appName: String?
    ) throws(DevServerError) -> PinningConfiguration {
        do {
            let list = try FingerprintList.decodeFallback(FileInput.read(listPath, limit: 16 << 20))
            let pem = String(decoding: try FileInput.read(keyPath, limit: 1 << 16), as: UTF8.self)
            return PinningConfiguration(
                entries: list.entries, signingKey: try PinningSigningKey(pem: pem, password: nil), appName: appName)
        } catch let error as FingerprintListError {
            throw DevServerError(.file, "\(listPath) / \(keyPath): \(error.reason)")
        } catch let error as FileError {
            throw DevServerError(.file, error.reason)
        } catch {
            throw DevServerError(.file, "cannot read \(listPath) or \(keyPath)")
        }
    }

    /// A list pinning the server's own leaf, signed with a fresh key.
    public static func selfSigned(_ identity: SelfSignedIdentity, appName: String?) -> PinningConfiguration {
        let entry = FingerprintEntry(
            name: identity.commonName, fingerprint: SHA256Hash.hash(data: identity.leafDER),
            expires: identity.expires)
        return PinningConfiguration(entries: [entry], signingKey: .generate(), appName: appName)
    }
}
