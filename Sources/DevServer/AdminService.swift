import FoundationEssentials
import Hummingbird
import MobileTokenAPI
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import QRAuthEncoding

/// The admin API (`/admin/...`, with `--admin`): online and offline operations, activations, reset.
struct AdminService: Sendable {
    let store: DevServerStore
    let clock: EmulatorClock
    let activations: ActivationService

    /// Registers the admin API (the group is behind `AdminGateMiddleware`).
    func addRoutes(to group: RouterGroup<DevServerContext>) {
        group.post("/admin/operations") { request, context in
            try createOperation(await adminRequest(request, context, as: CreateOperationRequest.self))
        }
        group.get("/admin/operations") { _, _ in listAdminOperations() }
        group.get("/admin/operations/{id}") { _, context in try adminOperation(Self.id(context)) }
        group.post("/admin/operations/{id}/cancel") { _, context in try cancelOperation(Self.id(context)) }
        group.post("/admin/offline-operations") { request, context in
            try createOfflineOperation(await adminRequest(request, context, as: CreateOfflineOperationRequest.self))
        }
        group.get("/admin/offline-operations") { _, _ in listOfflineOperations() }
        group.post("/admin/offline-operations/{id}/verify") { request, context in
            try verifyOfflineCode(
                Self.id(context), body: await adminRequest(request, context, as: VerifyOfflineCodeRequest.self))
        }
        group.get("/admin/activations") { _, _ in listAdminActivations() }
        group.post("/admin/activations/{id}/unblock") { _, context in try unblock(Self.id(context)) }
        group.post("/admin/activations/init") { try await adminInitActivation($0, $1) }
        group.post("/admin/activations/commit") { try await adminCommitActivation($0, $1) }
        group.post("/admin/reset") { _, _ in try reset() }
        addInboxAndPushRoutes(to: group)
    }

    /// The `{id}` path parameter.
    private static func id(_ context: DevServerContext) -> String {
        context.parameters.get("id").map { String($0) } ?? ""
    }
}

extension AdminService {
    /// `GET /admin/operations`: every online operation with its server-side fields.
    func listAdminOperations() -> Response {
        Envelope.ok(store.snapshot.operations.map(AdminOperationView.init))
    }

    /// `GET /admin/operations/{id}`.
    func adminOperation(_ id: String) throws(APIFailure) -> Response {
        guard let record = store.snapshot.operations.first(where: { $0.id == id }) else {
            throw APIFailure(.invalidOperation, "no operation \(id)")
        }
        return Envelope.ok(AdminOperationView(record))
    }

    /// `GET /admin/offline-operations`.
    func listOfflineOperations() -> Response {
        Envelope.ok(store.snapshot.offlineOperations)
    }

    /// `GET /admin/activations`.
    func listAdminActivations() -> Response {
        Envelope.ok(store.snapshot.activations.map(AdminActivationView.init))
    }

    /// `POST /admin/reset`: no operations, no inbox messages, no push registrations, every activation ACTIVE with
    /// no failed attempts.
    func reset() throws(APIFailure) -> Response {
        try store.reset { state in
            state.operations.removeAll()
            state.offlineOperations.removeAll()
            state.inbox.removeAll()
            state.pushRegistrations.removeAll()
            for index in state.activations.indices {
                // Activations made through codes keep CREATED, PENDING_COMMIT and REMOVED.
                let activation = state.activations[index]
                guard activation.registration == nil || activation.counters.status == .blocked else { continue }
                state.activations[index].counters.failedAttempts = 0
                state.activations[index].counters.status = .active
                state.activations[index].blockedReason = nil
            }
        }
        return Envelope.okEmpty()
    }

    /// A typed admin body: its `requestObject` when wrapped, else the object itself (empty body: `{}`).
    func adminRequest<Body: Decodable>(
        _ request: Request, _ context: DevServerContext, as type: Body.Type
    ) async throws(APIFailure) -> Body {
        var context = context
        if context.body.isEmpty { context.body = Data("{}".utf8) }
        do {
            return try await context.decode(AdminBody<Body>.self, from: request).request
        } catch let error as DecodingError {
            if case .dataCorrupted = error { throw APIFailure(.invalidRequest, "the request body is not JSON") }
            throw APIFailure(.invalidRequest, "the request body is not a JSON object")
        } catch {
            throw APIFailure(.invalidRequest, "the request body is not JSON")
        }
    }

    /// The activation an admin request names, or the only usable one loaded.
    private func targetActivation(_ activationId: String?, in state: DevServerState) throws(APIFailure) -> String? {
        if let id = activationId {
            guard state.activations.contains(where: { $0.activationId == id }) else {
                throw APIFailure(.invalidActivation, "no activation \(id) is loaded")
            }
            return id
        }
        // Activations still waiting for their device (or removed) are not candidates.
        let usable = state.activations.filter { $0.hasDeviceKey && $0.counters.status != .removed }
        return usable.count == 1 ? usable[0].activationId : nil
    }

    /// `POST /admin/operations`: a pending online operation (see docs/serve.md for the fields).
    func createOperation(_ body: CreateOperationRequest) throws(APIFailure) -> Response {
        guard let data = body.data, !data.isEmpty else {
            throw APIFailure(.invalidRequest, "data (the operation data string) is required")
        }
        let now = Date(timeIntervalSince1970: clock.now.timeIntervalSince1970.rounded(.down))
        let expiresIn = body.expiresIn ?? 300
        guard !body.expiresInOutOfRange, (1...31_536_000).contains(expiresIn) else {
            throw APIFailure(.invalidRequest, "expiresIn must be 1 to 31536000 seconds")
        }
        var allowed = AllowedSignatureType.twoFactorKnowledgeOrBiometry
        if let value = body.allowedSignatureType {
            guard let type = value.type else {
                throw APIFailure(.invalidRequest, "allowedSignatureType.type is required")
            }
            var variants: [String] = []
            if let items = value.variants {
                for item in items {
                    guard let name = item.stringValue else {
                        throw APIFailure(.invalidRequest, "allowedSignatureType.variants must be strings")
                    }
                    variants.append(name)
                }
            }
            allowed = try AllowedSignatureType(validatingType: type, variants: variants)
        }
        var formData: JSONValue
        if let given = body.formData {
            guard given["title"]?.stringValue != nil, given["message"]?.stringValue != nil else {
                throw APIFailure(.invalidRequest, "formData needs the strings title and message")
            }
            formData = given
        } else {
            var members: [String: JSONValue] = [
                "title": .string(body.title ?? "Confirm operation"),
                "message": .string(body.message ?? ""),
                "attributes": body.attributes ?? .array([]),
            ]
            if let texts = body.resultTexts { members["resultTexts"] = texts }
            formData = .object(members)
        }
        if case .object(var members) = formData, members["attributes"] == nil {
            members["attributes"] = .array([])
            formData = .object(members)
        }
        let maxFailures = body.maxFailureCount ?? 5
        guard (1...1000).contains(maxFailures) else {
            throw APIFailure(.invalidRequest, "maxFailureCount must be 1 to 1000")
        }
        var seed: String?
        var step: Int64?
        if let proximity = body.proximityCheck {
            seed = proximity.seed ?? SecureRandom.bytes(count: 16).base64EncodedString()
            guard let seed, let bytes = StrictBase64.decode(seed), !bytes.isEmpty else {
                throw APIFailure(.invalidRequest, "proximityCheck.seed must be Base64")
            }
            step = proximity.step ?? 30
            guard let step, step > 0 else { throw APIFailure(.invalidRequest, "proximityCheck.step must be positive") }
        }
        let id = body.id ?? UUID().uuidString.lowercased()
        let record = try store.transaction { (state, changed) throws(APIFailure) -> OperationRecord in
            guard !state.operations.contains(where: { $0.id == id }) else {
                throw APIFailure(.invalidRequest, "an operation \(id) exists already")
            }
            let limit = store.limits.pendingOperations
            guard state.admitPendingOperation(limit: limit, now: now, changed: &changed) else {
                throw APIFailure(
                    .invalidRequest, "too many pending operations (at most \(limit)): finish or cancel some first")
            }
            let record = OperationRecord(
                id: id, name: body.name ?? body.template ?? "authorize_payment",
                data: data, status: .pending, statusReason: nil, created: now,
                expires: now.addingTimeInterval(TimeInterval(expiresIn)), allowedSignatureType: allowed,
                formData: formData, ui: body.ui, activationId: try targetActivation(body.activationId, in: state),
                failureCount: 0, maxFailureCount: Int(maxFailures), proximitySeed: seed, proximityStep: step)
            state.operations.append(record)
            changed = true
            return record
        }
        return Envelope.ok(AdminOperationView(record))
    }

    /// `POST /admin/operations/{id}/cancel`: an alias of `/rest/v3/operation/cancel` (the same transition,
    /// `OperationRecord.cancelByBank`) that answers with the Mobile Token API's codes and the admin view.
    func cancelOperation(_ id: String) throws(APIFailure) -> Response {
        let now = clock.now
        let record = try store.transaction { (state, changed) throws(APIFailure) -> OperationRecord in
            guard let index = state.operations.firstIndex(where: { $0.id == id }) else {
                throw APIFailure(.invalidOperation, "no operation \(id)")
            }
            changed = true
            if let status = state.operations[index].cancelByBank(reason: nil, now: now),
                let failure = OperationRecord.failure(for: status)
            {
                throw failure
            }
            return state.operations[index]
        }
        return Envelope.ok(AdminOperationView(record))
    }

    /// `POST /admin/activations/{id}/unblock`: ACTIVE again, failed attempts 0.
    func unblock(_ id: String) throws(APIFailure) -> Response {
        let view = try store.transaction { (state, changed) throws(APIFailure) -> AdminActivationView in
            guard let index = state.activations.firstIndex(where: { $0.activationId == id }) else {
                throw APIFailure(.invalidActivation, "no activation \(id)")
            }
            let status = state.activations[index].counters.status
            if state.activations[index].registration != nil, status != .blocked, status != .active {
                throw APIFailure(.invalidActivation, "the activation is \(status.rawValue), not BLOCKED")
            }
            state.activations[index].counters.status = .active
            state.activations[index].counters.failedAttempts = 0
            state.activations[index].blockedReason = nil
            changed = true
            return AdminActivationView(state.activations[index])
        }
        return Envelope.ok(view)
    }
}
