import ArgumentParser
import MobileTokenAPI
import OfflineOperations
import OperationsSync

/// `qrauth backend template create|list`.
struct BackendTemplateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "template", abstract: "Operation templates: create, list.", subcommands: [Create.self, List.self])

    /// `backend template create` (`operation/template/create`).
    struct Create: AsyncParsableCommand, BackendLeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "create", abstract: "Create an operation template.")
        @Option(name: .customLong("template"), help: "The template's name.") var template: String
        @Option(name: .customLong("operation-type"), help: "The operation type (default: the template's name).")
        var operationType: String?
        @Option(
            name: .customLong("data-template"),
            help: "Operation data with ${param} placeholders, e.g. A1*A${amount}CZK.")
        var dataTemplate: String
        @Option(
            name: .customLong("signature-type"),
            help: "A factor combination that approves it (repeatable; default POSSESSION_KNOWLEDGE).")
        var signatureTypes: [SignatureType] = []
        @Option(name: .customLong("max-failure-count"), help: "Failed approvals before an operation fails.")
        var maxFailureCount: Int64 = 5
        @Option(help: "Seconds until an operation expires.") var expiration: Int64 = 300
        @Option(name: .customLong("risk-flags"), help: "Risk flags, e.g. X or C.") var riskFlags: String?
        @Flag(name: .customLong("proximity-check"), help: "Operations carry a proximity TOTP.")
        var proximityCheck = false
        @OptionGroup var backend: BackendOptions

        func validate() throws {
            try OptionRange.check(maxFailureCount, 1...1_000_000, "--max-failure-count")
            try OptionRange.check(expiration, 1...31_536_000, "--expiration")
        }

        func run() async throws {
            let request = BackOffice.OperationTemplateCreateRequest(
                templateName: template, operationType: operationType ?? template, dataTemplate: dataTemplate,
                signatureType: signatureTypes.isEmpty ? [.possessionKnowledge] : signatureTypes,
                maxFailureCount: maxFailureCount, expiration: expiration, riskFlags: riskFlags,
                proximityCheckEnabled: proximityCheck)
            try await backend.call(
                .templateCreate, request, expecting: BackOffice.OperationTemplateDetailResponse.self,
                lines: BackendTemplateCommand.lines)
        }
    }

    /// `backend template list` (`operation/template/list`).
    struct List: AsyncParsableCommand, BackendLeafCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the operation templates.")
        @OptionGroup var backend: BackendOptions

        func run() async throws {
            let response = try await backend.send(
                .templateList, expecting: BackOffice.OperationTemplateListResponse.self)
            try backend.report(response, each: response.payload) { template in
                "\(template.templateName)  \(template.operationType)  \(template.dataTemplate)"
                    + "  \(template.signatureType.map(\.backOfficeName).joined(separator: ","))"
            }
        }
    }

    static func lines(_ template: BackOffice.OperationTemplateDetailResponse) -> [(String, String?)] {
        [
            ("id", String(template.id)), ("template", template.templateName),
            ("operation-type", template.operationType), ("data-template", template.dataTemplate),
            ("signature-type", template.signatureType.map(\.backOfficeName).joined(separator: ",")),
            ("max-failure-count", String(template.maxFailureCount)), ("expiration", String(template.expiration)),
            ("risk-flags", template.riskFlags), ("proximity-check", String(template.proximityCheckEnabled)),
        ]
    }
}
