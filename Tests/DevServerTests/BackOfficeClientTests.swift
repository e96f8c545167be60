import DevServer
import Foundation
import Logging
import MobileTokenAPI
import OfflineOperations
import OperationsSync
import PowerAuth
import QRAuthTestSupport
import Testing

@Suite("Back office through the library's own client (OperationsSync.BackOfficeClient) on a real socket")
struct BackOfficeClientTests {
    /// A running `serve --backoffice` over HTTP with one application and one activation.
    struct Running {
        let pair: ActivationFactory.Pair
        let task: Task<Void, any Error>
        let base: URL

        init(login: BackOfficeLogin?) async throws {
            pair = try ActivationFactory.create(password: "1234", biometry: false)
            let server = DevServer(
                state: DevServerState(
                    activations: [pair.server], applications: [.generate(applicationId: "demo-app")]),
                backOffice: BackOfficeConfiguration(credentials: login))
            let application = DevServerApplication(
                server: server, host: "127.0.0.1", port: 0, transport: .http,
                logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
            let box = LiveServerTests.PortBox()
            task = Task { try await application.run(handleSignals: false) { box.set($0) } }
            base = try #require(URL(string: "http://127.0.0.1:\(try await box.wait())/rest"))
        }

        func client(_ credentials: OperationsSync.BackOfficeCredentials? = nil) -> BackOfficeClient {
            var configuration = HTTPClientConfiguration(baseURL: base)
            configuration.requestTimeout = LoopbackLimits.requestTimeout
            configuration.allowInsecureHTTP = true
            return BackOfficeClient(httpClient: NIOHTTPClient(configuration: configuration), credentials: credentials)
        }
    }

    @Test("template, operation create/detail/list/cancel and offline create/verify decode in the client's types")
    func clientRoundTrip() async throws {
        let running = try await Running(login: nil)
        defer { running.task.cancel() }
        let client = running.client()
        let template = try await client.createTemplate(
            .init(
                templateName: "login", operationType: "login", dataTemplate: "A2*R${who}",
                signatureType: [.possessionKnowledge], maxFailureCount: 3, expiration: 120,
                proximityCheckEnabled: false))
        #expect(template.templateName == "login")
        #expect(try await client.templates().map(\.templateName) == ["login"])
        let created = try await client.createOperation(
            .init(applications: ["demo-app"], templateName: "login", parameters: ["who": "bank"]))
        #expect(created.status == .pending)
        #expect(created.data == "A2*Rbank")
        #expect(BackOffice.date(created.timestampExpires) != nil)
        let detail = try await client.operationDetail(.init(operationId: created.id, userId: "alice"))
        #expect(detail.userId == "alice")
        let listed = try await client.operations(.init(userId: "alice", applications: ["demo-app"]))
        #expect(listed.map(\.id) == [created.id])
        let canceled = try await client.cancelOperation(.init(operationId: created.id))
        #expect(canceled.status == .canceled)
        do {
            _ = try await client.cancelOperation(.init(operationId: created.id))
            Issue.record("a second cancel succeeded")
        } catch {
            #expect(error.serverCode == .operationInvalidState)
            #expect(error.httpStatus == 400)
        }
        do {
            _ = try await client.createOperation(.init(applications: ["other-app"], templateName: "login"))
            Issue.record("an unknown application was accepted")
        } catch {
            #expect(error.serverCode == .invalidApplication)
        }

        let block = "op-1\nPay\nNow\nA1*A100CZK*ICZ2730300000001165254011\nB"
        let payload = try await client.createOfflinePayload(
            BackOffice.CreatePersonalizedOfflineSignaturePayloadRequest(
                activationId: running.pair.device.activationId, data: block))
        let operation = try OfflineOperation(payload.offlineData)
        let request = try OfflineApproval.request(
            operationId: operation.operationId, operationData: operation.operationData, totp: operation.totp,
            nonce: operation.nonce)
        let device = running.pair.device
        let code = try OfflineApproval.code(
            request: request, factor: .knowledge, keys: device.factorKeys(password: "1234"),
            counter: device.signatureCounter())
        let verified = try await client.verifyOfflineSignature(
            .init(
                activationId: device.activationId, data: request.requestData, signature: code,
                allowBiometry: false))
        #expect(verified.signatureValid)
        #expect(verified.signatureType == .possessionKnowledge)
        #expect(verified.activationStatus == .active)
        #expect(verified.remainingAttempts == 5)
        let master = try await client.createOfflinePayload(
            BackOffice.CreateNonPersonalizedOfflineSignaturePayloadRequest(applicationId: "demo-app", data: block))
        #expect(try OfflineOperation(master.offlineData).operationId == "op-1")
    }

    @Test("Basic auth: the client's login passes; none or a wrong one is ERR_AUTHENTICATION with HTTP 401")
    func basicAuth() async throws {
        let running = try await Running(login: try BackOfficeLogin(username: "bank", password: "s3cret"))
        defer { running.task.cancel() }
        #expect(try await running.client(.init(user: "bank", password: "s3cret")).templates().isEmpty)
        for credentials in [nil, try OperationsSync.BackOfficeCredentials(user: "bank", password: "wrong")] {
            do {
                _ = try await running.client(credentials).templates()
                Issue.record("no or a wrong login was accepted")
            } catch {
                #expect(error.serverCode == .authentication)
                #expect(error.httpStatus == 401)
            }
        }
    }
}
