public import FingerprintLists

public import FoundationEssentials

/// A `CertStore` fetcher that answers with fixed bytes (a list file shipped with a test or a pipeline); the store
/// still verifies every signature and expiry as for a download.
public struct StaticFingerprintFetcher: FingerprintFetcher {
    /// The list bytes.
    public let body: Data

    /// Makes a fetcher over list bytes.
    public init(body: Data) {
        self.body = body
    }

    /// Returns the bytes with status 200.
    public func fetch(_ request: FingerprintRequest) async throws -> FingerprintResponse {
        FingerprintResponse(statusCode: 200, body: body)
    }
}
