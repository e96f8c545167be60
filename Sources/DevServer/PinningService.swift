import FingerprintLists
import FoundationEssentials
import HTTPTypes
import Hummingbird
import MobileTokenAPI

/// `/app/init` (the Mobile Utility Server's signed fingerprint list), when a `PinningConfiguration` is given.
struct PinningService: Sendable {
    let pinning: PinningConfiguration?
    let clock: EmulatorClock

    /// Registers `/app/init`, which answers every method itself (405 for all but GET).
    func addRoutes(to group: RouterGroup<DevServerContext>) {
        for path in ["/app/init", "/app/init/public-key"] {
            for method in [HTTPRequest.Method.get, .post, .put, .delete, .patch, .head, .options] {
                group.on(RouterPath(path), method: method) { request, _ in try appInit(request) }
            }
        }
    }
}

extension PinningService {
    /// `GET /app/init?appName=` (the Mobile Utility Server's challenge mode) and
    /// `GET /app/init/public-key?appName=`.
    func appInit(_ request: Request) throws(APIFailure) -> Response {
        guard let pinning else { throw APIFailure(.notFound, "no fingerprint list is served") }
        guard request.method == .get else {
            return Self.musError(405, "METHOD_NOT_ALLOWED", "use GET")
        }
        guard let appName = request.query("appName"), !appName.isEmpty else {
            return Self.musError(400, "ERROR_REQUEST", "the query parameter appName is required")
        }
        if let expected = pinning.appName, expected != appName {
            return Self.musError(404, "APP_NOT_FOUND", "unknown application \(appName)")
        }
        if request.uri.path == "/app/init/public-key" {
            return Envelope.json(Data(#"{"publicKey":"\#(pinning.signingKey.exportedPublicKey)"}"#.utf8))
        }
        guard let challenge = request.header(ChallengeHeader.requestHeader),
            ChallengeHeader.isAcceptedByServer(challenge)
        else {
            return Self.musError(
                403, "INVALID_CHALLENGE", "\(ChallengeHeader.requestHeader) must be Base64 of 16 to 32 bytes")
        }
        let now = Int64(clock.now.timeIntervalSince1970)
        let body = ChallengeResponse(timestamp: now, entries: pinning.entries).encoded()
        var response = Envelope.json(body)
        do {
            let signature = try pinning.signingKey.signature(
                for: ChallengeHeader.signedBytes(challenge: challenge, body: body))
            if let name = HTTPField.Name(ChallengeHeader.signatureHeader) {
                response.headers.append(HTTPField(name: name, value: signature.base64EncodedString()))
            }
        } catch {
            return Self.musError(500, "ERROR_GENERIC", "signing failed")
        }
        return response
    }

    /// A Mobile Utility Server error body `{"code","message"}`.
    static func musError(_ status: Int, _ code: String, _ message: String) -> Response {
        Envelope.encode(ServerErrorBody(code: code, message: message), status: status)
    }
}
