import DevServer
import Foundation
import MobileTokenAPI
import OfflineOperations
import PowerAuth
import Testing

@Suite("Back-office operations and templates (/rest/v3/operation)")
struct BackOfficeOperationTests {
    static let template =
        #"{"templateName":"payment","operationType":"authorize_payment","dataTemplate":"A1*A${amount}CZK*I${iban}","#
        + #""signatureType":["POSSESSION_KNOWLEDGE","POSSESSION_BIOMETRY"],"maxFailureCount":2,"expiration":300}"#

    static func harness(activations: Int = 1, statePath: String? = nil) async throws -> TestHarness {
        let harness = try TestHarness(
            activations: activations, statePath: statePath, backOffice: BackOfficeConfiguration())
        _ = try await harness.restObject("operation/template/create", template)
        return harness
    }

    static func create(
        _ harness: TestHarness, user: String = "alice", extra: String = ""
    ) async throws -> [String: Any] {
        try await harness.restObject(
            "operation/create",
            #"{"userId":"\#(user)","applications":["demo-app"],"templateName":"payment","#
                + #""parameters":{"amount":"100","iban":"CZ123"}\#(extra)}"#)
    }

    static func code(_ response: TestResponse) throws -> String? { try TestHarness.errorCode(response) }

    @Test("template create, list and detail; a second template of the same name is ERR0039")
    func templates() async throws {
        let harness = try await Self.harness()
        let list = try TestHarness.json(await harness.rest("operation/template/list"))
        let templates = try #require(list["responseObject"] as? [[String: Any]])
        #expect(templates.count == 1)
        #expect(templates.first?["templateName"] as? String == "payment")
        #expect(templates.first?["signatureType"] as? [String] == ["POSSESSION_KNOWLEDGE", "POSSESSION_BIOMETRY"])
        let id = try #require(templates.first?["id"] as? Int)
        let detail = try await harness.restObject("operation/template/detail", #"{"id":\#(id)}"#)
        #expect(detail["dataTemplate"] as? String == "A1*A${amount}CZK*I${iban}")
        #expect(detail["proximityCheckEnabled"] as? Bool == false)
        let again = await harness.rest("operation/template/create", #"{"requestObject":\#(Self.template)}"#)
        #expect(again.status == 400)
        #expect(try Self.code(again) == "ERR0039")
        #expect(
            try Self.code(await harness.rest("operation/template/detail", #"{"requestObject":{"id":99}}"#)) == "ERR0033"
        )
    }

    @Test(
        "template create refuses bad input",
        arguments: [
            (#"{"templateName":"x"}"#, "ERR0024"),
            (
                #"{"templateName":"","operationType":"t","dataTemplate":"d","signatureType":["POSSESSION"],"maxFailureCount":5,"expiration":60}"#,
                "ERR0024"
            ),
            (
                #"{"templateName":"x","operationType":"t","dataTemplate":"d","signatureType":["TELEPATHY"],"maxFailureCount":5,"expiration":60}"#,
                "ERROR_HTTP_REQUEST"
            ),
            (
                #"{"templateName":"x","operationType":"t","dataTemplate":"d","signatureType":[],"maxFailureCount":5,"expiration":60}"#,
                "ERR0024"
            ),
            (
                #"{"templateName":"x","operationType":"t","dataTemplate":"d","signatureType":["POSSESSION"],"maxFailureCount":0,"expiration":60}"#,
                "ERR0024"
            ),
            (
                #"{"templateName":"x","operationType":"t","dataTemplate":"d","signatureType":["POSSESSION"],"maxFailureCount":5,"expiration":-1}"#,
                "ERR0024"
            ),
            (
                #"{"templateName":"x","operationType":"t","dataTemplate":"d","signatureType":["KNOWLEDGE"],"maxFailureCount":5,"expiration":60}"#,
                "ERR0042"
            ),
        ])
    func templateValidation(body: String, code: String) async throws {
        let harness = try TestHarness(backOffice: BackOfficeConfiguration())
        let response = await harness.rest("operation/template/create", #"{"requestObject":\#(body)}"#)
        #expect(response.status == 400)
        #expect(try Self.code(response) == code, "\(body)")
        #expect(harness.server.state.templates.isEmpty)
    }

    @Test("operation create fills ${param} from parameters and takes the template's settings")
    func create() async throws {
        let harness = try await Self.harness()
        let operation = try await Self.create(harness, extra: #","externalId":"ext-1","additionalData":{"k":1}"#)
        #expect(operation["status"] as? String == "PENDING")
        #expect(operation["data"] as? String == "A1*A100CZK*ICZ123")
        #expect(operation["operationType"] as? String == "authorize_payment")
        #expect(operation["templateName"] as? String == "payment")
        #expect(operation["applications"] as? [String] == ["demo-app"])
        #expect(operation["userId"] as? String == "alice")
        #expect(operation["externalId"] as? String == "ext-1")
        #expect(operation["maxFailureCount"] as? Int == 2)
        #expect(operation["failureCount"] as? Int == 0)
        #expect(operation["timestampFinalized"] == nil)
        #expect(operation["signatureType"] as? [String] == ["POSSESSION_KNOWLEDGE", "POSSESSION_BIOMETRY"])
        #expect((operation["additionalData"] as? [String: Any])?["k"] as? Int == 1)
        let created = try #require(operation["timestampCreated"] as? String)
        let expires = try #require(operation["timestampExpires"] as? String)
        #expect(created == "2023-11-14T22:13:20.000+00:00")
        #expect(expires == "2023-11-14T22:18:20.000+00:00")
        #expect(Self.fillCheck())
    }

    static func fillCheck() -> Bool {
        BackOfficeService.fill("a${x}b${y}c${", with: ["x": "1"]) == "a1b${y}c${"
    }

    @Test(
        "operation create refuses bad input",
        arguments: [
            (#"{"userId":"alice","templateName":"payment"}"#, "ERR0024"),
            (#"{"userId":"alice","applications":[],"templateName":"payment"}"#, "ERR0024"),
            (#"{"userId":"alice","applications":["a"],"templateName":"nope"}"#, "ERR0033"),
            (#"{"userId":"alice","applications":["a"],"templateName":"payment","activationId":"nobody"}"#, "ERR0024"),
            (
                #"{"userId":"alice","applications":["a"],"templateName":"payment","parameters":{"amount":"1\u001b[0m"}}"#,
                "ERR0024"
            ),
            (
                #"{"userId":"alice","applications":["a"],"templateName":"payment","timestampExpires":"2001-01-01T00:00:00Z"}"#,
                "ERR0024"
            ),
            (
                #"{"userId":"alice","applications":["a"],"templateName":"payment","timestampExpires":"soon"}"#,
                "ERROR_HTTP_REQUEST"
            ),
            (#"{"userId":"alice","applications":"a","templateName":"payment"}"#, "ERROR_HTTP_REQUEST"),
        ])
    func createValidation(body: String, code: String) async throws {
        let harness = try await Self.harness()
        let response = await harness.rest("operation/create", #"{"requestObject":\#(body)}"#)
        #expect(response.status == 400)
        #expect(try Self.code(response) == code, "\(body)")
        #expect(harness.server.state.operations.isEmpty)
    }

    @Test("an operation created here is listed and approved through the Mobile Token API, then reads APPROVED")
    func mobileTokenApproval() async throws {
        var harness = try await Self.harness()
        let operation = try await Self.create(harness)
        let id = try #require(operation["id"] as? String)
        let list = try TestHarness.json(await harness.tokenCall(EndpointPaths.MobileToken.operationList))
        let listed = try #require(list["responseObject"] as? [[String: Any]])
        #expect(listed.map { $0["id"] as? String } == [id])
        #expect(listed.first?["name"] as? String == "authorize_payment")
        #expect(
            (listed.first?["allowedSignatureType"] as? [String: Any])?["variants"] as? [String] == [
                "possession_knowledge", "possession_biometry",
            ])
        let approved = try await harness.authorize(id, data: "A1*A100CZK*ICZ123")
        #expect(approved.status == 200)
        let detail = try await harness.restObject("operation/detail", #"{"operationId":"\#(id)"}"#)
        #expect(detail["status"] as? String == "APPROVED")
        #expect(detail["timestampFinalized"] as? String == "2023-11-14T22:13:20.000+00:00")
        #expect(detail["activationId"] as? String == harness.device.activationId)
        let cancel = await harness.rest("operation/cancel", #"{"requestObject":{"operationId":"\#(id)"}}"#)
        #expect(cancel.status == 400)
        #expect(try Self.code(cancel) == "ERR0036")
    }

    @Test("cancel: PENDING becomes CANCELED with its reason, and the phone then sees it canceled")
    func cancel() async throws {
        var harness = try await Self.harness()
        let id = try #require(try await Self.create(harness)["id"] as? String)
        let canceled = try await harness.restObject(
            "operation/cancel", #"{"operationId":"\#(id)","statusReason":"BANK_DECIDED"}"#)
        #expect(canceled["status"] as? String == "CANCELED")
        #expect(canceled["statusReason"] as? String == "BANK_DECIDED")
        #expect(canceled["timestampFinalized"] == nil, "the real server sets no timestampFinalized on cancel")
        let approve = try await harness.authorize(id, data: "A1*A100CZK*ICZ123")
        #expect(try TestHarness.errorCode(approve) == "OPERATION_ALREADY_CANCELED")
        let again = await harness.rest("operation/cancel", #"{"requestObject":{"operationId":"\#(id)"}}"#)
        #expect(try Self.code(again) == "ERR0036")
        for body in [#"{"requestObject":{"operationId":"nope"}}"#, #"{"requestObject":{"operationId":""}}"#] {
            let response = await harness.rest("operation/cancel", body)
            #expect(try Self.code(response) == (body.contains("nope") ? "ERR0034" : "ERR0024"))
        }
        #expect(
            try Self.code(await harness.rest("operation/detail", #"{"requestObject":{"operationId":"nope"}}"#))
                == "ERR0034")
    }

    @Test("a wrong approval counts against the template's maxFailureCount; at the limit the operation is FAILED")
    func maxFailureCount() async throws {
        var harness = try await Self.harness()
        let id = try #require(try await Self.create(harness)["id"] as? String)
        for _ in 0..<2 {
            let wrong = try await harness.authorize(id, data: "A1*A999CZK*ICZ123")
            #expect(try TestHarness.errorCode(wrong) == "OPERATION_FAILED")
        }
        let detail = try await harness.restObject("operation/detail", #"{"operationId":"\#(id)"}"#)
        #expect(detail["status"] as? String == "FAILED")
        #expect(detail["failureCount"] as? Int == 2)
    }

    @Test("a PENDING operation past its expiry reads EXPIRED, in detail and in the list")
    func expiry() async throws {
        let harness = try await Self.harness()
        let id = try #require(try await Self.create(harness)["id"] as? String)
        harness.clock.advance(by: 301)
        let pending = try TestHarness.json(
            await harness.rest("operation/list/pending", #"{"requestObject":{"userId":"alice"}}"#))
        #expect((pending["responseObject"] as? [Any])?.isEmpty == true)
        let detail = try await harness.restObject("operation/detail", #"{"operationId":"\#(id)"}"#)
        #expect(detail["status"] as? String == "EXPIRED")
        #expect(detail["timestampFinalized"] as? String == "2023-11-14T22:18:21.000+00:00")
    }

    @Test("list: the user's operations newest first, filtered by application, paged; pending only on /list/pending")
    func list() async throws {
        let harness = try await Self.harness()
        let first = try #require(try await Self.create(harness)["id"] as? String)
        harness.clock.advance(by: 1)
        let second = try #require(try await Self.create(harness)["id"] as? String)
        _ = try await Self.create(harness, user: "bob")
        _ = try await harness.restObject("operation/cancel", #"{"operationId":"\#(first)"}"#)
        func ids(_ path: String, _ body: String) async throws -> [String] {
            let response = await harness.rest(path, #"{"requestObject":\#(body)}"#)
            let list = try #require(try TestHarness.json(response)["responseObject"] as? [[String: Any]])
            return list.compactMap { $0["id"] as? String }
        }
        #expect(try await ids("operation/list", #"{"userId":"alice"}"#) == [second, first])
        #expect(try await ids("operation/list/pending", #"{"userId":"alice"}"#) == [second])
        #expect(try await ids("operation/list", #"{"userId":"alice","applications":["other"]}"#) == [])
        #expect(try await ids("operation/list", #"{"userId":"alice","pageNumber":1,"pageSize":1}"#) == [first])
        #expect(try await ids("operation/list", #"{"userId":"carol"}"#) == [])
        let badPage = await harness.rest("operation/list", #"{"requestObject":{"userId":"alice","pageSize":0}}"#)
        #expect(try Self.code(badPage) == "ERR0024")
        #expect(try Self.code(await harness.rest("operation/list", #"{"requestObject":{}}"#)) == "ERR0024")
    }

    @Test("detail with userId claims a non-personalized operation; another user then does not find it")
    func claim() async throws {
        let harness = try await Self.harness()
        let operation = try await harness.restObject(
            "operation/create", #"{"applications":["demo-app"],"templateName":"payment"}"#)
        let id = try #require(operation["id"] as? String)
        #expect(operation["userId"] == nil)
        #expect(operation["data"] as? String == "A1*A${amount}CZK*I${iban}")
        let claimed = try await harness.restObject("operation/detail", #"{"operationId":"\#(id)","userId":"alice"}"#)
        #expect(claimed["userId"] as? String == "alice")
        let other = await harness.rest(
            "operation/detail", #"{"requestObject":{"operationId":"\#(id)","userId":"bob"}}"#)
        #expect(try Self.code(other) == "ERR0034")
    }

    @Test("a proximity-checked operation shows the current proximity OTP, which approves it")
    func proximity() async throws {
        var harness = try await Self.harness()
        let operation = try await Self.create(harness, extra: #","proximityCheckEnabled":true"#)
        let id = try #require(operation["id"] as? String)
        let otp = try #require(operation["proximityOtp"] as? String)
        #expect(otp.count == 8)
        let body =
            #"{"requestObject":{"id":"\#(id)","data":"A1*A100CZK*ICZ123","proximityCheck":{"otp":"\#(otp)","type":"QR_CODE","timestampRequested":"2023-11-14T22:13:20Z","timestampSigned":"2023-11-14T22:13:21Z"}}}"#
        let response = try await harness.signedCall(
            EndpointPaths.MobileToken.operationAuthorize, uriId: "/operation/authorize", body: body)
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        let detail = try await harness.restObject("operation/detail", #"{"operationId":"\#(id)"}"#)
        #expect(detail["status"] as? String == "APPROVED")
        #expect(detail["proximityOtp"] == nil)
    }

    @Test("templates and back-office operations survive a restart through the state file")
    func persistence() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("state.json").path
        let harness = try await Self.harness(statePath: path)
        let id = try #require(try await Self.create(harness)["id"] as? String)
        _ = try await harness.restObject("operation/cancel", #"{"operationId":"\#(id)","statusReason":"X"}"#)
        let reloaded = try DevServerState.load(statePath: path, activationPaths: [])
        #expect(reloaded.templates.map(\.templateName) == ["payment"])
        let record = try #require(reloaded.operations.first { $0.id == id })
        #expect(record.status == .canceled)
        #expect(record.backOffice?.userId == "alice")
        #expect(record.backOffice?.parameters == ["amount": "100", "iban": "CZ123"])
    }
}

@Suite("/admin operations on the back-office store")
struct AdminAliasTests {
    @Test("an /admin operation reads in /rest/v3 detail; /admin cancel is the same transition as /rest/v3 cancel")
    func adminAlias() async throws {
        let harness = try TestHarness(backOffice: BackOfficeConfiguration())
        let first = try await harness.createOperation()
        let detail = try await harness.restObject("operation/detail", #"{"operationId":"\#(first)"}"#)
        #expect(detail["status"] as? String == "PENDING")
        #expect(detail["signatureType"] as? [String] == ["POSSESSION_KNOWLEDGE", "POSSESSION_BIOMETRY"])
        #expect(detail["activationId"] as? String == harness.device.activationId)
        let canceled = await harness.admin("POST", "/admin/operations/\(first)/cancel")
        #expect(canceled.status == 200)
        let after = try await harness.restObject("operation/detail", #"{"operationId":"\#(first)"}"#)
        #expect(after["status"] as? String == "CANCELED")
        let twiceAdmin = await harness.admin("POST", "/admin/operations/\(first)/cancel")
        #expect(try TestHarness.errorCode(twiceAdmin) == "OPERATION_ALREADY_CANCELED")
        let second = try await harness.createOperation()
        _ = try await harness.restObject("operation/cancel", #"{"operationId":"\#(second)"}"#)
        let view = try await harness.adminOperation(second)
        #expect((view["operation"] as? [String: Any])?["status"] as? String == "CANCELED")
    }
}

@Suite("Back-office changes under the store's lock")
struct BackOfficeConcurrencyTests {
    @Test("parallel creates and cancels lose nothing: memory and the reloaded state file agree")
    func parallelCreatesAndCancels() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bo-par-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("state.json").path
        let harness = try await BackOfficeOperationTests.harness(statePath: path)
        let ids = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    let created = try await BackOfficeOperationTests.create(harness)
                    let id = try #require(created["id"] as? String)
                    _ = try await harness.restObject("operation/cancel", #"{"operationId":"\#(id)"}"#)
                    return id
                }
            }
            var ids: [String] = []
            for try await id in group { ids.append(id) }
            return ids
        }
        #expect(Set(ids).count == 40)
        let memory = harness.server.state.operations
        #expect(memory.count == 40 && memory.allSatisfy { $0.status == .canceled })
        let reloaded = try DevServerState.load(statePath: path, activationPaths: [])
        #expect(reloaded.operations.array == memory.array)
        #expect(reloaded.templates.count == 1)
    }
}

@Suite("Back-office user actions (/rest/v3/operation/approve, /approve/fail, /reject)")
struct BackOfficeUserActionTests {
    static func approve(
        _ harness: TestHarness, _ id: String, data: String = "A1*A100CZK*ICZ123", user: String = "alice"
    )
        async -> TestResponse
    {
        await harness.rest(
            "operation/approve",
            #"{"requestObject":{"operationId":"\#(id)","userId":"\#(user)","applicationId":"demo-app","data":"\#(data)","#
                + #""signatureType":"POSSESSION_KNOWLEDGE","additionalData":{"device":"test"}}}"#)
    }

    static func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(try TestHarness.json(response)["responseObject"] as? [String: Any])
    }

    @Test("approve: matching data, user and factor approve; a mismatch counts; at the maximum OPERATION_FAILED")
    func approve() async throws {
        let harness = try await BackOfficeOperationTests.harness()
        let first = try #require(try await BackOfficeOperationTests.create(harness)["id"] as? String)
        let approved = try Self.object(await Self.approve(harness, first))
        #expect(approved["result"] as? String == "APPROVED")
        let operation = try #require(approved["operation"] as? [String: Any])
        #expect(operation["status"] as? String == "APPROVED")
        #expect((operation["additionalData"] as? [String: Any])?["device"] as? String == "test")
        let again = await Self.approve(harness, first)
        #expect(try TestHarness.errorCode(again) == "ERR0037")
        #expect(try TestHarness.errorCode(await Self.approve(harness, "nope")) == "ERR0037")

        let second = try #require(try await BackOfficeOperationTests.create(harness)["id"] as? String)
        let wrongData = try Self.object(await Self.approve(harness, second, data: "A1*A999CZK"))
        #expect(wrongData["result"] as? String == "APPROVAL_FAILED")
        let wrongUser = try Self.object(await Self.approve(harness, second, user: "mallory"))
        #expect(wrongUser["result"] as? String == "OPERATION_FAILED")
        #expect((wrongUser["operation"] as? [String: Any])?["status"] as? String == "FAILED")
    }

    @Test("approve/fail counts failures up to FAILED; reject by another user changes nothing, by the user REJECTED")
    func failAndReject() async throws {
        let harness = try await BackOfficeOperationTests.harness()
        let first = try #require(try await BackOfficeOperationTests.create(harness)["id"] as? String)
        let body = #"{"requestObject":{"operationId":"\#(first)"}}"#
        #expect(
            try Self.object(await harness.rest("operation/approve/fail", body))["result"] as? String
                == "APPROVAL_FAILED")
        #expect(
            try Self.object(await harness.rest("operation/approve/fail", body))["result"] as? String
                == "OPERATION_FAILED")
        #expect(try TestHarness.errorCode(await harness.rest("operation/approve/fail", body)) == "ERR0036")
        let unknown = await harness.rest("operation/approve/fail", #"{"requestObject":{"operationId":"nope"}}"#)
        #expect(try TestHarness.errorCode(unknown) == "ERR0034")

        let second = try #require(try await BackOfficeOperationTests.create(harness)["id"] as? String)
        func reject(_ user: String) async throws -> [String: Any] {
            try Self.object(
                await harness.rest(
                    "operation/reject",
                    #"{"requestObject":{"operationId":"\#(second)","userId":"\#(user)","applicationId":"demo-app"}}"#))
        }
        let refused = try await reject("mallory")
        #expect(refused["result"] as? String == "REJECT_FAILED")
        #expect((refused["operation"] as? [String: Any])?["status"] as? String == "PENDING")
        let rejected = try await reject("alice")
        #expect(rejected["result"] as? String == "REJECTED")
        #expect((rejected["operation"] as? [String: Any])?["status"] as? String == "REJECTED")
        let late = await harness.rest(
            "operation/reject",
            #"{"requestObject":{"operationId":"\#(second)","userId":"alice","applicationId":"demo-app"}}"#)
        #expect(try TestHarness.errorCode(late) == "ERR0038")
    }
}
