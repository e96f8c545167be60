import FoundationEssentials
import MobileTokenAPI
import PowerAuth
import QRAuthEncoding

/// `createApplicationConfig` and its siblings (spec §17; SERVER `docs/WebServices-Methods-V4.md`): a key with a
/// list of values per application. `cryptography_algorithms_supported` (suite names) limits the suites
/// `/pa/v4/status` advertises and `/pa/v4/activation/create` accepts.
struct CreateApplicationConfigRequest: Codable, Sendable {
    var applicationId: String
    var key: String
    var values: [JSONValue]
}

/// The answer of `application/config/create`: what was stored.
struct CreateApplicationConfigResponse: Codable, Sendable {
    var applicationId: String
    var key: String
    var values: [JSONValue]
}

/// `application/config/detail` and `application/config/remove` (the latter with `key`).
struct ApplicationConfigRequest: Codable, Sendable {
    var applicationId: String
    var key: String?
}

/// One configuration entry of `application/config/detail`.
struct ApplicationConfigItem: Codable, Sendable, Equatable {
    var key: String
    var values: [JSONValue]
}

/// The answer of `application/config/detail`: every key, sorted.
struct GetApplicationConfigResponse: Codable, Sendable {
    var applicationId: String
    var applicationConfigs: [ApplicationConfigItem]
}

extension BackOfficeRoutes {
    /// `/rest/v4/application/config/create|detail|remove`.
    static var applicationConfigRoutes: [BackOfficeRoute] {
        [
            .typed(V4Path.applicationConfigCreate, BackOfficeService.createApplicationConfig),
            .typed(V4Path.applicationConfigDetail, ApplicationConfigRequest.self) {
                server, body throws(BackOfficeFailure) in
                guard
                    let application = server.state.applications.first(where: { $0.applicationId == body.applicationId })
                else { throw BackOfficeFailure(.invalidApplication, "no application \(body.applicationId)") }
                return GetApplicationConfigResponse(
                    applicationId: application.applicationId,
                    applicationConfigs: (application.configs ?? [:]).sorted { $0.key < $1.key }.map {
                        ApplicationConfigItem(key: $0.key, values: $0.value)
                    })
            },
            .typed(V4Path.applicationConfigRemove, BackOfficeService.removeApplicationConfig),
        ]
    }
}

extension BackOfficeService {
    /// At most this many configuration keys per application, and values per key.
    static let applicationConfigLimit = 64

    /// `application/config/create`: sets (or replaces) one key. `cryptography_algorithms_supported` must list suite
    /// names (`EC_P256`, `EC_P384`, `EC_P384_ML_L3`, `EC_P384_ML_L5`); other keys are stored as given.
    func createApplicationConfig(
        _ body: CreateApplicationConfigRequest
    ) throws(BackOfficeFailure) -> CreateApplicationConfigResponse {
        let key = body.key.trimmingWhitespace()
        guard !key.isEmpty, key.utf8.count <= 255 else { throw .missing("key") }
        guard body.values.count <= Self.applicationConfigLimit else {
            throw BackOfficeFailure(.invalidRequest, "too many values (at most \(Self.applicationConfigLimit))")
        }
        if key == ServerApplication.cryptographyAlgorithmsKey {
            for value in body.values {
                guard case .string(let name) = value, ServerApplication.cryptographyAlgorithmNames.contains(name) else {
                    throw BackOfficeFailure(
                        .invalidRequest,
                        "\(key) lists suite names: "
                            + ServerApplication.cryptographyAlgorithmNames.sorted().joined(separator: ", "))
                }
            }
        }
        try store.backOfficeTransaction { (state, changed) throws(BackOfficeFailure) in
            guard let index = state.applications.firstIndex(where: { $0.applicationId == body.applicationId }) else {
                throw BackOfficeFailure(.invalidApplication, "no application \(body.applicationId)")
            }
            var configs = state.applications[index].configs ?? [:]
            guard configs[key] != nil || configs.count < Self.applicationConfigLimit else {
                throw BackOfficeFailure(
                    .invalidRequest, "too many configuration keys (at most \(Self.applicationConfigLimit))")
            }
            configs[key] = body.values
            state.applications[index].configs = configs
            changed = true
        }
        return CreateApplicationConfigResponse(applicationId: body.applicationId, key: key, values: body.values)
    }

    /// `application/config/remove`: drops one key (absent keys are no error, as on the real server).
    func removeApplicationConfig(_ body: ApplicationConfigRequest) throws(BackOfficeFailure) -> [String: String] {
        guard let key = body.key, !key.isEmpty else { throw .missing("key") }
        try store.backOfficeTransaction { (state, changed) throws(BackOfficeFailure) in
            guard let index = state.applications.firstIndex(where: { $0.applicationId == body.applicationId }) else {
                throw BackOfficeFailure(.invalidApplication, "no application \(body.applicationId)")
            }
            state.applications[index].configs?[key] = nil
            if state.applications[index].configs?.isEmpty == true { state.applications[index].configs = nil }
            changed = true
        }
        return [:]
    }
}
