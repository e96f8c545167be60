import DevServer
import Foundation
import MobileTokenAPI
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import Testing

/// A server with one (or more) fresh activations and a device that signs like the mobile SDK.
struct TestHarness {
    static let password = "1234"

    let clock = TestClock()
    var devices: [DeviceActivation]
    var server: DevServer

    init(
        activations: Int = 1, admin: Bool = true, statePath: String? = nil, maxFailedAttempts: Int = 5,
        backOffice: BackOfficeConfiguration? = nil, limits: DevServerLimits = .standard
    ) throws {
        var devices: [DeviceActivation] = []
        var servers: [ServerActivation] = []
        for _ in 0..<activations {
            let pair = try ActivationFactory.create(
                password: Self.password, biometry: true, maxFailedAttempts: maxFailedAttempts)
            devices.append(pair.device)
            servers.append(pair.server)
        }
        self.devices = devices
        server = DevServer(
            state: DevServerState(activations: servers), statePath: statePath, adminEnabled: admin,
            backOffice: backOffice, clock: clock.emulatorClock, limits: limits)
    }

    var device: DeviceActivation { devices[0] }

    // MARK: requests

    func tokenHeader(device index: Int = 0, offsetMillis: Int64 = 0) async throws -> String {
        let token = try #require(devices[index].token)
        return TokenDigest.header(
            tokenId: token.id, tokenSecret: token.secret, timestampMillis: clock.millis + offsetMillis
        ).value
    }

    func tokenCall(_ path: String, body: String = "{}", device index: Int = 0) async throws -> TestResponse {
        await server.respond(
            to: TestRequest(
                method: "POST", path: path, headers: ["X-PowerAuth-Token": try tokenHeader(device: index)],
                body: Data(body.utf8)))
    }

    /// Signs `body` like the SDK (current counter, then advance) and sends it.
    mutating func signedCall(
        _ path: String, uriId: String, body: String, type: SignatureType = .possessionKnowledge,
        password: String = TestHarness.password, device index: Int = 0
    ) async throws -> TestResponse {
        let header = try await signatureHeader(uriId: uriId, body: body, type: type, password: password, device: index)
        return await server.respond(
            to: TestRequest(
                method: "POST", path: path, headers: [AuthorizationHeader.name: header], body: Data(body.utf8)))
    }

    mutating func signatureHeader(
        uriId: String, body: String, type: SignatureType = .possessionKnowledge,
        password: String = TestHarness.password, device index: Int = 0
    ) async throws -> String {
        let device = devices[index]
        let request = try SignedRequest(
            method: "POST", uriId: uriId, nonce: SecureRandom.bytes(count: 16).base64EncodedString(),
            body: Data(body.utf8))
        let header = try AuthorizationHeader.sign(
            request: request, type: type, keys: device.factorKeys(password: password),
            counter: device.signatureCounter(), activationId: device.activationId,
            applicationKey: device.applicationKey, applicationSecret: device.applicationSecret,
            version: device.protocolVersion)
        try devices[index].advanceCounter()
        return header.value
    }

    mutating func authorize(
        _ id: String, data: String, type: SignatureType = .possessionKnowledge, password: String = TestHarness.password,
        device: Int = 0
    ) async throws -> TestResponse {
        try await signedCall(
            EndpointPaths.MobileToken.operationAuthorize, uriId: "/operation/authorize",
            body: #"{"requestObject":{"id":"\#(id)","data":"\#(data)"}}"#, type: type, password: password,
            device: device)
    }

    mutating func reject(
        _ id: String, reason: String = "INCORRECT_DATA", type: SignatureType = .possession
    ) async throws -> TestResponse {
        try await signedCall(
            EndpointPaths.MobileToken.operationCancel, uriId: "/operation/cancel",
            body: #"{"requestObject":{"id":"\#(id)","reason":"\#(reason)"}}"#, type: type)
    }

    // MARK: admin

    func admin(_ method: String, _ path: String, _ body: String = "") async -> TestResponse {
        await server.respond(to: TestRequest(method: method, path: path, body: Data(body.utf8)))
    }

    /// Creates an online operation and returns its id.
    func createOperation(
        _ extra: String = "", data: String = "A1*A100CZK*Q238400856/0300**D20190629*NUtility"
    ) async throws -> String {
        let response = await admin(
            "POST", "/admin/operations",
            #"{"name":"authorize_payment","data":"\#(data)","title":"Confirm Payment","message":"Hello","#
                + #""attributes":[{"type":"AMOUNT","id":"operation.amount","label":"Amount","amount":2199.4,"currency":"CZK"}]"#
                + extra + "}")
        try #require(response.status == 200, "admin create: \(String(decoding: response.body, as: UTF8.self))")
        let object = try #require(try Self.json(response)["responseObject"] as? [String: Any])
        let operation = try #require(object["operation"] as? [String: Any])
        return try #require(operation["id"] as? String)
    }

    func activationView(_ index: Int = 0) async throws -> [String: Any] {
        let list = try await #require(
            try Self.json(admin("GET", "/admin/activations"))["responseObject"] as? [[String: Any]])
        return try #require(list.first { $0["activationId"] as? String == devices[index].activationId })
    }

    func adminOperation(_ id: String) async throws -> [String: Any] {
        try await #require(try Self.json(admin("GET", "/admin/operations/\(id)"))["responseObject"] as? [String: Any])
    }

    // MARK: back office

    /// A back-office call: `POST /rest/v3/<path>` with `body`.
    func rest(
        _ path: String, _ body: String = "{}", headers: [String: String] = [:],
        listener: DevServerListener = .main
    ) async -> TestResponse {
        await server.respond(
            to: TestRequest(
                method: "POST", path: "/rest/v3/" + path, headers: headers, body: Data(body.utf8),
                listener: listener))
    }

    /// The `responseObject` of a successful back-office call (fails the test otherwise).
    func restObject(_ path: String, _ requestObject: String) async throws -> [String: Any] {
        let response = await rest(path, #"{"requestObject":"# + requestObject + "}")
        try #require(response.status == 200, "\(path): \(String(decoding: response.body, as: UTF8.self))")
        let object = try Self.json(response)
        #expect(object["status"] as? String == "OK")
        return try #require(object["responseObject"] as? [String: Any])
    }

    // MARK: JSON

    static func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    static func errorCode(_ response: TestResponse) throws -> String? {
        let object = try json(response)
        guard object["status"] as? String == "ERROR" else { return nil }
        return (object["responseObject"] as? [String: Any])?["code"] as? String
    }
}
