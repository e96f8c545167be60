import DevServer
import Foundation
import MobileTokenAPI
import OfflineOperations
import PowerAuth
import Testing

@Suite("X-PowerAuth-Token checks")
struct TokenAuthenticationTests {
    @Test("a fresh token digest lists the pending operations")
    func accepted() async throws {
        let harness = try TestHarness()
        let id = try await harness.createOperation()
        let response = try await harness.tokenCall(EndpointPaths.MobileToken.operationList)
        #expect(response.status == 200)
        let object = try TestHarness.json(response)
        #expect(object["status"] as? String == "OK")
        let operations = try #require(object["responseObject"] as? [[String: Any]])
        #expect(operations.map { $0["id"] as? String } == [id])
        #expect(object["currentTimestamp"] as? String == OperationTimestamp.formatServerStyle(harness.clock.now))
    }

    @Test("the same header twice: the replay is refused")
    func replayRefused() async throws {
        let harness = try TestHarness()
        let header = try await harness.tokenHeader()
        let request = TestRequest(
            method: "POST", path: EndpointPaths.MobileToken.operationList, headers: [TokenHeader.name: header],
            body: Data("{}".utf8))
        await #expect(harness.server.respond(to: request).status == 200)
        let replay = await harness.server.respond(to: request)
        #expect(replay.status == 401)
        #expect(try TestHarness.errorCode(replay) == "POWERAUTH_AUTH_FAIL")
    }

    @Test(
        "timestamps outside [now - 2 h, now + 30 min] are refused",
        arguments: [
            (-7_200_001 as Int64, false), (-7_199_000, true), (1_799_000, true), (1_800_001, false),
        ])
    func timestampWindow(offset: Int64, accepted: Bool) async throws {
        let harness = try TestHarness()
        let request = await TestRequest(
            method: "POST", path: EndpointPaths.MobileToken.operationList,
            headers: [TokenHeader.name: try harness.tokenHeader(offsetMillis: offset)], body: Data("{}".utf8))
        let response = await harness.server.respond(to: request)
        #expect(response.status == (accepted ? 200 : 401))
        if !accepted { #expect(try TestHarness.errorCode(response) == "POWERAUTH_AUTH_FAIL") }
    }

    @Test("a digest made with another secret, a missing header or an unknown token is refused")
    func wrongSecret() async throws {
        let harness = try TestHarness()
        let token = try #require(harness.device.token)
        let forged = TokenDigest.header(
            tokenId: token.id, tokenSecret: Data(repeating: 7, count: 16), timestampMillis: harness.clock.millis)
        let unknown = TokenDigest.header(
            tokenId: UUID().uuidString.lowercased(), tokenSecret: token.secret, timestampMillis: harness.clock.millis)
        for headers in [
            [TokenHeader.name: forged.value], [:], [TokenHeader.name: unknown.value], [TokenHeader.name: "PowerAuth x"],
        ] {
            let response = await harness.server.respond(
                to: TestRequest(
                    method: "POST", path: EndpointPaths.MobileToken.operationList, headers: headers,
                    body: Data("{}".utf8)))
            #expect(response.status == 401)
            #expect(try TestHarness.errorCode(response) == "POWERAUTH_AUTH_FAIL")
        }
    }

    @Test("a blocked activation's token is refused")
    func blockedActivation() async throws {
        var harness = try TestHarness(maxFailedAttempts: 1)
        let id = try await harness.createOperation()
        _ = try await harness.authorize(id, data: "A1", password: "0000")
        #expect(try await harness.activationView()["status"] as? String == "BLOCKED")
        #expect(try await harness.tokenCall(EndpointPaths.MobileToken.operationList).status == 401)
    }
}
