import Foundation
import QRAuthCrypto

/// P-256 ECDSA-SHA256 signing (offline payload creation, fingerprint-list signing).
struct ECDSASignBenchmark: Benchmark {
    let name = "ecdsa-sign"
    let summary = "NISTP256.Signing.PrivateKey.signature over a 64-byte message (hash included)"

    func prepare() throws -> () -> Int {
        let key = NISTP256.Signing.PrivateKey()
        let message = Data((0..<64).map { UInt8($0) })
        return { (try? key.signature(for: message))?.derRepresentation.count ?? 0 }
    }
}
