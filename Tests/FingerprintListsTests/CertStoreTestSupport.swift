import FingerprintLists
import Foundation
import QRAuthCrypto

/// A settable clock. `@unchecked Sendable`: every access goes through `lock`.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Int64

    init(_ now: Int64) {
        value = now
    }

    var now: Int64 {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }

    var function: @Sendable () -> Int64 { { self.now } }
}

/// A fetcher answering with a closure. `@unchecked Sendable`: mutable state is behind `lock`.
final class StubFetcher: FingerprintFetcher, @unchecked Sendable {
    private let lock = NSLock()
    private var respond: @Sendable (FingerprintRequest) throws -> FingerprintResponse
    private var recorded: [FingerprintRequest] = []

    init(_ respond: @escaping @Sendable (FingerprintRequest) throws -> FingerprintResponse) {
        self.respond = respond
    }

    func answer(_ respond: @escaping @Sendable (FingerprintRequest) throws -> FingerprintResponse) {
        lock.withLock { self.respond = respond }
    }

    var requests: [FingerprintRequest] { lock.withLock { recorded } }

    func fetch(_ request: FingerprintRequest) async throws -> FingerprintResponse {
        let responder = lock.withLock {
            recorded.append(request)
            return respond
        }
        return try responder(request)
    }
}

struct TransportFailure: Error {}

/// Builds signed lists and responses with the K2 key.
enum ListFactory {
    static let key = try! PinningSigningKey(pem: Fixtures.text("ios-Tests-TestData-private.pem"), password: nil)

    static func entry(_ name: String, _ byte: UInt8, _ expires: Int64, depth: Int? = nil) -> FingerprintEntry {
        FingerprintEntry(name: name, fingerprint: Data(repeating: byte, count: 32), expires: expires, depth: depth)
    }

    static func staticBody(_ entries: [FingerprintEntry]) throws -> Data {
        FingerprintList(entries: try entries.map { try key.sign($0) }).encoded()
    }

    static func staticResponse(_ entries: [FingerprintEntry]) throws -> FingerprintResponse {
        FingerprintResponse(statusCode: 200, body: try staticBody(entries))
    }

    static func challengeBody(_ entries: [FingerprintEntry], domains: String? = nil) -> Data {
        let items = entries.map { entry in
            var text =
                "{\"name\":\"\(entry.name)\",\"fingerprint\":\"\(entry.fingerprint.base64EncodedString())\","
                + "\"expires\":\(entry.expires)"
            if let depth = entry.depth { text += ",\"depth\":\(depth)" }
            return text + "}"
        }
        var body = "{\"timestamp\":1700000000,\"fingerprints\":[\(items.joined(separator: ","))]"
        if let domains { body += ",\"domainsConfig\":\(domains)" }
        return Data((body + "}").utf8)
    }

    /// Signs `challenge&body` as the Mobile Utility Server does.
    static func challengeResponse(_ body: Data, for request: FingerprintRequest) throws -> FingerprintResponse {
        let challenge = request.challenge ?? ""
        let signature = try key.signature(for: ChallengeHeader.signedBytes(challenge: challenge, body: body))
        return FingerprintResponse(
            statusCode: 200, headers: ["X-Cert-Pinning-Signature": signature.base64EncodedString()], body: body)
    }

    static func fallbackData(_ entries: [FingerprintEntry]) -> Data {
        var list = FingerprintList(entries: entries)
        for index in list.entries.indices { list.entries[index].signature = nil }
        let text = String(decoding: list.encoded(), as: UTF8.self)
            .replacingOccurrences(of: "\"expires\": ", with: "\"signature\": \"\", \"expires\": ")
        return Data(text.utf8)
    }
}
