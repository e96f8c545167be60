import FoundationEssentials
import Hummingbird
import MobileTokenAPI
import OfflineOperations
import PowerAuth

/// `POST /admin/activations/init` and `/admin/activations/commit` (with `--admin`): the back office's
/// `activation/init` and `activation/commit` with the same bodies (`{"requestObject":{…}}` or the bare object)
/// and answers, for servers started without `--backoffice`. Errors carry the back office's `ERR00nn` codes.
extension AdminService {
    /// `activation/init` under `/admin`.
    func adminInitActivation(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let body = try await adminRequest(request, context, as: BackOffice.InitActivationRequest.self)
        var expires: Int64?
        if let text = body.timestampActivationExpire {
            guard let date = BackOffice.date(text) else {
                throw APIFailure(wireCode: "ERR0011", status: 400, "timestampActivationExpire is not an ISO-8601 date")
            }
            expires = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        }
        let activation = try Self.lifecycle { () throws(ActivationLifecycleError) in
            try activations.initActivation(
                ActivationInit(
                    userId: body.userId, applicationId: body.applicationId.isEmpty ? nil : body.applicationId,
                    commitPhase: body.commitPhase ?? .onCommit,
                    activationOtp: body.activationOtp,
                    maxFailureCount: try Self.failureCount(body.maxFailureCount), expiresMillis: expires,
                    flags: body.flags ?? []))
        }
        return Envelope.ok(
            BackOffice.InitActivationResponse(
                activationId: activation.activationId, activationCode: activation.registration?.activationCode ?? "",
                activationSignature: activation.registration?.activationSignature ?? "",
                userId: activation.registration?.userId ?? body.userId,
                applicationId: activation.registration?.applicationId ?? body.applicationId))
    }

    /// `activation/commit` under `/admin`.
    func adminCommitActivation(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let body = try await adminRequest(request, context, as: BackOffice.CommitActivationRequest.self)
        _ = try Self.lifecycle { () throws(ActivationLifecycleError) in
            try activations.commitActivation(body.activationId, activationOtp: body.activationOtp)
        }
        return Envelope.ok(BackOffice.CommitActivationResponse(activationId: body.activationId, activated: true))
    }

    /// A lifecycle call whose refusal is an `ERR00nn` envelope (HTTP 400; 500 for `ERR0000`).
    static func lifecycle<R>(_ body: () throws(ActivationLifecycleError) -> R) throws(APIFailure) -> R {
        do {
            return try body()
        } catch {
            throw APIFailure(
                wireCode: error.code.rawValue, status: error.code == .internalError ? 500 : 400, error.reason)
        }
    }

    private static func failureCount(_ value: Int64?) throws(ActivationLifecycleError) -> Int? {
        guard let value else { return nil }
        guard (1...1000).contains(value) else {
            throw ActivationLifecycleError(.invalidInput, "maxFailureCount must be 1 to 1000")
        }
        return Int(value)
    }
}
