import Foundation
import MobileTokenAPI
import OfflineOperations
import PowerAuth
import QRAuthEncoding
import Testing

@testable import DevServer

/// The bounds of `DevServerLimits` (docs/serve.md, "Bounds"), with small limits: pending operations are
/// capped where they are made, finished operations and finished code activations are dropped oldest
/// first, and nothing ACTIVE, BLOCKED, PENDING_COMMIT or file-loaded is ever dropped.
@Suite("Bounds of the state")
struct BoundsTests {
    static func statePath() throws -> (directory: String, path: String) {
        let directory = NSTemporaryDirectory() + "qrauth-bounds-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return (directory, directory + "/state.json")
    }

    static func message(_ response: TestResponse) throws -> String {
        let object = try TestHarness.json(response)
        return (object["responseObject"] as? [String: Any])?["message"] as? String ?? ""
    }

    @Test("/admin/operations refuses a pending operation beyond the cap; expired ones make room")
    func adminPendingCap() async throws {
        let (directory, path) = try Self.statePath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let harness = try TestHarness(statePath: path, limits: DevServerLimits(pendingOperations: 3))
        for _ in 0..<3 { _ = try await harness.createOperation() }
        let refused = await harness.admin("POST", "/admin/operations", #"{"data":"A1*A1CZK"}"#)
        #expect(refused.status == 400)
        #expect(try TestHarness.errorCode(refused) == "INVALID_REQUEST")
        #expect(try Self.message(refused).contains("too many pending operations (at most 3)"))
        #expect(harness.server.state.operations.count == 3)

        // Past their expiry (300 s) the three become EXPIRED, finished: room for new ones.
        harness.clock.advance(by: 301)
        for _ in 0..<3 { _ = try await harness.createOperation() }
        let statuses = harness.server.state.operations.map(\.status)
        #expect(statuses == [.expired, .expired, .expired, .pending, .pending, .pending])
        #expect(await harness.admin("POST", "/admin/operations", #"{"data":"A1*A1CZK"}"#).status == 400)
        #expect(try DevServerState.load(statePath: path, activationPaths: []) == harness.server.state)
    }

    @Test("the cap check costs one appended line per create, however many operations are pending")
    func capCheckAppendsOneLine() async throws {
        let (directory, path) = try Self.statePath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let harness = try TestHarness(statePath: path, limits: DevServerLimits(pendingOperations: 100))
        var sizes: [Int] = []
        for _ in 0..<40 {
            _ = try await harness.createOperation()
            sizes.append((try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1)
        }
        let first = sizes[2] - sizes[1]
        let last = sizes[39] - sizes[38]
        #expect(first > 0)
        #expect(last < first + 100, "\(sizes)")
    }

    @Test("/rest/v3/operation/create refuses beyond the cap with ERR0041; admin-made ones count too")
    func backOfficePendingCap() async throws {
        let harness = try TestHarness(
            backOffice: BackOfficeConfiguration(), limits: DevServerLimits(pendingOperations: 2))
        _ = try await harness.restObject("operation/template/create", BackOfficeOperationTests.template)
        _ = try await harness.createOperation()
        let created = try await BackOfficeOperationTests.create(harness)
        let refused = await harness.rest(
            "operation/create",
            #"{"requestObject":{"userId":"alice","applications":["demo-app"],"templateName":"payment","#
                + #""parameters":{"amount":"1","iban":"CZ1"}}}"#)
        #expect(refused.status == 400)
        #expect(try TestHarness.errorCode(refused) == "ERR0041", "\(String(decoding: refused.body, as: UTF8.self))")
        #expect(try Self.message(refused).contains("too many pending operations (at most 2)"))
        // A canceled one is finished: room again.
        let id = try #require(created["id"] as? String)
        _ = try await harness.restObject("operation/cancel", #"{"operationId":"\#(id)"}"#)
        _ = try await BackOfficeOperationTests.create(harness)
        #expect(harness.server.state.operations.filter { $0.status == .pending }.count == 2)
    }

    @Test("/admin/offline-operations refuses a pending offline operation beyond the cap")
    func offlinePendingCap() async throws {
        let harness = try TestHarness(limits: DevServerLimits(pendingOperations: 2))
        let body = #"{"data":"A1*A100CZK*ICZ2730300000001165254011*D20180425*Thello","title":"Pay","flags":"B"}"#
        for _ in 0..<2 { #expect(await harness.admin("POST", "/admin/offline-operations", body).status == 200) }
        let refused = await harness.admin("POST", "/admin/offline-operations", body)
        #expect(refused.status == 400)
        #expect(try TestHarness.errorCode(refused) == "INVALID_REQUEST")
        #expect(try Self.message(refused).contains("too many pending offline operations (at most 2)"))
        #expect(harness.server.state.offlineOperations.count == 2)
    }

    @Test("finished operations beyond the retention are dropped oldest first; pending ones stay")
    func finishedOperations() async throws {
        let (directory, path) = try Self.statePath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let harness = try TestHarness(
            statePath: path, limits: DevServerLimits(retainedOperations: 4, pendingOperations: 100))
        var ids: [String] = []
        for _ in 0..<20 { ids.append(try await harness.createOperation()) }
        for id in ids.prefix(10) {
            #expect(await harness.admin("POST", "/admin/operations/\(id)/cancel").status == 200)
        }
        let state = harness.server.state
        let finished = state.operations.filter { $0.status != .pending }
        #expect(finished.count <= 4)
        #expect(finished.last?.id == ids[9])
        #expect(state.operations.filter { $0.status == .pending }.map(\.id) == Array(ids[10...]))
        #expect(try DevServerState.load(statePath: path, activationPaths: []) == state)
    }

    @Test("finished code activations beyond the retention are dropped; ACTIVE, BLOCKED, PENDING_COMMIT stay")
    func activations() async throws {
        let (directory, path) = try Self.statePath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clock = TestClock(Date())
        var state = DevServerState()
        try state.prepareApplication(path: nil)
        let fileLoaded = try ActivationFactory.create(password: "1234", biometry: false).server
        state.activations.append(fileLoaded)
        let server = DevServer(
            state: state, statePath: path, backOffice: BackOfficeConfiguration(), clock: clock.emulatorClock,
            limits: DevServerLimits(retainedActivations: 4))
        let applicationId = server.state.defaultApplication?.applicationId ?? ""
        func rest(_ route: String, _ object: String) async throws -> [String: Any] {
            let response = await server.respond(
                to: TestRequest(
                    method: "POST", path: "/rest/v3/" + route, body: Data(#"{"requestObject":\#(object)}"#.utf8)))
            try #require(response.status == 200, "\(route): \(String(decoding: response.body, as: UTF8.self))")
            return try #require(try TestHarness.json(response)["responseObject"] as? [String: Any])
        }
        func initialise(_ user: String) async throws -> (id: String, code: String) {
            let made = try await rest(
                "activation/init", #"{"userId":"\#(user)","applicationId":"\#(applicationId)"}"#)
            return (try #require(made["activationId"] as? String), try #require(made["activationCode"] as? String))
        }
        // ACTIVE, BLOCKED and PENDING_COMMIT ones, each through a device.
        var kept: [String] = [fileLoaded.activationId]
        for target in ["active", "blocked", "pending"] {
            let (id, code) = try await initialise(target)
            var device = try PowerAuthClient(server: server, clock: clock, version: .v33)
            #expect(try await device.activate(code: code).response.status == 200)
            if target != "pending" { _ = try await rest("activation/commit", #"{"activationId":"\#(id)"}"#) }
            if target == "blocked" { _ = try await rest("activation/block", #"{"activationId":"\#(id)"}"#) }
            kept.append(id)
        }
        // Ten CREATED ones; six removed now, four left to expire.
        var removed: [String] = []
        var created: [String] = []
        for number in 0..<10 {
            let (id, _) = try await initialise("user\(number)")
            if number < 6 {
                _ = try await rest("activation/remove", #"{"activationId":"\#(id)"}"#)
                removed.append(id)
            } else {
                created.append(id)
            }
        }
        // The fifth removed one is one too many: the two oldest go (down to three quarters, 3); the sixth is
        // the fourth kept.
        var ids = Set(server.state.activations.map(\.activationId))
        #expect(removed.filter(ids.contains) == Array(removed.suffix(4)))
        #expect(created.allSatisfy(ids.contains))

        // Past their expiry (5 min) the four CREATED ones are finished too (the PENDING_COMMIT one stays).
        clock.advance(by: 301)
        let fresh = try await initialise("fresh").id
        ids = Set(server.state.activations.map(\.activationId))
        #expect(kept.allSatisfy(ids.contains))
        #expect(ids.contains(fresh))
        // 4 removed + 4 expired = 8 > 4: the 4 removed (finished longest ago) and the oldest expired one go.
        #expect(removed.allSatisfy { !ids.contains($0) })
        #expect(created.filter(ids.contains) == Array(created.suffix(3)))
        #expect(server.state.activations.count == kept.count + 1 + 3)
        let statuses = server.state.activations.map(\.counters.status)
        #expect(statuses.filter { $0 == .active }.count == 2)
        #expect(statuses.contains(.blocked))
        #expect(statuses.contains(.pendingCommit))
        #expect(try DevServerState.load(statePath: path, activationPaths: []) == server.state)
    }

    /// Issue 29, item 6: CREATED activations are capped like pending operations; expired ones make room.
    @Test("activation/init refuses a CREATED activation beyond the cap (ERR0011); expired ones make room")
    func createdActivationCap() async throws {
        let (directory, path) = try Self.statePath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clock = TestClock(Date())
        var state = DevServerState()
        try state.prepareApplication(path: nil)
        let server = DevServer(
            state: state, statePath: path, backOffice: BackOfficeConfiguration(), clock: clock.emulatorClock,
            limits: DevServerLimits(createdActivations: 3))
        let applicationId = server.state.defaultApplication?.applicationId ?? ""
        func initialise(_ user: String) async throws -> TestResponse {
            await server.respond(
                to: TestRequest(
                    method: "POST", path: "/rest/v3/activation/init",
                    body: Data(#"{"requestObject":{"userId":"\#(user)","applicationId":"\#(applicationId)"}}"#.utf8)))
        }
        for user in ["a", "b", "c"] { #expect(try await initialise(user).status == 200) }
        let refused = try await initialise("d")
        #expect(refused.status == 400, "\(String(decoding: refused.body, as: UTF8.self))")
        let body = String(decoding: refused.body, as: UTF8.self)
        #expect(body.contains("ERR0011") && body.contains("too many unfinished activations (at most 3)"), "\(body)")
        #expect(server.state.activations.count == 3)
        clock.advance(by: 301)
        #expect(try await initialise("e").status == 200)
        #expect(try DevServerState.load(statePath: path, activationPaths: []) == server.state)
    }

    /// Issue 29, item 2: a record over `recordBytes` is refused where it is written, with or without a state file.
    @Test("a record over the record bound is refused at write time; nothing is stored", arguments: [true, false])
    func recordBound(persisted: Bool) async throws {
        let (directory, path) = try Self.statePath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let harness = try TestHarness(
            statePath: persisted ? path : nil, limits: DevServerLimits(recordBytes: 4096))
        let long = String(repeating: "x", count: 5000)
        let refused = await harness.admin(
            "POST", "/admin/operations", #"{"data":"A1*A1CZK","title":"\#(long)","message":"m"}"#)
        #expect(refused.status == 400)
        #expect(try TestHarness.errorCode(refused) == "INVALID_REQUEST")
        let message = try Self.message(refused)
        #expect(message.contains("too large to store"), "\(message)")
        #expect(harness.server.state.operations.isEmpty)
        _ = try await harness.createOperation()
        #expect(harness.server.state.operations.count == 1)
        if persisted { #expect(try DevServerState.load(statePath: path, activationPaths: []) == harness.server.state) }
    }

    /// A back-office change over a state bound is refused as the PowerAuth server refuses a request it will not
    /// take: `ERR0024`, HTTP 400, the store's reason (it was `ERR0000`, HTTP 500, as if the server had failed).
    @Test("a back-office change over a state bound is 400 ERR0024 with the reason; nothing is stored")
    func backOfficeStateBoundRefusal() async throws {
        let (directory, path) = try Self.statePath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let harness = try TestHarness(
            statePath: path, backOffice: BackOfficeConfiguration(),
            limits: DevServerLimits(recordBytes: 4096, stateBytes: 48 << 10))
        _ = try await harness.restObject(
            "operation/template/create",
            #"{"templateName":"t","operationType":"login","dataTemplate":"A1*T${text}","#
                + #""signatureType":["POSSESSION_KNOWLEDGE"],"maxFailureCount":2,"expiration":300}"#)
        func create(_ text: String) async -> TestResponse {
            await harness.rest(
                "operation/create",
                #"{"requestObject":{"userId":"alice","applications":["demo-app"],"templateName":"t","#
                    + #""parameters":{"text":"\#(text)"}}}"#)
        }
        let tooLarge = await create(String(repeating: "x", count: 5000))
        #expect(tooLarge.status == 400)
        #expect(try TestHarness.errorCode(tooLarge) == "ERR0024")
        let tooLargeMessage = try Self.message(tooLarge)
        #expect(tooLargeMessage.contains("too large to store"), "\(tooLargeMessage)")
        #expect(harness.server.state.operations.isEmpty)
        // Fill the state file with operations of about 2.5 KB (the text is stored more than once) until it is full.
        var full: TestResponse?
        for _ in 0..<100 where full == nil {
            let response = await create(String(repeating: "y", count: 500))
            if response.status != 200 { full = response }
        }
        let refused = try #require(full)
        #expect(refused.status == 400)
        #expect(try TestHarness.errorCode(refused) == "ERR0024")
        let fullMessage = try Self.message(refused)
        #expect(fullMessage.contains("the server's state is full"), "\(fullMessage)")
        #expect(try DevServerState.load(statePath: path, activationPaths: []) == harness.server.state)
    }

    /// Issue 29, item 2: the state file is bounded in bytes; at the bound a change is refused, the file holds
    /// everything accepted, and the same binary reads it back (a restart has all the data).
    @Test("filled to the state bound: the next change is refused, and a restart has every accepted record")
    func stateBound() async throws {
        let (directory, path) = try Self.statePath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let limits = DevServerLimits(pendingOperations: 10_000, stateBytes: 64 << 10)
        let harness = try TestHarness(statePath: path, limits: limits)
        let title = String(repeating: "t", count: 2000)
        var accepted = 0
        var refusal: String?
        for _ in 0..<200 where refusal == nil {
            let response = await harness.admin(
                "POST", "/admin/operations", #"{"data":"A1*A1CZK","title":"\#(title)","message":"m"}"#)
            if response.status == 200 {
                accepted += 1
            } else {
                #expect(response.status == 400)
                refusal = try Self.message(response)
            }
        }
        #expect(refusal?.contains("the server's state is full") == true, "\(refusal ?? "never refused")")
        #expect(accepted > 10)
        #expect(harness.server.state.operations.count == accepted)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size <= 64 << 10)
        // A restart: the file loads, with every accepted operation, and the new server writes it back.
        let loaded = try DevServerState.load(statePath: path, activationPaths: [])
        #expect(loaded == harness.server.state)
        let restarted = DevServer(state: loaded, statePath: path, limits: limits)
        try restarted.flush()
        #expect(try DevServerState.load(statePath: path, activationPaths: []).operations.count == accepted)
    }

    @Test("a state loaded over the bounds shrinks at the first flush; pending operations stay")
    func shrinksAtFlush() throws {
        let (directory, path) = try Self.statePath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let start = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        let operations = (0..<10).map { number in
            OperationRecord(
                id: "op-\(number)", name: "login", data: "A2", status: number < 8 ? .approved : .pending,
                statusReason: nil, created: start, expires: start.addingTimeInterval(300),
                allowedSignatureType: .twoFactorKnowledgeOrBiometry,
                formData: .object(["title": .string("Log in"), "message": .string("")]), ui: nil,
                activationId: nil, failureCount: 0, maxFailureCount: 5, proximitySeed: nil, proximityStep: nil)
        }
        let server = DevServer(
            state: DevServerState(operations: operations), statePath: path,
            clock: EmulatorClock { start }, limits: DevServerLimits(retainedOperations: 4))
        try server.flush()
        // 8 finished > 4: down to three quarters (3), the newest; both pending ones stay.
        #expect(server.state.operations.map(\.id) == ["op-5", "op-6", "op-7", "op-8", "op-9"])
        #expect(try DevServerState.load(statePath: path, activationPaths: []) == server.state)
    }

    @Test("a manual block of a file-loaded activation reads its reason, NOT_SPECIFIED without one")
    func blockedReason() async throws {
        let harness = try TestHarness(backOffice: BackOfficeConfiguration())
        let id = harness.device.activationId
        let blocked = try await harness.restObject("activation/block", #"{"activationId":"\#(id)"}"#)
        #expect(blocked["blockedReason"] as? String == "NOT_SPECIFIED")
        let status = try await harness.restObject("activation/status", #"{"activationId":"\#(id)"}"#)
        #expect(status["activationStatus"] as? String == "BLOCKED")
        #expect(status["blockedReason"] as? String == "NOT_SPECIFIED")
        // A given reason is kept (in the state file too), and goes with the unblock.
        #expect(try await harness.restObject("activation/unblock", #"{"activationId":"\#(id)"}"#).count > 0)
        let lost = try await harness.restObject("activation/block", #"{"activationId":"\#(id)","reason":"LOST"}"#)
        #expect(lost["blockedReason"] as? String == "LOST")
        let listed = try await harness.restObject("activation/status", #"{"activationId":"\#(id)"}"#)
        #expect(listed["blockedReason"] as? String == "LOST")
        _ = try await harness.restObject("activation/unblock", #"{"activationId":"\#(id)"}"#)
        #expect(harness.server.state.activations.first?.blockedReason == nil)

        // The signature lock-out of a file-loaded activation: failed attempts at the limit.
        var locked = try #require(harness.server.state.activations.first)
        locked.counters.status = .blocked
        locked.blockedReason = "LOST"
        locked.counters.failedAttempts = locked.counters.maxFailedAttempts
        #expect(locked.reportedBlockedReason == "MAX_FAILED_ATTEMPTS")
        locked.counters.status = .active
        #expect(locked.reportedBlockedReason == nil)
    }

    @Test("templates, applications and versions are refused beyond their caps, with the real server's codes")
    func backOfficeRecordCaps() async throws {
        let harness = try TestHarness(
            backOffice: BackOfficeConfiguration(),
            limits: DevServerLimits(templates: 2, applications: 2, applicationVersions: 2))
        for name in ["a", "b"] {
            _ = try await harness.restObject(
                "operation/template/create",
                BackOfficeOperationTests.template.replacingOccurrences(of: "\"payment\"", with: "\"\(name)\""))
        }
        let template = await harness.rest(
            "operation/template/create", #"{"requestObject":"# + BackOfficeOperationTests.template + "}")
        #expect(try TestHarness.errorCode(template) == "ERR0042")
        #expect(try Self.message(template).contains("too many operation templates (at most 2)"))
        #expect(harness.server.state.templates.count == 2)
        // Removing one makes room.
        let first = try #require(harness.server.state.templates.first?.id)
        _ = try await harness.restObject("operation/template/remove", #"{"id":\#(first)}"#)
        _ = try await harness.restObject("operation/template/create", BackOfficeOperationTests.template)

        // The default application counts: one more fits, then none.
        let before = harness.server.state.applications.count
        for index in before..<2 {
            _ = try await harness.restObject("application/create", #"{"applicationId":"app-\#(index)"}"#)
        }
        let application = await harness.rest("application/create", #"{"requestObject":{"applicationId":"one-more"}}"#)
        #expect(try TestHarness.errorCode(application) == "ERR0024")
        #expect(try Self.message(application).contains("too many applications (at most 2)"))
        #expect(harness.server.state.applications.count == 2)

        let id = try #require(harness.server.state.applications.last?.applicationId)
        var versions = try #require(harness.server.state.applications.last?.versions.count)
        while versions < 2 {
            _ = try await harness.restObject(
                "application/version/create", #"{"applicationId":"\#(id)","applicationVersionId":"v\#(versions)"}"#)
            versions += 1
        }
        let version = await harness.rest(
            "application/version/create", #"{"requestObject":{"applicationId":"\#(id)","applicationVersionId":"v9"}}"#)
        #expect(try TestHarness.errorCode(version) == "ERR0024")
        #expect(try Self.message(version).contains("too many versions of \(id) (at most 2)"))
    }

    @Test("tokens beyond the per-activation bound drop the oldest from the activation")
    func tokensPerActivation() async throws {
        let clock = TestClock(Date())
        var state = DevServerState()
        try state.prepareApplication(path: nil)
        let server = DevServer(
            state: state, adminEnabled: true, clock: clock.emulatorClock,
            limits: DevServerLimits(tokensPerActivation: 2))
        let activation = try server.activations.initActivation(.init(userId: "alice", commitPhase: .onCommit))
        let code = try #require(activation.registration?.activationCode)
        var client = try PowerAuthClient(server: server, clock: clock, version: .v33)
        let created = try await client.activate(code: code)
        #expect(created.response.status == 200)
        _ = try server.activations.commitActivation(activation.activationId, activationOtp: nil)
        var tokens: [String] = []
        for _ in 0..<3 {
            let (response, token, _) = try await client.createToken()
            #expect(response.status == 200)
            tokens.append(try #require(token).tokenId)
        }
        let kept = try #require(server.state.activations.first { $0.activationId == activation.activationId }?.tokens)
        #expect(kept.map(\.id) == Array(tokens.suffix(2)))
    }
}
