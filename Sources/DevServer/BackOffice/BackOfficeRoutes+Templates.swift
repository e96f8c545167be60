import FoundationEssentials
import MobileTokenAPI
import OfflineOperations
import QRAuthEncoding

extension BackOfficeRoutes {
    /// `/rest/v3/operation/template/...`: create, list, detail, remove.
    static var templateRoutes: [BackOfficeRoute] {
        [
            .typed(EndpointPaths.backOffice(.templateCreate), BackOfficeService.createTemplate),
            .typed(EndpointPaths.backOffice(.templateList), NoInputBody.self) { server, _ in
                server.state.templates.map(BackOffice.OperationTemplateDetailResponse.init)
            },
            .typed(EndpointPaths.backOffice(.templateDetail), TemplateIdBody.self) {
                server, body throws(BackOfficeFailure) in
                try server.templateDetail(body.id)
            },
            .typed(EndpointPaths.backOffice(.templateRemove), TemplateIdBody.self) {
                server, body throws(BackOfficeFailure) in
                try server.removeTemplate(body.id)
            },
        ]
    }
}

/// `template/create`'s `requestObject`. Not `BackOffice.OperationTemplateCreateRequest`: the server reads a missing
/// `proximityCheckEnabled` as false (a Java `boolean`), where the client's type requires it.
struct TemplateCreateBody: Decodable {
    var templateName: String
    var operationType: String
    var dataTemplate: String
    @BackOffice.Spelling var signatureType: [SignatureType]
    var maxFailureCount: Int64
    var expiration: Int64
    var riskFlags: String?
    var proximityCheckEnabled: Bool?
}

/// `template/detail` and `template/remove`: `{id}`.
struct TemplateIdBody: Decodable {
    var id: Int64
}

/// Calls without input: any `requestObject`, or none.
struct NoInputBody: Decodable {}

extension BackOffice.OperationTemplateDetailResponse {
    /// A stored template as the API shows it.
    init(_ record: OperationTemplateRecord) {
        self.init(
            id: record.id,
            template: BackOffice.OperationTemplateCreateRequest(
                templateName: record.templateName, operationType: record.operationType,
                dataTemplate: record.dataTemplate, signatureType: record.signatureType,
                maxFailureCount: record.maxFailureCount, expiration: record.expiration, riskFlags: record.riskFlags,
                proximityCheckEnabled: record.proximityCheckEnabled))
    }
}

extension BackOfficeService {
    /// `template/create`: a new template; the name must be new (`ERR0039`).
    func createTemplate(
        _ body: TemplateCreateBody
    ) throws(BackOfficeFailure) -> BackOffice.OperationTemplateDetailResponse {
        for (name, value) in [
            ("templateName", body.templateName), ("operationType", body.operationType),
            ("dataTemplate", body.dataTemplate),
        ] where value.trimmingWhitespace().isEmpty {
            throw .missing(name)
        }
        guard !body.signatureType.isEmpty else { throw .missing("signatureType") }
        guard AllowedSignatureType(backOfficeTypes: body.signatureType) != nil else {
            throw BackOfficeFailure(
                .operationTemplateError, "signatureType must allow POSSESSION or a POSSESSION_… combination")
        }
        guard (1...1000).contains(body.maxFailureCount) else {
            throw BackOfficeFailure(.invalidRequest, "requestObject.maxFailureCount must be 1 to 1000")
        }
        guard (1...31_536_000).contains(body.expiration) else {
            throw BackOfficeFailure(.invalidRequest, "requestObject.expiration must be 1 to 31536000 seconds")
        }
        let record = try store.backOfficeTransaction {
            (state, changed) throws(BackOfficeFailure) -> OperationTemplateRecord in
            guard !state.templates.contains(where: { $0.templateName == body.templateName }) else {
                throw BackOfficeFailure(
                    .operationTemplateAlreadyExists, "a template named \(body.templateName) exists already")
            }
            let limit = store.limits.templates
            guard state.templates.count < limit else {
                throw BackOfficeFailure(
                    .operationTemplateError, "too many operation templates (at most \(limit)): remove some first")
            }
            let record = OperationTemplateRecord(
                id: (state.templates.map(\.id).max() ?? 0) + 1, templateName: body.templateName,
                operationType: body.operationType, dataTemplate: body.dataTemplate,
                signatureType: body.signatureType, maxFailureCount: body.maxFailureCount,
                expiration: body.expiration, riskFlags: body.riskFlags,
                proximityCheckEnabled: body.proximityCheckEnabled ?? false)
            state.templates.append(record)
            changed = true
            return record
        }
        return BackOffice.OperationTemplateDetailResponse(record)
    }

    /// `template/detail`.
    func templateDetail(_ id: Int64) throws(BackOfficeFailure) -> BackOffice.OperationTemplateDetailResponse {
        guard let record = state.templates.first(where: { $0.id == id }) else {
            throw BackOfficeFailure(.operationTemplateNotFound, "no operation template \(id)")
        }
        return BackOffice.OperationTemplateDetailResponse(record)
    }

    /// `template/remove`: `{}` on success.
    func removeTemplate(_ id: Int64) throws(BackOfficeFailure) -> [String: String] {
        try store.backOfficeTransaction { (state, changed) throws(BackOfficeFailure) in
            guard state.templates.contains(where: { $0.id == id }) else {
                throw BackOfficeFailure(.operationTemplateNotFound, "no operation template \(id)")
            }
            state.templates.removeAll { $0.id == id }
            changed = true
        }
        return [:]
    }
}
