public import FoundationEssentials
import QRAuthEncoding

/// The challenge-signed `/app/init` response of the Mobile Utility Server: the whole body is
/// signed (with the challenge) in `X-Cert-Pinning-Signature`; entries carry no signatures.
public struct ChallengeResponse: Sendable, Hashable {
    /// The server's time (Unix seconds) when it answered; no client checks it.
    public var timestamp: Int64?
    /// The entries (may carry `depth`).
    public var entries: [FingerprintEntry]
    /// Which domains need pinning (2026), if sent.
    public var domainsConfig: DomainsConfig?
    /// The app-version verdict, if the request carried version information.
    public var verifyVersionResult: VerifyVersionResult?

    /// Makes a response.
    public init(
        timestamp: Int64? = nil, entries: [FingerprintEntry], domainsConfig: DomainsConfig? = nil,
        verifyVersionResult: VerifyVersionResult? = nil
    ) {
        self.timestamp = timestamp
        self.entries = entries
        self.domainsConfig = domainsConfig
        self.verifyVersionResult = verifyVersionResult
    }

    /// The outcome of checking a received response.
    public enum Verification: Sendable, Equatable {
        /// The signature covers these exact bytes; the decoded body.
        case valid(ChallengeResponse)
        /// The signature does not verify over `challenge&body`; the body was not decoded.
        case invalidSignature
    }

    /// Verifies `signature` (the header's Base64) over `challenge&body` using the raw received
    /// bytes, and only then decodes the JSON. Throws for a malformed signature encoding or body.
    public static func verify(
        body: Data, challenge: String, signature: String, publicKey: PinningPublicKey
    ) throws(FingerprintListError) -> Verification {
        guard let der = StrictBase64.decodeCanonical(signature.trimmingWhitespace()) else {
            throw FingerprintListError(
                .invalidSignatureEncoding,
                "the response signature is not canonical padded Base64; expected Base64 of a DER ECDSA signature")
        }
        let checked = try FingerprintEntry.checkDERSignature(der, place: "the response signature")
        let message = ChallengeHeader.signedBytes(challenge: challenge, body: body)
        guard publicKey.isValidSignature(checked, for: message) else { return .invalidSignature }
        return .valid(try decodeUnverified(body))
    }

    /// Decodes a body **without** checking any signature (tests, diagnostics, captured payloads).
    public static func decodeUnverified(_ body: some DataProtocol) throws(FingerprintListError) -> ChallengeResponse {
        let json = try JSONParser.parse(body)
        let list = try FingerprintList.decode(json: json, source: .challengeResponse)
        var timestamp: Int64?
        if let value = json["timestamp"] {
            timestamp = try FingerprintEntry.parseExpires(value, place: "timestamp")
        }
        let domains = try json["domainsConfig"].map { value throws(FingerprintListError) in
            try DomainsConfig.decode(value)
        }
        let version = try json["verifyVersionResult"].map { value throws(FingerprintListError) in
            try VerifyVersionResult.decode(value)
        }
        return ChallengeResponse(
            timestamp: timestamp, entries: list.entries, domainsConfig: domains, verifyVersionResult: version)
    }
}
