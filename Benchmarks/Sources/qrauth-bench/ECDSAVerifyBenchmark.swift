import Foundation
import QRAuthCrypto

/// P-256 ECDSA-SHA256 verification with a parsed key: the offline-QR and fingerprint-list hot path.
struct ECDSAVerifyBenchmark: Benchmark {
    let name = "ecdsa-verify"
    let summary = "NISTP256.Signing.PublicKey.isValidSignature over a 64-byte message (hash included)"

    func prepare() throws -> () -> Int {
        let key = NISTP256.Signing.PrivateKey()
        let message = Data((0..<64).map { UInt8($0) })
        let signature = try key.signature(for: message)
        let publicKey = try NISTP256.Signing.PublicKey(x963Representation: key.publicKey.x963Representation)
        guard publicKey.isValidSignature(signature, for: message) else {
            throw BenchmarkFailure("signature does not verify")
        }
        return { publicKey.isValidSignature(signature, for: message) ? 1 : 0 }
    }
}
