import Foundation
import HTTPTypes
import Hummingbird
public import Logging
import MobileTokenAPI
import NIOCore
import PowerAuth
import QRAuthEncoding

/// The local Mobile Token API + fingerprint endpoint emulator: its state and the handlers of every area;
/// `DevServerRoutes` is its Hummingbird router; `DevServerApplication` puts it on a socket.
public struct DevServer: Sendable {
    /// The token timestamp window: 2 h into the past, 30 min into the future (PowerAuth defaults).
    public static let tokenPastValidityMillis: Int64 = 7_200_000
    /// See `tokenPastValidityMillis`.
    public static let tokenFutureValidityMillis: Int64 = 1_800_000
    /// The largest request body accepted.
    public static let maximumBodySize = 1 << 20

    let store: DevServerStore
    let clock: EmulatorClock
    let logger: Logger
    /// Whether `/admin/...` answers.
    public let adminEnabled: Bool
    /// The `/app/init` configuration, when fingerprints are served.
    public let pinning: PinningConfiguration?
    /// The back-office REST API (`/rest/v3/...`) configuration; nil: off (404), as `--admin` is.
    public let backOffice: BackOfficeConfiguration?
    /// The 3.3 temporary encryption keys issued by `/pa/v3/keystore/create`.
    let temporaryKeys = ServerTemporaryKeys()
    let temporaryKeysV4 = ServerTemporaryKeysV4()
    /// ECIES replay protection of `/pa/v3` (3.2+: `[now − 60 s, now]`, each request once).
    let replayGuard = ECIES.ReplayGuard(policy: .server2)

    /// Makes a server over `state`; `statePath` (when given) is rewritten after every change. `limits`
    /// bound what it keeps (docs/serve.md, "Bounds").
    public init(
        state: DevServerState, statePath: String? = nil, adminEnabled: Bool = false,
        pinning: PinningConfiguration? = nil, backOffice: BackOfficeConfiguration? = nil,
        clock: EmulatorClock = .system, limits: DevServerLimits = .standard,
        logger: Logger = Logger(label: "qrauth.serve")
    ) {
        self.store = DevServerStore(
            state: state, statePath: statePath, clock: clock, limits: limits, logger: logger)
        self.clock = clock
        self.logger = logger
        self.adminEnabled = adminEnabled
        self.pinning = pinning
        self.backOffice = backOffice
    }

    /// What the server keeps.
    public var limits: DevServerLimits { store.limits }

    /// A copy of the current state.
    package var state: DevServerState { store.snapshot }

    /// Writes the state file (if any) now; called at shutdown.
    public func flush() throws(DevServerError) {
        do {
            try store.flush()
        } catch {
            throw DevServerError(.persistence, "cannot write the state file \(store.statePath ?? "")")
        }
    }

    /// The error envelope for `error`; refusals that point at a bug or an attack are logged.
    func failure(_ error: APIFailure, for request: ServerRequest) -> ServerResponse {
        // `/pa/v3` and lifecycle refusals (`wire`) were logged with their reason where they were made.
        if error.wire == nil, error.code == .generic || error.code == .powerAuthFailed {
            logger.info(
                "request refused",
                metadata: [
                    "path": "\(request.path)", "code": "\(error.codeText)", "message": "\(error.message)",
                ])
        }
        return Envelope.failure(error)
    }

    /// Parses a body as JSON; returns its `requestObject` (nil when absent).
    func requestObject(_ request: ServerRequest) throws(APIFailure) -> JSONValue? {
        try jsonObjectBody(request)?["requestObject"]
    }

    /// The members of a JSON-object body, nil for an empty body; anything else is `invalidRequest`.
    func jsonObjectBody(_ request: ServerRequest) throws(APIFailure) -> [String: JSONValue]? {
        guard !request.body.isEmpty else { return nil }
        let value: JSONValue
        do {
            value = try JSONDuplicateKeys.decode(JSONValue.self, from: request.body)
        } catch {
            throw APIFailure(.invalidRequest, "the request body is not JSON")
        }
        guard case .object(let members) = value else {
            throw APIFailure(.invalidRequest, "the request body is not a JSON object")
        }
        return members
    }

    /// The typed `requestObject` of a Mobile Token API body (`MobileTokenAPI` request bodies); a failure
    /// names the body, the envelope or the field (`requestObject.id is missing or not a string`).
    func requestObject<Object: Decodable & Sendable>(
        _ request: ServerRequest, as type: Object.Type
    ) throws(APIFailure) -> Object {
        guard !request.body.isEmpty else { throw APIFailure(.invalidRequest, "the request has no requestObject") }
        let envelope: RequestEnvelope<Object>
        do {
            envelope = try JSONDuplicateKeys.decode(RequestEnvelope<Object>.self, from: request.body)
        } catch let error as DecodingError {
            throw Self.requestFailure(error)
        } catch {
            throw APIFailure(.invalidRequest, "the request body is not JSON")
        }
        guard let object = envelope.requestObject else {
            throw APIFailure(.invalidRequest, "the request has no requestObject")
        }
        return object
    }

    /// The failure for a body that does not decode: not JSON, not an object, no object in `requestObject`, or a
    /// field (all the typed fields of the Mobile Token API requests are strings).
    static func requestFailure(_ error: DecodingError) -> APIFailure {
        let path: [any CodingKey]
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        case .keyNotFound(let key, let context):
            path = context.codingPath + [key]
        @unknown default:
            path = []
        }
        switch path.count {
        case 0:
            if case .dataCorrupted = error { return APIFailure(.invalidRequest, "the request body is not JSON") }
            return APIFailure(.invalidRequest, "the request body is not a JSON object")
        case 1:
            return APIFailure(.invalidRequest, "requestObject is not an object")
        default:
            return APIFailure(.invalidRequest, "requestObject.\(path[1].stringValue) is missing or not a string")
        }
    }

    /// The non-empty `id` of a detail, claim, authorize or cancel request.
    static func operationId(_ id: String) throws(APIFailure) -> String {
        guard !id.isEmpty else { throw APIFailure(.invalidRequest, "requestObject.id is missing or not a string") }
        return id
    }
}
