import DevServer
import Foundation
import HTTPTypes
import MobileTokenAPI
import OfflineOperations
import OperationsSync
import PowerAuth
import QRAuthEncoding
import Testing

/// Inbox, push registration, mobileTokenData and activation spawn: the library's client against the real DevServer
/// over HTTPS, every call and every error.
@Suite("Inbox, push, mobileTokenData, spawn ↔ DevServer over HTTPS", .timeLimit(.minutes(3)))
struct MobileTokenInboxLiveTests {
    typealias Setup = EncryptedEndpointLiveTests.Setup

    /// An admin call in process; the answer's `responseObject`.
    @discardableResult
    static func admin(
        _ server: DevServer, _ method: String, _ path: String, _ body: String = "", status: Int = 200
    ) async throws -> JSONValue? {
        let response = await server.respond(
            to: TestRequest(method: method, path: path, headers: [:], body: Data(body.utf8)))
        #expect(response.status == status, "\(method) \(path): \(String(decoding: response.body, as: UTF8.self))")
        return try JSONDecoder().decode(JSONValue.self, from: response.body)["responseObject"]
    }

    /// The server error code of a failed call.
    static func serverCode(_ body: () async throws -> Void) async -> String? {
        do {
            try await body()
            return nil
        } catch let error as MobileTokenError {
            return error.serverCode ?? error.code.rawValue
        } catch {
            return "\(error)"
        }
    }

    @Test("inbox: the back office fills it; count, list (pages, unread), detail, read, read-all; errors")
    func inbox() async throws {
        let setup = try await Setup(version: .v33)
        defer { Task { await setup.stop() } }
        let client = setup.client
        #expect(try await client.inboxCount() == 0)
        var ids: [String] = []
        for number in 1...3 {
            let created = try await Self.admin(
                setup.server, "POST", "/admin/inbox",
                #"{"userId":"alice","subject":"Message \#(number)","body":"<p>Body \#(number)</p>","type":"html"}"#)
            ids.append(try #require(created?["message"]?["id"]?.stringValue))
        }
        // Another user's message is not in alice's inbox.
        try await Self.admin(setup.server, "POST", "/admin/inbox", #"{"userId":"bob","subject":"B","body":"b"}"#)
        #expect(try await client.inboxCount() == 3)
        let all = try await client.inboxMessages()
        #expect(all.map(\.id) == ids.reversed())
        #expect(all.allSatisfy { $0.type == .html && !$0.read && $0.summary == "<p>Body \($0.subject.suffix(1))</p>" })
        #expect(try await client.inboxMessages(InboxListRequest(page: 1, size: 2)).map(\.id) == [ids[0]])
        #expect(try await client.inboxMessages(InboxListRequest(page: 5, size: 2)).isEmpty)

        let detail = try await client.inboxMessage(id: ids[1])
        #expect(detail.body == "<p>Body 2</p>" && detail.message.subject == "Message 2" && !detail.message.read)
        try await client.markInboxMessageRead(id: ids[1])
        #expect(try await client.inboxCount() == 2)
        #expect(try await client.inboxMessage(id: ids[1]).message.read)
        #expect(try await client.inboxMessages(InboxListRequest(onlyUnread: true)).map(\.id) == [ids[2], ids[0]])
        try await client.markAllInboxMessagesRead()
        #expect(try await client.inboxCount() == 0)

        // Errors: no such message (or another user's), a bad page size, an unauthenticated caller.
        let bobs = try #require(
            try await Self.admin(setup.server, "GET", "/admin/inbox")?.testArray?.first {
                $0["userId"] == .string("bob")
            })
        let bobsId = try #require(bobs["message"]?["id"]?.stringValue)
        #expect(await Self.serverCode { _ = try await client.inboxMessage(id: bobsId) } == "INVALID_REQUEST")
        #expect(await Self.serverCode { try await client.markInboxMessageRead(id: "nope") } == "INVALID_REQUEST")
        #expect(
            await Self.serverCode { _ = try await client.inboxMessages(InboxListRequest(size: 0)) } == "INVALID_REQUEST"
        )
        for path in [
            EndpointPaths.MobileToken.inboxCount, EndpointPaths.MobileToken.inboxMessageList,
            EndpointPaths.MobileToken.inboxMessageDetail, EndpointPaths.MobileToken.inboxMessageRead,
            EndpointPaths.MobileToken.inboxMessageReadAll,
        ] {
            let answer = await setup.server.respond(
                to: TestRequest(
                    method: "POST", path: path, headers: [:], body: Data(#"{"requestObject":{"id":"x"}}"#.utf8)))
            #expect(
                answer.status == 401 && String(decoding: answer.body, as: UTF8.self).contains("POWERAUTH_AUTH_FAIL"))
        }
        // Admin refusals.
        try await Self.admin(setup.server, "POST", "/admin/inbox", #"{"userId":"alice","body":"x"}"#, status: 400)
        try await Self.admin(
            setup.server, "POST", "/admin/inbox", #"{"userId":"alice","subject":"s","body":"x","type":"rtf"}"#,
            status: 400)
        try await Self.admin(
            setup.server, "POST", "/admin/inbox", #"{"activationId":"none","subject":"s","body":"x"}"#, status: 400)
    }

    @Test("push: token and signed registration stored and listed, legacy platforms, every refusal")
    func push() async throws {
        let setup = try await Setup(version: .v33)
        defer { Task { await setup.stop() } }
        let client = setup.client
        let activationId = try setup.store.load().activationId
        try await client.registerPush(PushRegistration(platform: .fcm, token: "fcm-token-1"))
        var listed = try #require(try await Self.admin(setup.server, "GET", "/admin/push")?.testArray)
        #expect(listed.count == 1)
        #expect(listed[0]["token"] == .string("fcm-token-1") && listed[0]["platform"] == .string("fcm"))
        #expect(listed[0]["activationId"]?.stringValue == activationId && listed[0]["userId"] == .string("alice"))
        #expect(listed[0]["authentication"] == .string("token") && listed[0]["environment"] == nil)

        // Registering again replaces; the signed endpoint and a legacy platform name.
        try await client.registerPush(
            PushRegistration(platform: .ios, token: "apns-token", environment: .development),
            authentication: .signature)
        listed = try #require(try await Self.admin(setup.server, "GET", "/admin/push")?.testArray)
        #expect(listed.count == 1)
        #expect(listed[0]["platform"] == .string("ios") && listed[0]["service"] == .string("apns"))
        #expect(
            listed[0]["environment"] == .string("development") && listed[0]["authentication"] == .string("signature"))

        #expect(
            await Self.serverCode { try await client.registerPush(PushRegistration(platform: .hms, token: "a b")) }
                == "PUSH_REGISTRATION_FAILED")
        #expect(
            await Self.serverCode { try await client.registerPush(PushRegistration(platform: .hms, token: "")) }
                == "INVALID_REQUEST")
        let raw = Endpoint(
            .post, EndpointPaths.MobileToken.pushRegisterToken, kind: .tokenSigned(tokenName: "possession_universal"))
        #expect(
            await Self.serverCode {
                let _: JSONValue = try await client.send(
                    raw, requestObject: JSONValue.object(["platform": .string("wns"), "token": .string("t")]))
            } == "INVALID_REQUEST")
        // Without a token or a signature: POWERAUTH_AUTH_FAIL, nothing stored.
        for path in [EndpointPaths.MobileToken.pushRegisterToken, EndpointPaths.MobileToken.pushRegister] {
            let answer = await setup.server.respond(
                to: TestRequest(
                    method: "POST", path: path, headers: [:],
                    body: Data(#"{"requestObject":{"platform":"fcm","token":"evil"}}"#.utf8)))
            #expect(
                answer.status == 401 && String(decoding: answer.body, as: UTF8.self).contains("POWERAUTH_AUTH_FAIL"))
        }
        let stored = try #require(try await Self.admin(setup.server, "GET", "/admin/push")?.testArray)
        #expect(stored.count == 1 && stored[0]["token"] == .string("apns-token"))
    }

    @Test("mobileTokenData is stored with the approved or rejected operation and shown in its admin detail")
    func mobileTokenData() async throws {
        let setup = try await Setup(version: .v33)
        defer { Task { await setup.stop() } }
        let client = setup.client
        let activationId = try setup.store.load().activationId
        var ids: [String] = []
        for _ in 0..<2 {
            let created = try await Self.admin(
                setup.server, "POST", "/admin/operations",
                #"{"data":"A1*A100CZK","activationId":"\#(activationId)","title":"Pay"}"#)
            ids.append(try #require(created?["operation"]?["id"]?.stringValue))
        }
        var data = MobileTokenData(members: ["appVersion": .string("1.2")])
        let opened = Date(timeIntervalSince1970: 1_795_860_000)
        data.record(
            PreApprovalScreenVisit(
                screen: "warning", timestampOpened: opened, timestampClosed: opened.addingTimeInterval(3),
                action: .continue))
        let operation = try await client.detail(id: ids[0])
        try await client.authorize(operation, authentication: .password("1234"), mobileTokenData: data)
        var rejected = MobileTokenData()
        rejected.record(PreApprovalScreenVisit(screen: "warning", timestampOpened: opened, action: .reject))
        try await client.reject(id: ids[1], reason: .unexpectedOperation, mobileTokenData: rejected)

        let approvedView = try await Self.admin(setup.server, "GET", "/admin/operations/\(ids[0])")
        #expect(approvedView?["mobileTokenData"] == data.jsonValue)
        #expect(approvedView?["operation"]?["status"] == .string("APPROVED"))
        let rejectedView = try await Self.admin(setup.server, "GET", "/admin/operations/\(ids[1])")
        let record = try #require(setup.server.state.operations.first { $0.id == ids[0] })
        #expect(record.mobileTokenData == data.jsonValue)
        #expect(
            rejectedView?["mobileTokenData"]?["preApprovalScreens"]?.testArray?.first?["action"] == .string("REJECT"))
        // A mobileTokenData that is not an object is INVALID_REQUEST, and the operation stays pending.
        let third = try await Self.admin(
            setup.server, "POST", "/admin/operations",
            #"{"data":"A1*A100CZK","activationId":"\#(activationId)","title":"Pay"}"#)
        let thirdId = try #require(third?["operation"]?["id"]?.stringValue)
        let cancel = Endpoint(
            .post, EndpointPaths.MobileToken.operationCancel,
            kind: .signed(uriId: EndpointPaths.MobileToken.cancelURIId, factor: .possession))
        #expect(
            await Self.serverCode {
                let _: JSONValue = try await client.send(
                    cancel,
                    requestObject: JSONValue.object([
                        "id": .string(thirdId), "reason": .string("UNKNOWN"), "mobileTokenData": .string("text"),
                    ]))
            } == "INVALID_REQUEST")
        #expect(try await client.detail(id: thirdId).status == .pending)
    }

    @Test("activation spawn: a code for a second device, which activates with it and the OTP; refusals")
    func spawn() async throws {
        let setup = try await Setup(version: .v33)
        defer { Task { await setup.stop() } }
        let client = setup.client
        let application = try #require(setup.server.state.applications.first)
        let version = try #require(application.currentVersion)
        let otp = "1234567890123456"
        let code = try await client.activationCode(
            ActivationCodeRequest(applicationId: application.applicationId, otp: otp),
            authentication: .password("1234"))
        let spawned = try #require(setup.server.state.activations.first { $0.activationId == code.activationId })
        #expect(spawned.registration?.userId == "alice" && spawned.counters.status == .created)

        let deviceApplication = DeviceActivationFlow.Application(
            applicationKey: version.applicationKey, applicationSecret: version.applicationSecret,
            masterServerPublicKey: application.masterPublicKey)
        let enrollment = EnrollmentClient(httpClient: setup.http)
        // The wrong OTP is refused; the right one activates at once (ON_KEY_EXCHANGE).
        await #expect(throws: EnrollmentError.self) {
            _ = try await enrollment.activate(
                code: code.activationCode + "#" + code.activationSignature,
                request: .init(application: deviceApplication, details: .init(otp: "6543210987654321")),
                password: "0000")
        }
        let second = try await enrollment.activate(
            code: code.activationCode + "#" + code.activationSignature,
            request: .init(application: deviceApplication, details: .init(otp: otp)), password: "0000")
        #expect(second.device.activationId == code.activationId)
        let activated = try #require(setup.server.state.activations.first { $0.activationId == code.activationId })
        #expect(activated.counters.status == .active)

        // Refusals: one factor, a short OTP, an unknown application.
        await #expect(throws: MobileTokenError(.factorNotAllowed, "")) {
            _ = try await client.activationCode(
                ActivationCodeRequest(applicationId: application.applicationId, otp: otp), authentication: .possession)
        }
        #expect(
            await Self.serverCode {
                _ = try await client.activationCode(
                    ActivationCodeRequest(applicationId: application.applicationId, otp: "short"),
                    authentication: .password("1234"))
            } == "ACTIVATION_CODE_FAILED")
        #expect(
            await Self.serverCode {
                _ = try await client.activationCode(
                    ActivationCodeRequest(applicationId: "no-such-app", otp: otp), authentication: .password("1234"))
            } == "ACTIVATION_CODE_FAILED")
        #expect(
            await Self.serverCode {
                _ = try await client.activationCode(
                    ActivationCodeRequest(applicationId: application.applicationId, otp: otp),
                    authentication: .password("9999"))
            } != nil)
    }
}

extension JSONValue {
    /// The elements of an array, nil for anything else (test convenience).
    fileprivate var testArray: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }
}
