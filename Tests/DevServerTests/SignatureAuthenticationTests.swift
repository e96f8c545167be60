import DevServer
import Foundation
import MobileTokenAPI
import OfflineOperations
import PowerAuth
import Testing

@Suite("X-PowerAuth-Authorization checks")
struct SignatureAuthenticationTests {
    static let data = "A1*A100CZK*Q238400856/0300**D20190629*NUtility"

    @Test("the right password approves; the counter advances")
    func accepted() async throws {
        var harness = try TestHarness()
        let id = try await harness.createOperation()
        let response = try await harness.authorize(id, data: Self.data)
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"status":"OK"}"#)
        let activation = try await harness.activationView()
        #expect(activation["counter"] as? Int == 1)
        #expect(activation["failedAttempts"] as? Int == 0)
        #expect(activation["lastSignatureType"] as? String == "possession_knowledge")
    }

    @Test("a wrong password: POWERAUTH_AUTH_FAIL, counted on the activation and the operation")
    func wrongPassword() async throws {
        var harness = try TestHarness()
        let id = try await harness.createOperation()
        let response = try await harness.authorize(id, data: Self.data, password: "9999")
        #expect(response.status == 401)
        #expect(try TestHarness.errorCode(response) == "POWERAUTH_AUTH_FAIL")
        #expect(try await harness.activationView()["failedAttempts"] as? Int == 1)
        #expect(try await harness.adminOperation(id)["failureCount"] as? Int == 1)
        // The right password afterwards still works (the device counter moved, inside the window).
        #expect(try await harness.authorize(id, data: Self.data).status == 200)
        #expect(try await harness.activationView()["failedAttempts"] as? Int == 0)
    }

    @Test("five wrong passwords block the activation; the right one is then refused")
    func blockedAfterLimit() async throws {
        var harness = try TestHarness()
        var ids: [String] = []
        for _ in 0..<6 { ids.append(try await harness.createOperation()) }
        for attempt in 1...5 {
            let response = try await harness.authorize(ids[attempt - 1], data: Self.data, password: "0000")
            #expect(response.status == 401)
            #expect(try await harness.activationView()["failedAttempts"] as? Int == attempt)
        }
        #expect(try await harness.activationView()["status"] as? String == "BLOCKED")
        let refused = try await harness.authorize(ids[5], data: Self.data)
        #expect(refused.status == 401)
        #expect(try TestHarness.errorCode(refused) == "POWERAUTH_AUTH_FAIL")
        // The admin API unblocks.
        #expect(await harness.admin("POST", "/admin/activations/\(harness.device.activationId)/unblock").status == 200)
        #expect(try await harness.authorize(ids[5], data: Self.data).status == 200)
    }

    @Test("a failed possession signature is not counted as a failed attempt")
    func possessionFailureNotCounted() async throws {
        let harness = try TestHarness()
        let id = try await harness.createOperation()
        var bad = harness
        bad.devices[0].possessionKey = Data(repeating: 1, count: 16)
        let response = try await bad.reject(id)
        #expect(response.status == 401)
        #expect(try await harness.activationView()["failedAttempts"] as? Int == 0)
    }

    @Test("signatures within the look-ahead window are accepted, beyond it refused")
    func lookAhead() async throws {
        var harness = try TestHarness()
        let first = try await harness.createOperation()
        for _ in 0..<19 { try harness.devices[0].advanceCounter() }
        #expect(try await harness.authorize(first, data: Self.data).status == 200)
        #expect(try await harness.activationView()["counter"] as? Int == 20)
        let second = try await harness.createOperation()
        for _ in 0..<20 { try harness.devices[0].advanceCounter() }
        #expect(try await harness.authorize(second, data: Self.data).status == 401)
    }

    @Test("a tampered body, another uriId or a signature type the endpoint refuses fails")
    func tampering() async throws {
        var harness = try TestHarness()
        let id = try await harness.createOperation()
        let body = #"{"requestObject":{"id":"\#(id)","data":"\#(Self.data)"}}"#
        let header = try await harness.signatureHeader(uriId: "/operation/authorize", body: body)
        let tampered = await harness.server.respond(
            to: TestRequest(
                method: "POST", path: EndpointPaths.MobileToken.operationAuthorize,
                headers: [AuthorizationHeader.name: header],
                body: Data(body.replacingOccurrences(of: "Utility", with: "Utilitx").utf8)))
        #expect(tampered.status == 401)
        let otherURI = try await harness.signedCall(
            EndpointPaths.MobileToken.operationAuthorize, uriId: "/operation/cancel", body: body)
        #expect(otherURI.status == 401)
        let history = try await harness.signedCall(
            EndpointPaths.MobileToken.operationHistory, uriId: "/operation/history", body: "{}", type: .possession)
        #expect(history.status == 401)
        #expect(try TestHarness.errorCode(history) == "POWERAUTH_AUTH_FAIL")
    }

    @Test("the echo endpoint verifies the signature and echoes the request object")
    func echo() async throws {
        var harness = try TestHarness()
        let body = #"{"requestObject":{"hello":"world","n":[1,2.5,true,null]}}"#
        let response = try await harness.signedCall(EndpointPaths.MobileToken.echo, uriId: "/custom/echo", body: body)
        #expect(response.status == 200)
        let object = try TestHarness.json(response)
        let echoed = try #require(object["responseObject"] as? [String: Any])
        #expect(echoed["hello"] as? String == "world")
        #expect((echoed["n"] as? [Any])?.count == 4)
        #expect(response.header("X-PowerAuth-Signature-Type") == "possession_knowledge")
        let wrong = try await harness.signedCall(EndpointPaths.MobileToken.echo, uriId: "/custom/other", body: body)
        #expect(wrong.status == 401)
    }
}
