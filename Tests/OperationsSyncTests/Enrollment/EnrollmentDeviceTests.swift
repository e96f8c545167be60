import Foundation
import OfflineOperations
import OperationsSync
import PowerAuth
import Testing

/// Status, remove and token remove against the server double: typed errors, counters, the device file's state.
@Suite("Enrollment client: status, remove, token remove", .timeLimit(.minutes(2)))
struct EnrollmentDeviceTests {
    @Test("status of an active activation in sync: decoded, recorded, nothing to resynchronise")
    func statusInSync() async throws {
        let setup = try EnrollmentSetup()
        let report = try await setup.client.status(of: setup.store)
        #expect(report.state == .active)
        #expect(report.counter == .inSync)
        #expect(report.failedAttempts == 0 && report.maxFailedAttempts == 5 && report.lookAhead == 20)
        #expect(setup.device.lastStatus?.state == "ACTIVE")
        #expect(setup.device.lastStatus?.counterPosition == "in_sync")
    }

    @Test("status after unsent signatures: the device is ahead by exactly that many")
    func statusDeviceAhead() async throws {
        let setup = try EnrollmentSetup()
        for _ in 0..<3 {
            _ = try setup.transactions.sign(
                method: "POST", uriId: "/x", body: Data("{}".utf8), type: .possession, password: nil)
        }
        let report = try await setup.client.status(of: setup.store)
        #expect(report.counter == .deviceAhead(3))
        #expect(setup.device.unconfirmedSignatures == 3)
    }

    @Test("status when the server is ahead: the device adopts its counter and the next signature matches exactly")
    func statusDeviceBehind() async throws {
        let setup = try EnrollmentSetup()
        var server = setup.pair.server
        server.counters.ctrData = try server.counters.signatureCounter().advanced(by: 4).counterData
        server.counters.counter += 4
        let double = EnrollmentServerDouble(
            server: server, signer: PowerAuthRequestSigner(store: setup.store), masterKey: setup.master,
            applicationKey: server.applicationKey, applicationSecret: server.applicationSecret)
        let client = EnrollmentClient(httpClient: double)
        let report = try await client.status(of: setup.store)
        #expect(report.counter == .deviceBehind(4))
        #expect(setup.device.ctrData == server.counters.ctrData)
        #expect(setup.device.counter == 4)
        #expect(try await client.status(of: setup.store).counter == .inSync)
    }

    @Test("a status blob that does not decode is statusUnreadable and changes nothing")
    func statusUnreadable() async throws {
        let setup = try EnrollmentSetup()
        await setup.double.setFault(.randomStatusBlob)
        let before = setup.device
        await #expect(throws: EnrollmentError(.statusUnreadable, "")) { try await setup.client.status(of: setup.store) }
        #expect(setup.device == before)
    }

    @Test("a REMOVED status marks the device file removed")
    func statusRemoved() async throws {
        let setup = try EnrollmentSetup()
        var server = setup.pair.server
        server.counters.status = .removed
        let client = EnrollmentClient(
            httpClient: EnrollmentServerDouble(
                server: server, signer: nil, masterKey: setup.master, applicationKey: server.applicationKey,
                applicationSecret: server.applicationSecret))
        #expect(try await client.status(of: setup.store).state == .removed)
        #expect(setup.device.isRemoved)
    }

    @Test("remove: signed with the password, the file is marked removed and refuses to sign afterwards")
    func removeMarksRemoved() async throws {
        let setup = try EnrollmentSetup()
        let id = try await setup.client.remove(setup.store, authentication: .password("1234"))
        #expect(id == setup.pair.device.activationId)
        #expect(setup.device.isRemoved)
        #expect(setup.device.token == nil)
        #expect(await setup.double.server?.counters.status == .removed)
        #expect(throws: PowerAuthError(.activationRemoved, "")) {
            try setup.transactions.sign(
                method: "POST", uriId: "/x", body: Data(), type: .possession, password: nil)
        }
        let exchanges = await setup.double.exchanges.count
        await #expect(throws: EnrollmentError(.activationRemoved, "")) {
            try await setup.client.remove(setup.store, authentication: .password("1234"))
        }
        #expect(await setup.double.exchanges.count == exchanges)
    }

    @Test("remove with a wrong password: ERR_AUTHENTICATION (exit 1), not removed, the counter spent once")
    func removeWrongPassword() async throws {
        let setup = try EnrollmentSetup()
        await #expect(throws: EnrollmentError(.authenticationFailed, "")) {
            try await setup.client.remove(setup.store, authentication: .password("9999"))
        }
        #expect(!setup.device.isRemoved)
        #expect(setup.device.counter == 1)
    }

    @Test("remove needs two factors: possession alone fails before anything is signed or sent")
    func removeNeedsTwoFactors() async throws {
        let setup = try EnrollmentSetup()
        await #expect(throws: EnrollmentError(.factorNotAllowed, "")) {
            try await setup.client.remove(setup.store, authentication: .possession)
        }
        #expect(setup.device.counter == 0)
        #expect(await setup.double.exchanges.isEmpty)
    }

    @Test("a server error envelope keeps the server's code")
    func errorEnvelope() async throws {
        let setup = try EnrollmentSetup()
        await setup.double.setFault(
            .errorEnvelope(status: 400, code: "ERR_ACTIVATION", message: "POWER_AUTH_ACTIVATION_INVALID"))
        do {
            _ = try await setup.client.remove(setup.store, authentication: .password("1234"))
            Issue.record("no error")
        } catch {
            #expect(error.code == .activationRefused)
            #expect(error.serverCode == "ERR_ACTIVATION")
            #expect(error.serverMessage == "POWER_AUTH_ACTIVATION_INVALID")
            #expect(error.httpStatus == 400)
        }
        #expect(!setup.device.isRemoved)
    }

    @Test("a refused plain-HTTP URL fails before signing: no counter is spent")
    func badURLSpendsNoCounter() async throws {
        let setup = try EnrollmentSetup()
        var configuration = HTTPClientConfiguration(baseURL: URL(string: "http://127.0.0.1:9")!)
        configuration.signer = PowerAuthRequestSigner(store: setup.store)
        let http = NIOHTTPClient(configuration: configuration)
        let client = EnrollmentClient(httpClient: http)
        await #expect(throws: EnrollmentError(.invalidURL, "")) {
            try await client.remove(setup.store, authentication: .password("1234"))
        }
        await #expect(throws: EnrollmentError(.invalidURL, "")) { try await client.removeToken(setup.store) }
        await http.shutdown()
        #expect(setup.device.counter == 0)
    }

    @Test("token remove: signed, removed at the server and dropped from the file")
    func tokenRemove() async throws {
        let setup = try EnrollmentSetup()
        let id = try #require(setup.device.token?.id)
        #expect(try await setup.client.removeToken(setup.store) == id)
        #expect(setup.device.token == nil)
        #expect(await setup.double.server?.tokens.isEmpty == true)
        await #expect(throws: EnrollmentError(.missingActivation, "")) {
            try await setup.client.removeToken(setup.store)
        }
    }
}
