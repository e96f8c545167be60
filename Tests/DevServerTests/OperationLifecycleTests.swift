import DevServer
import Foundation
import MobileTokenAPI
import OfflineOperations
import PowerAuth
import Testing

@Suite("Operation lifecycle")
struct OperationLifecycleTests {
    static let data = "A1*A100CZK*Q238400856/0300**D20190629*NUtility"

    func status(_ harness: TestHarness, _ id: String) async throws -> String? {
        let response = try await harness.tokenCall(
            EndpointPaths.MobileToken.operationDetail, body: #"{"requestObject":{"id":"\#(id)"}}"#)
        let object = try #require(try TestHarness.json(response)["responseObject"] as? [String: Any])
        return object["status"] as? String
    }

    @Test("approved: a second approval or a rejection answers OPERATION_ALREADY_FINISHED")
    func approvedThenFinished() async throws {
        var harness = try TestHarness()
        let id = try await harness.createOperation()
        #expect(try await harness.authorize(id, data: Self.data).status == 200)
        await #expect(try status(harness, id) == "APPROVED")
        let again = try await harness.authorize(id, data: Self.data)
        #expect(again.status == 400)
        #expect(try TestHarness.errorCode(again) == "OPERATION_ALREADY_FINISHED")
        #expect(try TestHarness.errorCode(await harness.reject(id)) == "OPERATION_ALREADY_FINISHED")
        let list = try TestHarness.json(await harness.tokenCall(EndpointPaths.MobileToken.operationList))
        #expect((list["responseObject"] as? [Any])?.isEmpty == true)
    }

    @Test("rejected keeps the reason; approval is then refused")
    func rejected() async throws {
        var harness = try TestHarness()
        let id = try await harness.createOperation()
        #expect(try await harness.reject(id, reason: "POSSIBLE_FRAUD").status == 200)
        let detail = try #require(
            try TestHarness.json(
                await harness.tokenCall(
                    EndpointPaths.MobileToken.operationDetail, body: #"{"requestObject":{"id":"\#(id)"}}"#))[
                    "responseObject"] as? [String: Any])
        #expect(detail["status"] as? String == "REJECTED")
        #expect(detail["statusReason"] as? String == "POSSIBLE_FRAUD")
        #expect(try TestHarness.errorCode(await harness.authorize(id, data: Self.data)) == "OPERATION_ALREADY_FINISHED")
    }

    @Test("a rejection needs a possession signature")
    func rejectNeedsPossession() async throws {
        var harness = try TestHarness()
        let id = try await harness.createOperation()
        let response = try await harness.reject(id, type: .possessionKnowledge)
        #expect(response.status == 401)
        await #expect(try status(harness, id) == "PENDING")
    }

    @Test("expiry follows the injected clock: EXPIRED, gone from the list, OPERATION_EXPIRED")
    func expired() async throws {
        var harness = try TestHarness()
        let id = try await harness.createOperation(#","expiresIn":60"#)
        harness.clock.advance(by: 59)
        await #expect(try status(harness, id) == "PENDING")
        harness.clock.advance(by: 2)
        let list = try TestHarness.json(await harness.tokenCall(EndpointPaths.MobileToken.operationList))
        #expect((list["responseObject"] as? [Any])?.isEmpty == true)
        await #expect(try status(harness, id) == "EXPIRED")
        let response = try await harness.authorize(id, data: Self.data)
        #expect(response.status == 400)
        #expect(try TestHarness.errorCode(response) == "OPERATION_EXPIRED")
    }

    @Test("canceled by the server: OPERATION_ALREADY_CANCELED")
    func canceled() async throws {
        var harness = try TestHarness()
        let id = try await harness.createOperation()
        #expect(await harness.admin("POST", "/admin/operations/\(id)/cancel").status == 200)
        await #expect(try status(harness, id) == "CANCELED")
        #expect(try TestHarness.errorCode(await harness.authorize(id, data: Self.data)) == "OPERATION_ALREADY_CANCELED")
    }

    @Test("failed after maxFailureCount bad attempts: OPERATION_ALREADY_FAILED even with a good signature")
    func failed() async throws {
        var harness = try TestHarness()
        let id = try await harness.createOperation(#","maxFailureCount":2"#)
        #expect(
            try TestHarness.errorCode(await harness.authorize(id, data: Self.data, password: "1"))
                == "POWERAUTH_AUTH_FAIL")
        let mismatch = try await harness.authorize(id, data: "A1*A999CZK")
        #expect(mismatch.status == 401)
        #expect(try TestHarness.errorCode(mismatch) == "OPERATION_FAILED")
        await #expect(try status(harness, id) == "FAILED")
        let late = try await harness.authorize(id, data: Self.data)
        #expect(late.status == 400)
        #expect(try TestHarness.errorCode(late) == "OPERATION_ALREADY_FAILED")
    }

    @Test("1FA operations accept possession; 2FA ones refuse it with OPERATION_FAILED")
    func allowedSignatureTypes() async throws {
        var harness = try TestHarness()
        let oneFactor = try await harness.createOperation(#","allowedSignatureType":{"type":"1FA","variants":[]}"#)
        #expect(try await harness.authorize(oneFactor, data: Self.data, type: .possession).status == 200)
        let twoFactor = try await harness.createOperation()
        let refused = try await harness.authorize(twoFactor, data: Self.data, type: .possession)
        #expect(try TestHarness.errorCode(refused) == "OPERATION_FAILED")
        #expect(try await harness.authorize(twoFactor, data: Self.data, type: .possessionBiometry).status == 200)
    }

    @Test("proximity: authorize needs the current TOTP")
    func proximity() async throws {
        var harness = try TestHarness()
        let seed = Data(repeating: 3, count: 16)
        let id = try await harness.createOperation(
            #","proximityCheck":{"seed":"\#(seed.base64EncodedString())","step":30}"#)
        let missing = try await harness.authorize(id, data: Self.data)
        #expect(try TestHarness.errorCode(missing) == "OPERATION_FAILED")
        let otp = try TOTP.code(
            seed: seed, unixTime: Int64(harness.clock.now.timeIntervalSince1970), step: 30, digits: 8)
        let body =
            #"{"requestObject":{"id":"\#(id)","data":"\#(Self.data)","proximityCheck":{"otp":"\#(otp)","type":"QR_CODE"}}}"#
        #expect(
            try await harness.signedCall(
                EndpointPaths.MobileToken.operationAuthorize, uriId: "/operation/authorize", body: body
            ).status
                == 200)
    }

    @Test("claim assigns an unassigned operation; another user then cannot see it")
    func claim() async throws {
        var harness = try TestHarness(activations: 2)
        let id = try await harness.createOperation()
        let body = #"{"requestObject":{"id":"\#(id)"}}"#
        #expect(
            (try TestHarness.json(await harness.tokenCall(EndpointPaths.MobileToken.operationList, device: 0))[
                "responseObject"] as? [Any])?
                .isEmpty == true)
        #expect(
            try await harness.tokenCall(EndpointPaths.MobileToken.operationClaim, body: body, device: 1).status == 200)
        let list = try TestHarness.json(await harness.tokenCall(EndpointPaths.MobileToken.operationList, device: 1))
        #expect((list["responseObject"] as? [[String: Any]])?.first?["id"] as? String == id)
        let other = try await harness.tokenCall(EndpointPaths.MobileToken.operationDetail, body: body, device: 0)
        #expect(try TestHarness.errorCode(other) == "INVALID_OPERATION")
        #expect(try await harness.authorize(id, data: Self.data, device: 0).status == 400)
        #expect(try await harness.authorize(id, data: Self.data, device: 1).status == 200)
    }

    @Test("history lists every status with a 2FA signature")
    func history() async throws {
        var harness = try TestHarness()
        let approved = try await harness.createOperation()
        let rejected = try await harness.createOperation()
        let pending = try await harness.createOperation()
        _ = try await harness.authorize(approved, data: Self.data)
        _ = try await harness.reject(rejected)
        let response = try await harness.signedCall(
            EndpointPaths.MobileToken.operationHistory, uriId: "/operation/history", body: "{}")
        #expect(response.status == 200)
        let list = try #require(try TestHarness.json(response)["responseObject"] as? [[String: Any]])
        let statuses = Dictionary(
            uniqueKeysWithValues: list.map { ($0["id"] as? String ?? "", $0["status"] as? String ?? "") })
        #expect(statuses == [approved: "APPROVED", rejected: "REJECTED", pending: "PENDING"])
        #expect(try TestHarness.json(response)["currentTimestamp"] == nil)
    }

    @Test("bad requests: unknown path, GET, missing id, not JSON")
    func badRequests() async throws {
        let harness = try TestHarness()
        let unknown = await harness.server.respond(to: TestRequest(method: "POST", path: "/api/nope"))
        #expect(unknown.status == 404)
        #expect(try TestHarness.errorCode(unknown) == "ERROR_NOT_FOUND")
        await #expect(
            harness.server.respond(to: TestRequest(method: "GET", path: EndpointPaths.MobileToken.operationList))
                .status == 404)
        let missing = try await harness.tokenCall(
            EndpointPaths.MobileToken.operationDetail, body: #"{"requestObject":{}}"#)
        #expect(missing.status == 400)
        #expect(try TestHarness.errorCode(missing) == "INVALID_REQUEST")
        #expect(
            try TestHarness.errorCode(await harness.tokenCall(EndpointPaths.MobileToken.operationDetail, body: "nope"))
                == "INVALID_REQUEST")
        #expect(
            try TestHarness.errorCode(
                await harness.tokenCall(
                    EndpointPaths.MobileToken.operationDetail, body: #"{"requestObject":{"id":"x"}}"#))
                == "INVALID_OPERATION")
    }
}
