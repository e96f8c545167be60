import DevServer
import Foundation
import MobileTokenAPI
import PowerAuth
import Testing

@Suite("X-PowerAuth-Token checks")
struct TokenAuthenticationTests {
    @Test("a fresh token digest lists the pending operations")
    func accepted() throws {
        let harness = try TestHarness()
        let id = try harness.createOperation()
        let response = try harness.tokenCall(DevServer.Route.list)
        #expect(response.status == 200)
        let object = try TestHarness.json(response)
        #expect(object["status"] as? String == "OK")
        let operations = try #require(object["responseObject"] as? [[String: Any]])
        #expect(operations.map { $0["id"] as? String } == [id])
        #expect(object["currentTimestamp"] as? String == OperationTimestamp.formatServerStyle(harness.clock.now))
    }

    @Test("the same header twice: the replay is refused")
    func replayRefused() throws {
        let harness = try TestHarness()
        let header = try harness.tokenHeader()
        let request = ServerRequest(
            method: "POST", path: DevServer.Route.list, headers: [TokenHeader.name: header], body: Data("{}".utf8))
        #expect(harness.server.respond(to: request).status == 200)
        let replay = harness.server.respond(to: request)
        #expect(replay.status == 401)
        #expect(try TestHarness.errorCode(replay) == "POWERAUTH_AUTH_FAIL")
    }

    @Test(
        "timestamps outside [now - 2 h, now + 30 min] are refused",
        arguments: [
            (-7_200_001 as Int64, false), (-7_199_000, true), (1_799_000, true), (1_800_001, false),
        ])
    func timestampWindow(offset: Int64, accepted: Bool) throws {
        let harness = try TestHarness()
        let request = ServerRequest(
            method: "POST", path: DevServer.Route.list,
            headers: [TokenHeader.name: try harness.tokenHeader(offsetMillis: offset)], body: Data("{}".utf8))
        let response = harness.server.respond(to: request)
        #expect(response.status == (accepted ? 200 : 401))
        if !accepted { #expect(try TestHarness.errorCode(response) == "POWERAUTH_AUTH_FAIL") }
    }

    @Test("a digest made with another secret, a missing header or an unknown token is refused")
    func wrongSecret() throws {
        let harness = try TestHarness()
        let token = try #require(harness.device.token)
        let forged = TokenDigest.header(
            tokenId: token.id, tokenSecret: Data(repeating: 7, count: 16), timestampMillis: harness.clock.millis)
        let unknown = TokenDigest.header(
            tokenId: UUID().uuidString.lowercased(), tokenSecret: token.secret, timestampMillis: harness.clock.millis)
        for headers in [
            [TokenHeader.name: forged.value], [:], [TokenHeader.name: unknown.value], [TokenHeader.name: "PowerAuth x"],
        ] {
            let response = harness.server.respond(
                to: ServerRequest(method: "POST", path: DevServer.Route.list, headers: headers, body: Data("{}".utf8)))
            #expect(response.status == 401)
            #expect(try TestHarness.errorCode(response) == "POWERAUTH_AUTH_FAIL")
        }
    }

    @Test("a blocked activation's token is refused")
    func blockedActivation() throws {
        var harness = try TestHarness(maxFailedAttempts: 1)
        let id = try harness.createOperation()
        _ = try harness.authorize(id, data: "A1", password: "0000")
        #expect(try harness.activationView()["status"] as? String == "BLOCKED")
        #expect(try harness.tokenCall(DevServer.Route.list).status == 401)
    }
}
