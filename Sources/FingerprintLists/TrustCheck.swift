package import FoundationEssentials
package import QRAuthCrypto

/// Answers "would an app trust this certificate with this list?" by running the list through an
/// in-memory `CertStore` exactly as a client's update and validation would.
package enum TrustCheck {
    /// What the simulated client did.
    package struct Outcome: Sendable, Equatable {
        /// How the client's update of the list ended (anything but `.ok` leaves its store empty).
        package let update: UpdateResult
        /// The validation answer for the chain.
        package let result: ValidationResult
    }

    /// Feeds `list` (static-list bytes) to a fresh store at `now`, then validates `chain`.
    package static func evaluate(
        list: Data, publicKey: PinningPublicKey, chain: [X509Certificate], now: Int64,
        expectedCommonNames: [String]? = nil
    ) async throws(FingerprintListError) -> Outcome {
        let configuration = try CertStoreConfiguration(
            serviceURL: URL(fileURLWithPath: "/list.json"), publicKey: publicKey,
            expectedCommonNames: expectedCommonNames)
        let store = CertStore(
            configuration: configuration, fetcher: FixedFetcher(body: list), storageDirectory: nil, clock: { now })
        let update = await store.update(mode: .forced).result
        return Outcome(update: update, result: await store.validate(chain: chain))
    }

    /// Serves one body.
    private struct FixedFetcher: FingerprintFetcher {
        let body: Data

        func fetch(_ request: FingerprintRequest) async throws -> FingerprintResponse {
            FingerprintResponse(statusCode: 200, body: body)
        }
    }
}
