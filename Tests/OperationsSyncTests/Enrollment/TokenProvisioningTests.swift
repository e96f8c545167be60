import Foundation
import HTTPTypes
import MobileTokenAPI
import OperationsSync
import PowerAuth
import Testing

/// A Mobile Token API that refuses every token (POWERAUTH_AUTH_FAIL), in front of the enrollment double's /pa/v3.
actor RefusingMobileTokenAPI: HTTPClient {
    let enrollment: EnrollmentServerDouble
    let signer: any RequestSigner
    var listCalls = 0
    var acceptedTokens: Set<String> = []

    init(enrollment: EnrollmentServerDouble, signer: any RequestSigner) {
        self.enrollment = enrollment
        self.signer = signer
    }

    func accept(_ id: String) { acceptedTokens.insert(id) }

    func send(_ request: HTTPExchange.Request) async throws(HTTPClientError) -> HTTPExchange.Response {
        guard let path = request.head.path else { throw HTTPClientError(.invalidRequest, "no path") }
        guard path.hasPrefix("/api/") else { return try await enrollment.send(request) }
        listCalls += 1
        let url = URL(string: "https://double.test" + path)!
        let header: HTTPField
        do {
            header = try await signer.authorization(
                for: RequestSigningInput(
                    method: request.head.method, url: url, body: Data(), kind: request.kind,
                    signing: request.signing))
        } catch {
            throw HTTPClientError(.signingFailed, "\(error)")
        }
        let tokenId = (try? TokenHeader(parsing: header.value))?.tokenId ?? ""
        if acceptedTokens.contains(tokenId) {
            return HTTPExchange.Response(
                url: url, statusCode: 200, body: Data(#"{"status":"OK","responseObject":[]}"#.utf8))
        }
        return HTTPExchange.Response(
            url: url, statusCode: 401,
            body: Data(#"{"status":"ERROR","responseObject":{"code":"POWERAUTH_AUTH_FAIL","message":"token"}}"#.utf8))
    }
}

@Suite("sync's token provisioning: created when missing, a refused one replaced once", .timeLimit(.minutes(2)))
struct TokenProvisioningTests {
    @Test("no token in the file: one is created (possession) and stored before the list call")
    func createdWhenMissing() async throws {
        let setup = try EnrollmentSetup(version: .v33, token: false)
        let signer = PowerAuthRequestSigner(store: setup.store)
        let api = RefusingMobileTokenAPI(enrollment: setup.double, signer: signer)
        let enrollment = EnrollmentClient(httpClient: api)
        let client = MobileTokenClient(
            httpClient: api,
            configuration: MobileTokenConfiguration(
                tokenProvisioner: EnrollmentTokenProvisioner(enrollment: enrollment, store: setup.store)))
        // The server accepts whatever token the double issues.
        let listed: [UserOperation]
        do {
            listed = try await client.operations()
            Issue.record("the refusing API answered")
        } catch {
            listed = []
        }
        #expect(listed.isEmpty)
        let token = try #require(setup.device.token)
        await api.accept(token.id)
        #expect(try await client.operations().isEmpty)
        #expect(setup.device.token == token)
    }

    @Test("a server that keeps refusing the token: one replacement, one retry, then its error — no loop")
    func replacedOnce() async throws {
        let setup = try EnrollmentSetup(version: .v32, token: true)
        let original = try #require(setup.device.token)
        let signer = PowerAuthRequestSigner(store: setup.store)
        let api = RefusingMobileTokenAPI(enrollment: setup.double, signer: signer)
        let client = MobileTokenClient(
            httpClient: api,
            configuration: MobileTokenConfiguration(
                tokenProvisioner: EnrollmentTokenProvisioner(
                    enrollment: EnrollmentClient(httpClient: api), store: setup.store)))
        await #expect(throws: MobileTokenError(.authenticationFailed, "")) { try await client.operations() }
        #expect(await api.listCalls == 2)
        let creates = await setup.double.exchanges.filter { $0.path == "/pa/v3/token/create" }.count
        #expect(creates == 1)
        #expect(setup.device.token != nil && setup.device.token != original)
        // Later calls of the same client do not replace it again.
        await #expect(throws: MobileTokenError(.authenticationFailed, "")) { try await client.operations() }
        #expect(await api.listCalls == 3)
        #expect(await setup.double.exchanges.filter { $0.path == "/pa/v3/token/create" }.count == 1)
    }

    @Test("the server-synchronised clock: offset from a server time, half the round trip, requests 1 s behind")
    func serverClock() {
        let clock = ServerClock(now: { Date(timeIntervalSince1970: 1_000) })
        #expect(clock.offsetMillis == nil)
        #expect(clock.requestMillis() == 1_000_000 - 1_000)
        // Sent at 999.8 s, answered at 1000 s, the server stamped 1060.1 s half-way: offset 60.2 s.
        clock.learn(serverMillis: 1_060_100, sentMillis: 999_800, receivedMillis: 1_000_000)
        #expect(clock.offsetMillis == 60_200)
        #expect(clock.nowMillis() == 1_060_200)
        #expect(clock.requestMillis() == 1_059_200)
        #expect(clock.isOffsetLarge)
        clock.learn(serverMillis: 1_000_000, sentMillis: 1_000_000, receivedMillis: 1_000_000)
        #expect(!clock.isOffsetLarge)
    }

    @Test(
        "after a long round trip requests stay half of it behind: a server that stamped its answer late is not overtaken"
    )
    func serverClockAfterASlowExchange() {
        // Same clocks; sent at 980 s, answered at 1000 s, the server stamped 999 s (the request waited in a queue).
        let clock = ServerClock(now: { Date(timeIntervalSince1970: 1_000) })
        clock.learn(serverMillis: 999_000, sentMillis: 980_000, receivedMillis: 1_000_000)
        #expect(clock.offsetMillis == 9_000)
        #expect(clock.nowMillis() == 1_009_000)
        // 1 s behind would be 1008 s, ahead of the server's 1000 s (refused by a 2.x server); 10 s behind is not.
        #expect(clock.requestMillis() == 999_000)
        // A short round trip again: back to 1 s.
        clock.learn(serverMillis: 1_000_000, sentMillis: 999_900, receivedMillis: 1_000_000)
        #expect(clock.requestMillis() == 1_000_050 - 1_000)
    }
}
