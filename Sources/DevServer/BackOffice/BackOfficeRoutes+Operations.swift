import FoundationEssentials
import MobileTokenAPI
import PowerAuth
import QRAuthCrypto
import QRAuthEncoding

extension BackOfficeRoutes {
    /// `/rest/v3/operation/...`: create, detail, list, list/pending, cancel.
    static var operationRoutes: [BackOfficeRoute] {
        [
            .typed(EndpointPaths.backOffice(.operationCreate), BackOfficeService.createBackOfficeOperation),
            .typed(EndpointPaths.backOffice(.operationDetail), BackOfficeService.backOfficeOperationDetail),
            .typed(EndpointPaths.backOffice(.operationList), OperationListBody.self) {
                server, body throws(BackOfficeFailure) in
                try server.listBackOfficeOperations(body, pendingOnly: false)
            },
            .typed(EndpointPaths.backOffice(.operationListPending), OperationListBody.self) {
                server, body throws(BackOfficeFailure) in
                try server.listBackOfficeOperations(body, pendingOnly: true)
            },
            .typed(EndpointPaths.backOffice(.operationCancel), BackOfficeService.cancelBackOfficeOperation),
        ]
    }
}

/// `operation/list` and `list/pending`. Not `BackOffice.OperationListForUserRequest`: the server reads a missing
/// `applications` as none (all of the user's operations), where the client's type requires it.
struct OperationListBody: Decodable {
    var userId: String
    var applications: [String]?
    var activationId: String?
    var pageNumber: Int?
    var pageSize: Int?
}

extension BackOfficeService {
    /// `operation/create`: a PENDING operation from a template, `${param}` placeholders filled from `parameters`
    /// (unknown ones stay as written), expiring at `timestampExpires` or after the template's expiration.
    func createBackOfficeOperation(
        _ body: BackOffice.OperationCreateRequest
    ) throws(BackOfficeFailure) -> BackOffice.OperationDetailResponse {
        guard !body.templateName.isEmpty else { throw .missing("templateName") }
        guard !body.applications.isEmpty, !body.applications.contains(where: \.isEmpty) else {
            throw .missing("applications")
        }
        let now = Date(timeIntervalSince1970: clock.now.timeIntervalSince1970.rounded(.down))
        let snapshot = state
        guard let template = snapshot.templates.first(where: { $0.templateName == body.templateName }) else {
            throw BackOfficeFailure(.operationTemplateNotFound, "no operation template named \(body.templateName)")
        }
        let known = Set(snapshot.applications.map(\.applicationId))
        if !known.isEmpty, let unknown = body.applications.first(where: { !known.contains($0) }) {
            throw BackOfficeFailure(.invalidApplication, "no application \(unknown)")
        }
        // As the real server: the activation must exist and be the user's; its user is the default user.
        var userId = body.userId
        if let activationId = body.activationId {
            guard let activation = snapshot.activations.first(where: { $0.activationId == activationId }) else {
                throw BackOfficeFailure(.invalidRequest, "no activation \(activationId)")
            }
            if let userId, let owner = activation.backOfficeUserId, owner != userId {
                throw BackOfficeFailure(.invalidRequest, "activation \(activationId) does not belong to user \(userId)")
            }
            userId = userId ?? activation.backOfficeUserId
        }
        for value in (body.parameters ?? [:]).values
        where value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw BackOfficeFailure(.invalidRequest, "requestObject.parameters: a value contains control characters")
        }
        var expires = now.addingTimeInterval(TimeInterval(template.expiration))
        if let text = body.timestampExpires {
            guard let date = BackOffice.date(text) else {
                throw BackOfficeFailure(.httpRequest, "requestObject.timestampExpires is not an ISO-8601 date")
            }
            expires = date
        }
        guard expires > now else {
            throw BackOfficeFailure(.invalidRequest, "requestObject.timestampExpires is in the past")
        }
        guard let allowed = AllowedSignatureType(backOfficeTypes: template.signatureType) else {
            throw BackOfficeFailure(.operationTemplateError, "the template allows no Mobile Token signature type")
        }
        let parameters = body.parameters ?? [:]
        let data = Self.fill(template.dataTemplate, with: parameters)
        let proximity = body.proximityCheckEnabled ?? template.proximityCheckEnabled
        let attributes: [JSONValue] = parameters.keys.sorted().map { key in
            .object([
                "type": .string("KEY_VALUE"), "id": .string("operation.\(key)"), "label": .string(key),
                "value": .string(parameters[key] ?? ""),
            ])
        }
        let record = OperationRecord(
            id: UUID().uuidString.lowercased(), name: template.operationType, data: data, status: .pending,
            statusReason: nil, created: now, expires: expires, allowedSignatureType: allowed,
            formData: .object([
                "title": .string(template.operationType), "message": .string(data), "attributes": .array(attributes),
            ]),
            ui: nil, activationId: body.activationId, failureCount: 0, maxFailureCount: Int(template.maxFailureCount),
            proximitySeed: proximity ? SecureRandom.bytes(count: 16).base64EncodedString() : nil,
            proximityStep: proximity ? 30 : nil,
            backOffice: BackOfficeOperationFields(
                userId: userId, applications: body.applications, externalId: body.externalId,
                activationFlag: body.activationFlag, templateName: template.templateName, parameters: parameters,
                additionalData: body.additionalData, signatureType: template.signatureType,
                riskFlags: template.riskFlags))
        try store.backOfficeTransaction { (state, changed) throws(BackOfficeFailure) in
            // ERR0041 (operation error): the real server has no code for a full store.
            let limit = store.limits.pendingOperations
            guard state.admitPendingOperation(limit: limit, now: now, changed: &changed) else {
                throw BackOfficeFailure(
                    .operationError, "too many pending operations (at most \(limit)): finish or cancel some first")
            }
            state.operations.append(record)
            changed = true
        }
        return BackOffice.OperationDetailResponse(record, now: now)
    }

    /// `operation/detail`: any status (a PENDING one past its expiry becomes EXPIRED now). A `userId` claims a
    /// non-personalized operation; another user's operation is not found.
    func backOfficeOperationDetail(
        _ body: BackOffice.OperationDetailRequest
    ) throws(BackOfficeFailure) -> BackOffice.OperationDetailResponse {
        try changingOperation(body.operationId) { (operation, now, changed) throws(BackOfficeFailure) in
            if operation.expireIfDue(now: now) { changed = true }
            if let userId = body.userId, !userId.isEmpty {
                let owner = operation.backOffice?.userId
                if owner == nil, operation.backOffice != nil {
                    operation.backOffice?.userId = userId
                    changed = true
                } else if owner != userId {
                    throw BackOfficeFailure(.operationNotFound, "no operation \(body.operationId) for user \(userId)")
                }
            }
        }
    }

    /// `operation/list` and `list/pending`: the user's operations (newest first, paged; page size 1 to 1000,
    /// default 100), optionally only those of some applications or one activation.
    func listBackOfficeOperations(
        _ body: OperationListBody, pendingOnly: Bool
    ) throws(BackOfficeFailure) -> [BackOffice.OperationDetailResponse] {
        guard !body.userId.isEmpty else { throw .missing("userId") }
        let pageNumber = body.pageNumber ?? 0
        let pageSize = body.pageSize ?? 100
        guard pageNumber >= 0, pageNumber <= 1_000_000 else {
            throw BackOfficeFailure(.invalidRequest, "requestObject.pageNumber must be 0 or more")
        }
        guard (1...1000).contains(pageSize) else {
            throw BackOfficeFailure(.invalidRequest, "requestObject.pageSize must be 1 to 1000")
        }
        let applications = Set(body.applications ?? [])
        let now = clock.now
        let records = try store.backOfficeTransaction {
            (state, changed) throws(BackOfficeFailure) -> [OperationRecord] in
            var found: [OperationRecord] = []
            for index in state.operations.indices {
                guard let fields = state.operations[index].backOffice, fields.userId == body.userId else { continue }
                if !applications.isEmpty, applications.isDisjoint(with: fields.applications) { continue }
                if let activationId = body.activationId, let assigned = state.operations[index].activationId,
                    assigned != activationId
                {
                    continue
                }
                if state.operations[index].expireIfDue(now: now) { changed = true }
                if pendingOnly, state.operations[index].status != .pending { continue }
                found.append(state.operations[index])
            }
            return found
        }
        let newestFirst = records.enumerated().sorted { a, b in
            a.element.created != b.element.created ? a.element.created > b.element.created : a.offset > b.offset
        }.map(\.element)
        let start = pageNumber * pageSize
        guard start < newestFirst.count else { return [] }
        return newestFirst[start..<min(start + pageSize, newestFirst.count)].map {
            BackOffice.OperationDetailResponse($0, now: now)
        }
    }

    /// `operation/cancel`: a PENDING operation becomes CANCELED; any other status is `ERR0036`.
    func cancelBackOfficeOperation(
        _ body: BackOffice.OperationCancelRequest
    ) throws(BackOfficeFailure) -> BackOffice.OperationDetailResponse {
        try changingOperation(body.operationId) { (operation, now, changed) throws(BackOfficeFailure) in
            changed = true
            if let status = operation.cancelByBank(reason: body.statusReason, now: now) {
                throw BackOfficeFailure(
                    .operationInvalidState, "operation \(body.operationId) is \(status.rawValue), not PENDING")
            }
            Self.merge(body.additionalData, into: &operation)
        }
    }

    /// Runs `change` on operation `id` (`operationIndex`) in one back-office transaction, with the time and the
    /// transaction's `changed` flag, and answers with the operation as it is after.
    private func changingOperation(
        _ id: String,
        _ change: (inout OperationRecord, Date, inout Bool) throws(BackOfficeFailure) -> Void
    ) throws(BackOfficeFailure) -> BackOffice.OperationDetailResponse {
        let now = clock.now
        let record = try store.backOfficeTransaction { (state, changed) throws(BackOfficeFailure) -> OperationRecord in
            let index = try Self.operationIndex(id, in: state)
            try change(&state.operations[index], now, &changed)
            return state.operations[index]
        }
        return BackOffice.OperationDetailResponse(record, now: now)
    }

    /// The index of operation `id` (`ERR0034` when unknown or empty).
    static func operationIndex(_ id: String, in state: DevServerState) throws(BackOfficeFailure) -> Int {
        guard !id.isEmpty else { throw .missing("operationId") }
        guard let index = state.operations.firstIndex(where: { $0.id == id }) else {
            throw BackOfficeFailure(.operationNotFound, "no operation \(id)")
        }
        return index
    }

    /// `template` with every `${name}` whose name is a parameter replaced by its value; other text stays.
    package static func fill(_ template: String, with parameters: [String: String]) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstRange(of: "${") {
            result += rest[..<open.lowerBound]
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: "}") else {
                result += rest[open.lowerBound...]
                return result
            }
            let name = String(after[..<close])
            if let value = parameters[name] {
                result += value
            } else {
                result += rest[open.lowerBound...close]
            }
            rest = after[after.index(after: close)...]
        }
        return result + rest
    }
}
