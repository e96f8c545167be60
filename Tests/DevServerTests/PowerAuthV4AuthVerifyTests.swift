import DevServer
import Foundation
import PowerAuth
import Testing

/// `/rest/v4/auth/verify` (spec §17): a 4.0 device's online authentication code checked by the back office over the
/// request data, once per counter step, with failed attempts counted.
extension PowerAuthV4EndpointTests {
    @Test func backOfficeVerifiesAnOnlineAuthenticationCode() async throws {
        var device = try await activate(suite: .ecP384MLL3)
        let body = Data(#"{"amount":"100"}"#.utf8)
        let header = try device.authorize(
            method: "POST", uriId: "/payment/confirm", body: body, type: .possessionKnowledge)
        let requestData = try SignedRequest(method: "POST", uriId: "/payment/confirm", nonce: header.nonce, body: body)
            .requestData
        func verify(_ code: String, _ type: String = "POSSESSION_KNOWLEDGE") async throws -> [String: Any] {
            try await rest(
                "v4/auth/verify",
                [
                    "activationId": device.activationId, "applicationKey": header.applicationKey,
                    "data": requestData, "authenticationCode": code, "authenticationCodeType": type,
                ])
        }
        // Biometry, which this activation does not have: not valid, nothing counted.
        let wrongType = try await verify(header.authCode, "POSSESSION_BIOMETRY")
        #expect(wrongType["authenticationValid"] as? Bool == false)
        #expect(wrongType["remainingAttempts"] as? Int == 5)
        let accepted = try await verify(header.authCode)
        #expect(accepted["authenticationValid"] as? Bool == true)
        #expect(accepted["authenticationCodeType"] as? String == "POSSESSION_KNOWLEDGE")
        #expect(accepted["activationStatus"] as? String == "ACTIVE")
        let replayed = try await verify(header.authCode)
        #expect(replayed["authenticationValid"] as? Bool == false, "a code is accepted once")
        #expect(replayed["remainingAttempts"] as? Int == 4)
        #expect(
            try await restFailure(
                "v4/auth/verify",
                [
                    "activationId": device.activationId, "data": requestData, "authenticationCode": header.authCode,
                    "authenticationCodeType": "SIGNATURE",
                ]) == (400, "ERR0024"))
        #expect(
            try await restFailure(
                "v4/auth/verify",
                [
                    "activationId": UUID().uuidString.lowercased(), "data": requestData,
                    "authenticationCode": header.authCode, "authenticationCodeType": "POSSESSION",
                ]) == (400, "ERR0009"))
    }
}
