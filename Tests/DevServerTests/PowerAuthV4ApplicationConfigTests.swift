import DevServer
import Foundation
import OfflineOperations
import PowerAuth
import Testing

/// The back office's application configuration (`/rest/v4/application/config/create|detail|remove`, spec §17):
/// `cryptography_algorithms_supported` is stored and returned, `/pa/v4/status` advertises exactly what it allows,
/// and an activation with another suite is refused.
extension PowerAuthV4EndpointTests {
    func offeredSuites() async throws -> [String] {
        let application = try application
        return try responseObject(
            await post(
                "/pa/v4/status",
                PowerAuthV4.Wire.encode(
                    PowerAuthV4.Wire.RequestObject(
                        PowerAuthV4.Wire.ServerStatusRequest(applicationKey: application.applicationKey)))),
            PowerAuthV4.Wire.ServerStatus.self
        ).supportedAlgorithms
    }

    func restFailure(_ path: String, _ requestObject: [String: Any]) async throws -> (Int, String?) {
        let body = try JSONSerialization.data(withJSONObject: ["requestObject": requestObject])
        let response = await post("/rest/" + path, body)
        let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        return (response.status, (object?["responseObject"] as? [String: Any])?["code"] as? String)
    }

    @Test func cryptographyAlgorithmsSupportedLimitsStatusAndActivation() async throws {
        let appId = try #require(server.state.applications.first?.applicationId)
        #expect(try await offeredSuites() == ["EC_P384_ML_L3", "EC_P384"])
        let empty = try await rest("v4/application/config/detail", ["applicationId": appId])
        #expect((empty["applicationConfigs"] as? [Any])?.isEmpty == true)

        let key = "cryptography_algorithms_supported"
        let created = try await rest(
            "v4/application/config/create", ["applicationId": appId, "key": key, "values": ["EC_P256", "EC_P384"]])
        #expect(created["values"] as? [String] == ["EC_P256", "EC_P384"])
        let detail = try await rest("v4/application/config/detail", ["applicationId": appId])
        let configs = try #require(detail["applicationConfigs"] as? [[String: Any]])
        #expect(configs.count == 1)
        #expect(configs.first?["key"] as? String == key)
        #expect(configs.first?["values"] as? [String] == ["EC_P256", "EC_P384"])
        // Status advertises exactly the 4.0 suites the list allows (EC_P256 is the 3.x suite).
        #expect(try await offeredSuites() == ["EC_P384"])
        _ = try await activate(suite: .ecP384)
        // EC_P384_ML_L3 is not in the list: the activation is refused (ERR_ACTIVATION).
        let application = try application
        let waiting = try server.activations.initActivation(.init(userId: "bob", commitPhase: .onCommit))
        let temporary = try await temporaryKey(
            application.temporaryKeyExchange(suite: .ecP384MLL3), signer: application.master)
        let request = try PowerAuthV4.ActivationRequest(
            code: try #require(waiting.registration?.activationCode), application: application,
            temporaryKey: temporary,
            suite: .ecP384MLL3, nowMillis: clock.millis)
        let refused = await post(
            "/pa/v4/activation/create", request.body,
            headers: [
                PowerAuthV4.EncryptionHeader.name: PowerAuthV4.EncryptionHeader(
                    applicationKey: application.applicationKey
                ).value
            ])
        #expect(refused.status == 400)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("ERR_ACTIVATION"))
        // The refused activation left its CREATED activation waiting (the code can be used with an allowed suite).
        #expect(
            server.state.activations.first { $0.activationId == waiting.activationId }?.counters.status == .created)

        // Bad input: a name that is no suite, an unknown application, no key.
        #expect(
            try await restFailure(
                "v4/application/config/create", ["applicationId": appId, "key": key, "values": ["RSA_2048"]])
                == (400, "ERR0024"))
        #expect(
            try await restFailure(
                "v4/application/config/create", ["applicationId": "nope", "key": "k", "values": ["x"]])
                == (400, "ERR0015"))
        #expect(try await restFailure("v4/application/config/remove", ["applicationId": appId]) == (400, "ERR0024"))
        #expect(try await offeredSuites() == ["EC_P384"], "a refused change leaves the list as it was")

        // Removing the key allows every suite again.
        _ = try await rest("v4/application/config/remove", ["applicationId": appId, "key": key])
        #expect(try await offeredSuites() == ["EC_P384_ML_L3", "EC_P384"])
        let device = try await activate(suite: .ecP384MLL3)
        // The back office shows the fingerprint the device shows: both ECDSA and both ML-DSA-65 keys.
        let status = try await rest("v3/activation/status", ["activationId": device.activationId])
        #expect(status["devicePublicKeyFingerprint"] as? String == (try device.fingerprint))
        #expect(status["version"] as? Int == 4)
        #expect(device.mldsa != nil)

        // An empty list allows none: status offers nothing.
        _ = try await rest("v4/application/config/create", ["applicationId": appId, "key": key, "values": [String]()])
        #expect(try await offeredSuites().isEmpty)
    }
}
