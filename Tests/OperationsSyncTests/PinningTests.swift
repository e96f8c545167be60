import FingerprintLists
import Foundation
import OperationsSync
import QRAuthCrypto
import Testing

@Suite("Pinning with CertStore over a real TLS loopback server", .timeLimit(.minutes(1)))
struct PinningTests {
    static let now: Int64 = 1_800_000_000

    static func store(entries: [FingerprintEntry], key: PinningSigningKey) throws -> CertStore {
        let signed = try entries.map { try key.sign($0) }
        let configuration = try CertStoreConfiguration(
            serviceURL: URL(string: "https://pins.test/list")!, publicKey: key.publicKey)
        return CertStore(
            configuration: configuration,
            fetcher: StaticFingerprintFetcher(body: FingerprintList(entries: signed).encoded()), storageDirectory: nil,
            clock: { now })
    }

    static func leafFingerprint() throws -> Data {
        try X509Certificate(derRepresentation: TestCertificates.leafDER()).fingerprintSHA256
    }

    @Test(
        "right pin passes; a different fingerprint or an expired list is refused before any request byte",
        arguments: [("right", true), ("different", false), ("expired", false)])
    func pins(case name: String, passes: Bool) async throws {
        let key = PinningSigningKey.generate()
        let fingerprint = name == "different" ? Data(repeating: 7, count: 32) : try Self.leafFingerprint()
        let expires = name == "expired" ? Self.now - 10 : Self.now + 86_400
        let store = try Self.store(
            entries: [FingerprintEntry(name: "localhost", fingerprint: fingerprint, expires: expires)], key: key)
        let update = await store.update(mode: .forced)
        #expect((update.result == .ok) == (name != "expired"))
        let server = try await TestServer.start(tls: true) { _ in
            ServerReply(body: Array(#"{"status":"OK","responseObject":[]}"#.utf8))
        }
        let client = try TestClients.make(for: server) {
            $0.tls = .pinned(CertStoreEvaluator(store: store), customCA: try TestCertificates.caPEM())
        }
        try await TestClients.with(server, client) {
            do {
                let response = try await client.post("/api/auth/token/app/operation/list", body: .json(Data("{}".utf8)))
                #expect(passes)
                #expect(response.statusCode == 200)
            } catch {
                #expect(!passes)
                #expect((error as? HTTPClientError)?.code == .pinningDenied)
                #expect(server.applicationBytes == 0)
                #expect(server.requests.isEmpty)
            }
        }
    }

    @Test("HTTPFingerprintFetcher: challenge mode sends the challenge; the store verifies the signed answer")
    func challengeFetch() async throws {
        let key = PinningSigningKey.generate()
        let entry = FingerprintEntry(
            name: "localhost", fingerprint: try Self.leafFingerprint(), expires: Self.now + 86_400)
        let body = ChallengeResponse(timestamp: Self.now, entries: [entry]).encoded()
        let server = try await TestServer.start(tls: false) { request in
            guard let challenge = request.header("X-Cert-Pinning-Challenge"),
                let signature = try? key.signature(for: ChallengeHeader.signedBytes(challenge: challenge, body: body))
            else { return ServerReply(status: 400) }
            return ServerReply(
                headers: [("X-Cert-Pinning-Signature", signature.base64EncodedString())], body: Array(body))
        }
        let client = try TestClients.make(for: server)
        try await TestClients.with(server, client) {
            let configuration = try CertStoreConfiguration(
                serviceURL: server.baseURL.appendingPathComponent("app/init"), publicKey: key.publicKey,
                useChallenge: true)
            let store = CertStore(
                configuration: configuration, fetcher: HTTPFingerprintFetcher(client: client), storageDirectory: nil,
                clock: { Self.now })
            let update = await store.update(mode: .forced)
            #expect(update.result == .ok)
            #expect(await store.storedEntries.count == 1)
            #expect(server.requests.first?.header("X-Cert-Pinning-Challenge") != nil)
            let other = try CertStoreConfiguration(
                serviceURL: server.baseURL.appendingPathComponent("app/init"),
                publicKey: PinningSigningKey.generate().publicKey,
                useChallenge: true)
            let wrongKey = CertStore(
                configuration: other, fetcher: HTTPFingerprintFetcher(client: client), storageDirectory: nil,
                clock: { Self.now })
            #expect(await wrongKey.update(mode: .forced).result == .invalidSignature)
        }
    }
}
