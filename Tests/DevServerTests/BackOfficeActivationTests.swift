import DevServer
import Foundation
import MobileTokenAPI
import OfflineOperations
import PowerAuth
import Testing

/// `/rest/v3/application/*` and `/rest/v3/activation/*` of `serve --backoffice`, driven together with a
/// library-made device (`PowerAuthClient`).
@Suite("Back office: applications and activations")
struct BackOfficeActivationTests {
    let clock = TestClock(Date())
    let server: DevServer

    init() throws {
        var state = DevServerState()
        try state.prepareApplication(path: nil)
        server = DevServer(
            state: state, adminEnabled: false, backOffice: BackOfficeConfiguration(), clock: clock.emulatorClock)
    }

    var applicationId: String { server.state.defaultApplication?.applicationId ?? "" }

    func rest(_ path: String, _ requestObject: String) async -> TestResponse {
        await server.respond(
            to: TestRequest(
                method: "POST", path: "/rest/v3/" + path, body: Data(#"{"requestObject":\#(requestObject)}"#.utf8)))
    }

    func ok(_ path: String, _ requestObject: String) async throws -> [String: Any] {
        let response = await rest(path, requestObject)
        try #require(response.status == 200, "\(path): \(String(decoding: response.body, as: UTF8.self))")
        return try #require(try PowerAuthClient.object(response)["responseObject"] as? [String: Any])
    }

    func code(_ response: TestResponse) throws -> String {
        let (status, code, _) = try PowerAuthClient.error(response)
        #expect(status == 400)
        return code
    }

    @Test("application list, create, detail and version create with the server's field names")
    func applications() async throws {
        let list = try await ok("application/list", "{}")
        let applications = try #require(list["applications"] as? [[String: Any]])
        #expect(applications.map { $0["applicationId"] as? String } == [applicationId])

        let created = try await ok("application/create", #"{"applicationId":"demo-app"}"#)
        #expect(created["applicationId"] as? String == "demo-app")
        #expect(created["applicationRoles"] as? [String] == [])
        #expect(try code(await rest("application/create", #"{"applicationId":"demo-app"}"#)) == "ERR0043")

        let version = try await ok(
            "application/version/create", #"{"applicationId":"demo-app","applicationVersionId":"2.0"}"#)
        #expect(version["applicationVersionId"] as? String == "2.0")
        #expect(version["supported"] as? Bool == true)
        let config = try MobileSDKConfiguration(base64: try #require(version["mobileSdkConfig"] as? String))
        #expect(config.applicationKey == version["applicationKey"] as? String)
        #expect(config.applicationSecret == version["applicationSecret"] as? String)
        #expect(
            try code(await rest("application/version/create", #"{"applicationId":"nope","applicationVersionId":"1"}"#))
                == "ERR0015")
        #expect(
            try code(
                await rest("application/version/create", #"{"applicationId":"demo-app","applicationVersionId":"2.0"}"#))
                == "ERR0043")

        let detail = try await ok("application/detail", #"{"applicationId":"demo-app"}"#)
        #expect(Data(base64Encoded: detail["masterPublicKey"] as? String ?? "")?.count == 65)
        #expect(config.masterServerPublicKey?.base64EncodedString() == detail["masterPublicKey"] as? String)
        let versions = try #require(detail["versions"] as? [[String: Any]])
        #expect(versions.map { $0["applicationVersionId"] as? String } == ["default", "2.0"])
        #expect(try code(await rest("application/detail", #"{"applicationId":"nope"}"#)) == "ERR0015")
    }

    @Test("activation init → device → status → commit → block → unblock → remove → list, and the wrong states")
    func lifecycle() async throws {
        let initialised = try await ok(
            "activation/init", #"{"userId":"alice","applicationId":"\#(applicationId)","maxFailureCount":4}"#)
        let id = try #require(initialised["activationId"] as? String)
        let code = try #require(initialised["activationCode"] as? String)
        #expect(initialised["userId"] as? String == "alice")
        #expect(initialised["applicationId"] as? String == applicationId)
        #expect(!(initialised["activationSignature"] as? String ?? "").isEmpty)

        var status = try await ok("activation/status", #"{"activationId":"\#(id)"}"#)
        #expect(status["activationStatus"] as? String == "CREATED")
        #expect(status["activationCode"] as? String == code)
        #expect(status["commitPhase"] as? String == "ON_COMMIT")
        #expect(status["maxFailedAttempts"] as? Int == 4)
        #expect(status["devicePublicKeyFingerprint"] == nil)
        #expect(try self.code(await rest("activation/commit", #"{"activationId":"\#(id)"}"#)) == "ERR0008")
        #expect(try self.code(await rest("activation/block", #"{"activationId":"\#(id)"}"#)) == "ERR0008")

        var device = try PowerAuthClient(server: server, clock: clock, version: .v33)
        #expect(try await device.activate(code: code, name: "Alice's phone").response.status == 200)
        status = try await ok("activation/status", #"{"activationId":"\#(id)"}"#)
        #expect(status["activationStatus"] as? String == "PENDING_COMMIT")
        #expect(status["activationCode"] == nil)
        #expect(status["activationName"] as? String == "Alice's phone")
        #expect(status["platform"] as? String == "ios")
        let fingerprint = try #require(status["devicePublicKeyFingerprint"] as? String)
        #expect(fingerprint.count == 8)
        #expect(BackOffice.date(status["timestampCreated"] as? String ?? "") != nil)

        let committed = try await ok("activation/commit", #"{"activationId":"\#(id)"}"#)
        #expect(committed["activated"] as? Bool == true)
        #expect(try self.code(await rest("activation/commit", #"{"activationId":"\#(id)"}"#)) == "ERR0008")

        let blocked = try await ok("activation/block", #"{"activationId":"\#(id)","reason":"LOST"}"#)
        #expect(blocked["activationStatus"] as? String == "BLOCKED")
        #expect(blocked["blockedReason"] as? String == "LOST")
        let unblocked = try await ok("activation/unblock", #"{"activationId":"\#(id)"}"#)
        #expect(unblocked["activationStatus"] as? String == "ACTIVE")

        // The challenge gives the blob the device reads.
        let challenge = Data(repeating: 7, count: 16)
        status = try await ok(
            "activation/status", #"{"activationId":"\#(id)","challenge":"\#(challenge.base64EncodedString())"}"#)
        let blob = try #require(Data(base64Encoded: status["encryptedStatusBlob"] as? String ?? ""))
        let nonce = try #require(Data(base64Encoded: status["encryptedStatusBlobNonce"] as? String ?? ""))
        let keys = try #require(device.keys)
        let decoded = try ActivationStatusBlob(
            encrypted: blob, transportKey: keys.transport, challenge: challenge, nonce: nonce)
        #expect(decoded.status == ActivationStatus.active.statusByte)

        let list = try await ok("activation/list", #"{"userId":"alice"}"#)
        #expect(list["userId"] as? String == "alice")
        let activations = try #require(list["activations"] as? [[String: Any]])
        #expect(activations.map { $0["activationId"] as? String } == [id])
        #expect(activations.first?["activationStatus"] as? String == "ACTIVE")
        let filtered = try await ok("activation/list", #"{"userId":"alice","activationStatuses":["REMOVED"]}"#)
        #expect((filtered["activations"] as? [Any])?.isEmpty == true)

        let removed = try await ok("activation/remove", #"{"activationId":"\#(id)"}"#)
        #expect(removed["removed"] as? Bool == true)
        #expect(try self.code(await rest("activation/block", #"{"activationId":"\#(id)"}"#)) == "ERR0008")
        #expect(try self.code(await rest("activation/unblock", #"{"activationId":"\#(id)"}"#)) == "ERR0008")
        status = try await ok("activation/status", #"{"activationId":"\#(id)"}"#)
        #expect(status["activationStatus"] as? String == "REMOVED")
    }

    @Test("unknown ids, applications, missing fields and bad values")
    func refusals() async throws {
        let unknown = UUID().uuidString
        let status = try await ok("activation/status", #"{"activationId":"\#(unknown)"}"#)
        #expect(status["activationStatus"] as? String == "REMOVED")
        for path in ["activation/commit", "activation/block", "activation/unblock", "activation/remove"] {
            #expect(try code(await rest(path, #"{"activationId":"\#(unknown)"}"#)) == "ERR0009")
        }
        #expect(try code(await rest("activation/init", #"{"userId":"a","applicationId":"nope"}"#)) == "ERR0015")
        #expect(try code(await rest("activation/init", #"{"applicationId":"\#(applicationId)"}"#)) == "ERR0024")
        #expect(
            try code(
                await rest(
                    "activation/init",
                    #"{"userId":"a","applicationId":"\#(applicationId)","timestampActivationExpire":"yesterday"}"#))
                == "ERR0011")
        #expect(
            try code(
                await rest(
                    "activation/init",
                    #"{"userId":"a","applicationId":"\#(applicationId)","commitPhase":"SOMETIME"}"#))
                == "ERROR_HTTP_REQUEST")
    }

    @Test("ON_KEY_EXCHANGE with an OTP and an expiry from the back office")
    func keyExchangeAndExpiry() async throws {
        let initialised = try await ok(
            "activation/init",
            #"{"userId":"carol","applicationId":"\#(applicationId)","commitPhase":"ON_KEY_EXCHANGE","activationOtp":"4321"}"#
        )
        let id = try #require(initialised["activationId"] as? String)
        var device = try PowerAuthClient(server: server, clock: clock, version: .v32)
        let code = try #require(initialised["activationCode"] as? String)
        #expect(try await device.activate(code: code, otp: "4321").response.status == 200)
        let status = try await ok("activation/status", #"{"activationId":"\#(id)"}"#)
        #expect(status["activationStatus"] as? String == "ACTIVE")
        #expect(status["activationOtpValidation"] as? String == "ON_KEY_EXCHANGE")

        let expires = BackOffice.timestamp(clock.now.addingTimeInterval(10))
        let short = try await ok(
            "activation/init",
            #"{"userId":"carol","applicationId":"\#(applicationId)","timestampActivationExpire":"\#(expires)"}"#)
        clock.advance(by: 11)
        let expiredId = try #require(short["activationId"] as? String)
        let expired = try await ok("activation/status", #"{"activationId":"\#(expiredId)"}"#)
        #expect(expired["activationStatus"] as? String == "REMOVED")

        // Epoch milliseconds as a JSON number, as the Java server reads a Date (docs/serve.md; issue 29, item 13).
        let millis = Int64((clock.now.timeIntervalSince1970 + 10) * 1000)
        let numeric = try await ok(
            "activation/init",
            #"{"userId":"carol","applicationId":"\#(applicationId)","timestampActivationExpire":\#(millis)}"#)
        let numericId = try #require(numeric["activationId"] as? String)
        let fresh = try await ok("activation/status", #"{"activationId":"\#(numericId)"}"#)
        #expect(fresh["activationStatus"] as? String == "CREATED")
        clock.advance(by: 11)
        let lapsed = try await ok("activation/status", #"{"activationId":"\#(numericId)"}"#)
        #expect(lapsed["activationStatus"] as? String == "REMOVED")
    }

    @Test("applications, versions and activations made through the back office survive a restart (journal lines)")
    func persisted() async throws {
        let path = NSTemporaryDirectory() + "qrauth-bo-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var state = DevServerState()
        try state.prepareApplication(path: nil)
        let server = DevServer(
            state: state, statePath: path, backOffice: BackOfficeConfiguration(), clock: clock.emulatorClock)
        func rest(_ path: String, _ object: String) async -> TestResponse {
            await server.respond(
                to: TestRequest(
                    method: "POST", path: "/rest/v3/" + path, body: Data(#"{"requestObject":\#(object)}"#.utf8)))
        }
        #expect(await rest("application/create", #"{"applicationId":"kept"}"#).status == 200)
        #expect(
            await rest("application/version/create", #"{"applicationId":"kept","applicationVersionId":"2"}"#).status
                == 200)
        let initialised = await rest("activation/init", #"{"userId":"dave","applicationId":"kept"}"#)
        #expect(initialised.status == 200)
        let restored = try DevServerState.load(statePath: path, activationPaths: [])
        #expect(restored.applications.array == server.state.applications.array)
        #expect(restored.applications.first { $0.applicationId == "kept" }?.versions.count == 2)
        #expect(restored.activations.array == server.state.activations.array)
        #expect(restored.activations.first?.registration?.applicationId == "kept")
    }
}
