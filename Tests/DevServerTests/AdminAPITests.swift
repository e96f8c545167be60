import DevServer
import Foundation
import MobileTokenAPI
import OfflineOperations
import PowerAuth
import Testing

@Suite("Admin API")
struct AdminAPITests {
    @Test("off by default: every /admin path is ERROR_NOT_FOUND")
    func offByDefault() async throws {
        let harness = try TestHarness(admin: false)
        for (method, path) in [("POST", "/admin/operations"), ("GET", "/admin/activations"), ("POST", "/admin/reset")] {
            let response = await harness.admin(method, path, #"{"data":"A1"}"#)
            #expect(response.status == 404)
            #expect(try TestHarness.errorCode(response) == "ERROR_NOT_FOUND")
        }
        #expect(harness.server.state.operations.isEmpty)
    }

    @Test("creation validates its input")
    func validation() async throws {
        let harness = try TestHarness()
        for body in [
            "{}", #"{"data":""}"#, #"{"data":"A1","expiresIn":0}"#,
            // A number that is no whole seconds count is refused, not taken as the default 300 s (issue 29, item 13).
            #"{"data":"A1","expiresIn":1e27}"#, #"{"data":"A1","expiresIn":2.5}"#,
            #"{"data":"A1","allowedSignatureType":{"type":"3FA","variants":[]}}"#,
            #"{"data":"A1","allowedSignatureType":{"type":"2FA","variants":["telepathy"]}}"#,
            #"{"data":"A1","activationId":"nobody"}"#, "[1]",
        ] {
            let response = await harness.admin("POST", "/admin/operations", body)
            #expect(response.status == 400, "\(body)")
        }
    }

    @Test("offline operation: the device's approval code is accepted once; a wrong one is counted")
    func offlineCode() async throws {
        let harness = try TestHarness()
        let response = await harness.admin(
            "POST", "/admin/offline-operations",
            #"{"data":"A1*A100CZK*ICZ2730300000001165254011*D20180425*Thello world","title":"Pay","message":"100 CZK","flags":"B"}"#
        )
        #expect(response.status == 200)
        let object = try #require(try TestHarness.json(response)["responseObject"] as? [String: Any])
        let payload = try #require(object["payload"] as? String)
        let id = try #require(object["id"] as? String)
        let operation = try OfflineOperation(payload)
        #expect(operation.operationId == id)
        #expect(operation.checkSignature(masterKey: nil, personalizedKey: try harness.device.serverKey()) == .valid)

        var device = harness.device
        let request = try OfflineApproval.request(
            operationId: operation.operationId, operationData: operation.operationData, totp: operation.totp,
            nonce: operation.nonce)
        let wrong = try OfflineApproval.code(
            request: request, factor: .knowledge, keys: device.factorKeys(password: "0000"),
            counter: device.signatureCounter())
        try device.advanceCounter()
        let code = try OfflineApproval.code(
            request: request, factor: .knowledge, keys: device.factorKeys(password: TestHarness.password),
            counter: device.signatureCounter())
        let refused = try TestHarness.json(
            await harness.admin("POST", "/admin/offline-operations/\(id)/verify", #"{"code":"\#(wrong)"}"#))
        let refusedView = try #require(refused["responseObject"] as? [String: Any])
        #expect(refusedView["accepted"] as? Bool == false)
        #expect(refusedView["failedAttempts"] as? Int == 1)
        let accepted = try TestHarness.json(
            await harness.admin("POST", "/admin/offline-operations/\(id)/verify", #"{"code":"\#(code)"}"#))
        let acceptedView = try #require(accepted["responseObject"] as? [String: Any])
        #expect(acceptedView["accepted"] as? Bool == true)
        #expect(acceptedView["signatureType"] as? String == "possession_knowledge")
        #expect(acceptedView["operationStatus"] as? String == "APPROVED")
        let again = await harness.admin("POST", "/admin/offline-operations/\(id)/verify", #"{"code":"\#(code)"}"#)
        #expect(try TestHarness.errorCode(again) == "OPERATION_ALREADY_FINISHED")
    }

    @Test("offline operation QR codes come back as PNG (Base64) or SVG; other formats are refused")
    func offlineQRCode() async throws {
        let harness = try TestHarness()
        let body = #"{"data":"A1*A100CZK*ICZ2730300000001165254011*D20180425*Thello","title":"Pay","message":"Now""#
        let png = try #require(
            try TestHarness.json(await harness.admin("POST", "/admin/offline-operations", body + #","qr":"png"}"#))[
                "responseObject"] as? [String: Any])
        let pngText = try #require(png["png"] as? String)
        let pngData = try #require(Data(base64Encoded: pngText))
        #expect(pngData.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let svg = try #require(
            try TestHarness.json(await harness.admin("POST", "/admin/offline-operations", body + #","qr":"svg"}"#))[
                "responseObject"] as? [String: Any])
        #expect((svg["svg"] as? String)?.contains("<svg") == true)
        #expect(await harness.admin("POST", "/admin/offline-operations", body + #","qr":"gif"}"#).status == 400)
    }

    @Test("reset drops operations and unblocks; counters stay")
    func reset() async throws {
        var harness = try TestHarness(maxFailedAttempts: 1)
        let id = try await harness.createOperation()
        _ = try await harness.authorize(id, data: "x", password: "0")
        #expect(try await harness.activationView()["status"] as? String == "BLOCKED")
        #expect(await harness.admin("POST", "/admin/reset").status == 200)
        #expect(harness.server.state.operations.isEmpty)
        let view = try await harness.activationView()
        #expect(view["status"] as? String == "ACTIVE")
        #expect(view["counter"] as? Int == 0)
        #expect(harness.server.state.activations[0].counters.ctrData != harness.devices[0].ctrData)
    }

    @Test("reset also empties the inbox and the push registrations")
    func resetInboxAndPush() async throws {
        let harness = try TestHarness()
        #expect(await harness.admin("POST", "/admin/inbox", #"{"subject":"S","body":"B"}"#).status == 200)
        let registered = try await harness.tokenCall(
            EndpointPaths.MobileToken.pushRegisterToken, body: #"{"requestObject":{"platform":"fcm","token":"t1"}}"#)
        #expect(registered.status == 200)
        #expect(harness.server.state.inbox.array.count == 1)
        #expect(harness.server.state.pushRegistrations.array.count == 1)
        let unread = try await harness.tokenCall(EndpointPaths.MobileToken.inboxCount)
        #expect((try TestHarness.json(unread)["responseObject"] as? [String: Any])?["countUnread"] as? Int == 1)

        #expect(await harness.admin("POST", "/admin/reset").status == 200)
        #expect(harness.server.state.inbox.isEmpty)
        #expect(harness.server.state.pushRegistrations.isEmpty)
        for path in ["/admin/inbox", "/admin/push"] {
            #expect(
                (try TestHarness.json(await harness.admin("GET", path))["responseObject"] as? [Any])?.isEmpty == true)
        }
        let after = try await harness.tokenCall(EndpointPaths.MobileToken.inboxCount)
        #expect((try TestHarness.json(after)["responseObject"] as? [String: Any])?["countUnread"] as? Int == 0)
    }
}
