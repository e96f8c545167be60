import DevServer
import FingerprintLists
import Foundation
import OfflineOperations
import Testing

@Suite("/app/init fingerprint endpoint")
struct PinningEndpointTests {
    static func server(appName: String? = nil) -> (DevServer, PinningSigningKey, FingerprintEntry) {
        let key = PinningSigningKey.generate()
        let entry = FingerprintEntry(
            name: "localhost", fingerprint: Data(repeating: 9, count: 32), expires: 1_900_000_000,
            signature: Data([1, 2, 3]))
        let server = DevServer(
            state: DevServerState(), pinning: PinningConfiguration(entries: [entry], signingKey: key, appName: appName))
        return (server, key, entry)
    }

    @Test("the challenge signature over challenge&body verifies with FingerprintLists")
    func signatureVerifies() async throws {
        let (server, key, entry) = Self.server()
        let challenge = ChallengeHeader.generate()
        let response = await server.respond(
            to: TestRequest(
                method: "GET", path: "/app/init", query: ["appName": "demo"],
                headers: [ChallengeHeader.requestHeader: challenge]))
        #expect(response.status == 200)
        let signature = try #require(response.header(ChallengeHeader.signatureHeader))
        let verdict = try ChallengeResponse.verify(
            body: response.body, challenge: challenge, signature: signature, publicKey: key.publicKey)
        guard case .valid(let decoded) = verdict else {
            Issue.record("the signature does not verify")
            return
        }
        #expect(decoded.entries.map(\.fingerprint) == [entry.fingerprint])
        #expect(decoded.entries.first?.signature == nil)
        let other = try ChallengeResponse.verify(
            body: response.body, challenge: ChallengeHeader.generate(), signature: signature,
            publicKey: key.publicKey)
        #expect(other == .invalidSignature)
    }

    @Test("a missing or short challenge is 403 INVALID_CHALLENGE; no appName is 400; another app 404")
    func refusals() async throws {
        let (server, _, _) = Self.server(appName: "demo")
        for headers in [[:], [ChallengeHeader.requestHeader: Data(repeating: 1, count: 8).base64EncodedString()]] {
            let response = await server.respond(
                to: TestRequest(method: "GET", path: "/app/init", query: ["appName": "demo"], headers: headers))
            #expect(response.status == 403)
            #expect(String(decoding: response.body, as: UTF8.self).contains("INVALID_CHALLENGE"))
        }
        let challenge = [ChallengeHeader.requestHeader: ChallengeHeader.generate()]
        #expect(
            await server.respond(to: TestRequest(method: "GET", path: "/app/init", headers: challenge)).status == 400)
        let other = await server.respond(
            to: TestRequest(method: "GET", path: "/app/init", query: ["appName": "x"], headers: challenge))
        #expect(other.status == 404)
    }

    @Test("the public key endpoint gives the key apps are configured with")
    func publicKey() async throws {
        let (server, key, _) = Self.server()
        let response = await server.respond(
            to: TestRequest(method: "GET", path: "/app/init/public-key", query: ["appName": "demo"]))
        let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: String])
        #expect(object["publicKey"] == key.exportedPublicKey)
    }
}
