import DevServer
import Foundation
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import Testing

/// The back office's offline QR payloads and code checks for a 4.0 activation (issue 27, spec §16-17):
/// `/rest/v4/auth/offline/...` (key `2` personalized, key `0` with the P-384 master key, `authenticationCode`
/// in and `authenticationValid` out) beside `/rest/v3/signature/offline/...`.
extension PowerAuthV4EndpointTests {
    static let block =
        "5ff1b1ed-a3cc-45a3-8ab0-ed60950312b6\nPayment\nPlease confirm\nA1*A100CZK*ICZ2730300000001165254011*D20180425*Thello\nB"

    func rest(_ path: String, _ requestObject: [String: Any]) async throws -> [String: Any] {
        let body = try JSONSerialization.data(withJSONObject: ["requestObject": requestObject])
        let response = await post("/rest/" + path, body)
        try #require(response.status == 200, "\(path): \(String(decoding: response.body, as: UTF8.self))")
        let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        return try #require(object["responseObject"] as? [String: Any])
    }

    @Test func backOfficeOfflinePayloadsAndCodesForA4Activation() async throws {
        var device = try await activate(suite: .ecP384)
        let created = try await rest(
            "v4/auth/offline/personalized/create", ["activationId": device.activationId, "data": Self.block])
        let operation = try OfflineOperation(try #require(created["offlineData"] as? String))
        #expect(operation.signingKey == .personalizedMAC)
        #expect(try device.state.verify(operation) == .valid)
        // The v3 route signs by the activation's protocol too.
        let viaV3 = try await rest(
            "v3/signature/offline/personalized/create", ["activationId": device.activationId, "data": Self.block])
        #expect(try OfflineOperation(try #require(viaV3["offlineData"] as? String)).signingKey == .personalizedMAC)

        let request = try OfflineApproval.request(
            operationId: operation.operationId, operationData: operation.operationData, totp: operation.totp,
            nonce: operation.nonce)
        let code = try device.state.approvalCode(for: operation, factor: .knowledge)
        func verify(_ code: String) async throws -> [String: Any] {
            try await rest(
                "v4/auth/offline/verify",
                ["activationId": device.activationId, "data": request.requestData, "authenticationCode": code])
        }
        let wrong = try await verify("12345678-12345678")
        #expect(wrong["authenticationValid"] as? Bool == false)
        #expect(wrong["remainingAttempts"] as? Int == 4)
        let accepted = try await verify(code)
        #expect(accepted["authenticationValid"] as? Bool == true)
        #expect(accepted["authenticationCodeType"] as? String == "POSSESSION_KNOWLEDGE")
        #expect(accepted["signatureValid"] == nil)
        #expect(try await verify(code)["authenticationValid"] as? Bool == false, "a code is accepted once")
        // The v3 verify call takes the next code of the same activation (the 4.0 check, v3 field names).
        let next = try device.state.approvalCode(for: operation, factor: .knowledge)
        let v3 = try await rest(
            "v3/signature/offline/verify",
            ["activationId": device.activationId, "data": request.requestData, "signature": next])
        #expect(v3["signatureValid"] as? Bool == true)

        // Non-personalized: P-384 on /rest/v4, P-256 on /rest/v3.
        let application = try #require(server.state.applications.first)
        let master = try await rest(
            "v4/auth/offline/non-personalized/create", ["applicationId": application.applicationId, "data": Self.block])
        let masterOperation = try OfflineOperation(try #require(master["offlineData"] as? String))
        #expect(masterOperation.signingKey == .master)
        #expect(try device.state.verify(masterOperation) == .valid)
        let legacy = try await rest(
            "v3/signature/offline/non-personalized/create",
            ["applicationId": application.applicationId, "data": Self.block])
        let legacyOperation = try OfflineOperation(try #require(legacy["offlineData"] as? String))
        #expect(try device.state.verify(legacyOperation) == .invalid)
        let p256 = try NISTP256.Signing.PrivateKey(rawRepresentation: application.masterPrivateKey).publicKey
        #expect(legacyOperation.checkSignature(masterKey: p256, personalizedKey: nil) == .valid)
    }
}
