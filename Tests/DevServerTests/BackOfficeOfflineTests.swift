import DevServer
import Foundation
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import Testing

@Suite("Back-office offline payloads and verification (/rest/v3/signature/offline)")
struct BackOfficeOfflineTests {
    static let block =
        "5ff1b1ed-a3cc-45a3-8ab0-ed60950312b6\nPayment\nPlease confirm\nA1*A100CZK*ICZ2730300000001165254011*D20180425*Thello\nB"

    static func json(_ text: String) -> String {
        let data = try? JSONEncoder().encode(text)
        return String(decoding: data ?? Data(), as: UTF8.self)
    }

    @Test("personalized payload: signed with the activation's server key; the device's code verifies once")
    func personalizedRoundTrip() async throws {
        let harness = try TestHarness(backOffice: BackOfficeConfiguration())
        let activationId = harness.device.activationId
        let created = try await harness.restObject(
            "signature/offline/personalized/create",
            #"{"activationId":"\#(activationId)","data":\#(Self.json(Self.block))}"#)
        let offlineData = try #require(created["offlineData"] as? String)
        let nonce = try #require(created["nonce"] as? String)
        let operation = try OfflineOperation(offlineData)
        #expect(operation.nonce == nonce)
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
        func verify(_ signature: String) async throws -> [String: Any] {
            try await harness.restObject(
                "signature/offline/verify",
                #"{"activationId":"\#(activationId)","data":\#(Self.json(request.requestData)),"#
                    + #""signature":"\#(signature)","allowBiometry":true}"#)
        }
        let refused = try await verify(wrong)
        #expect(refused["signatureValid"] as? Bool == false)
        #expect(refused["remainingAttempts"] as? Int == 4)
        #expect(refused["activationStatus"] as? String == "ACTIVE")
        let accepted = try await verify(code)
        #expect(accepted["signatureValid"] as? Bool == true)
        #expect(accepted["signatureType"] as? String == "POSSESSION_KNOWLEDGE")
        #expect(accepted["remainingAttempts"] as? Int == 5)
        #expect(accepted["activationId"] as? String == activationId)
        let replayed = try await verify(code)
        #expect(replayed["signatureValid"] as? Bool == false, "a code is accepted once: the counter moved past it")
    }

    @Test("personalized payload with a given nonce and a proximity TOTP line")
    func proximityAndNonce() async throws {
        let harness = try TestHarness(backOffice: BackOfficeConfiguration())
        let nonce = Data(repeating: 7, count: 16).base64EncodedString()
        let seed = Data(repeating: 1, count: 16).base64EncodedString()
        let created = try await harness.restObject(
            "signature/offline/personalized/create",
            #"{"activationId":"\#(harness.device.activationId)","data":\#(Self.json(Self.block)),"nonce":"\#(nonce)","#
                + #""proximityCheck":{"seed":"\#(seed)","stepLength":30}}"#)
        #expect(created["nonce"] as? String == nonce)
        let operation = try OfflineOperation(try #require(created["offlineData"] as? String))
        let expected = try TOTP.code(
            seed: Data(repeating: 1, count: 16), unixTime: Int64(harness.clock.now.timeIntervalSince1970), step: 30)
        #expect(operation.totp == expected)
    }

    @Test("non-personalized payload: signed with the application's master key; an unknown application is ERR0015")
    func nonPersonalized() async throws {
        let application = ServerApplication.generate(applicationId: "demo-app")
        let server = DevServer(
            state: DevServerState(applications: [application]), backOffice: BackOfficeConfiguration())
        func create(_ applicationId: String) async -> TestResponse {
            await server.respond(
                to: TestRequest(
                    method: "POST", path: "/rest/v3/signature/offline/non-personalized/create",
                    body: Data(
                        #"{"requestObject":{"applicationId":"\#(applicationId)","data":\#(Self.json(Self.block))}}"#
                            .utf8)))
        }
        let created = try #require(try TestHarness.json(await create("demo-app"))["responseObject"] as? [String: Any])
        let operation = try OfflineOperation(try #require(created["offlineData"] as? String))
        let masterKey = try NISTP256.Signing.PublicKey(x963Representation: application.masterPublicKey)
        #expect(operation.checkSignature(masterKey: masterKey, personalizedKey: nil) == .valid)
        #expect(try TestHarness.errorCode(await create("other-app")) == "ERR0015")
    }

    @Test(
        "bad offline requests get the server's codes",
        arguments: [
            ("signature/offline/personalized/create", #"{"activationId":"nobody","data":"x"}"#, "ERR0009"),
            ("signature/offline/personalized/create", #"{"activationId":"$A","data":""}"#, "ERR0024"),
            ("signature/offline/personalized/create", #"{"activationId":"$A","data":"x","nonce":"short"}"#, "ERR0011"),
            ("signature/offline/personalized/create", #"{"activationId":"$A"}"#, "ERR0024"),
            (
                "signature/offline/personalized/create",
                #"{"activationId":"$A","data":"x","proximityCheck":{"seed":"!","stepLength":30}}"#, "ERR0011"
            ),
            (
                "signature/offline/verify",
                #"{"activationId":"nobody","data":"POST&L28=&AAAAAAAAAAAAAAAAAAAAAA==&YQ==","signature":"1-2"}"#,
                "ERR0009"
            ),
            (
                "signature/offline/verify",
                #"{"activationId":"$A","data":"not request data","signature":"12345678-12345678"}"#, "ERR0011"
            ),
            (
                "signature/offline/verify",
                #"{"activationId":"$A","data":"POST&L28=&AAAAAAAAAAAAAAAAAAAAAA==&YQ==","signature":"12345678-12345678","componentLength":3}"#,
                "ERR0024"
            ),
        ])
    func badRequests(path: String, body: String, code: String) async throws {
        let harness = try TestHarness(backOffice: BackOfficeConfiguration())
        let filled = body.replacingOccurrences(of: "$A", with: harness.device.activationId)
        let response = await harness.rest(path, #"{"requestObject":\#(filled)}"#)
        #expect(response.status == 400)
        #expect(try TestHarness.errorCode(response) == code, "\(path) \(body)")
        #expect(harness.server.state.activations[0].counters.failedAttempts == 0)
    }
}
