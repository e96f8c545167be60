import MobileTokenAPI
import PowerAuth
import QRAuthCrypto

extension DevServerStore {
    /// The application's P-384 master key, made (and stored) the first time a 4.0 client needs it.
    func masterKeyP384(_ applicationId: String) throws(APIFailure) -> NISTP384.PrivateKey {
        try transaction { (state, changed) throws(APIFailure) -> NISTP384.PrivateKey in
            guard let index = state.applications.firstIndex(where: { $0.applicationId == applicationId }) else {
                throw APIFailure(.generic, "unknown application")
            }
            do throws(PowerAuthError) {
                if let key = try state.applications[index].masterSigningKeyP384() { return key }
            } catch {
                throw APIFailure(.generic, error.reason)
            }
            let key = NISTP384.PrivateKey()
            state.applications[index].masterPrivateKeyP384 = key.rawRepresentation
            changed = true
            return key
        }
    }
}
