import ArgumentParser
import MobileTokenAPI
import OperationsSync

/// `qrauth backend operation create|detail|list|cancel`.
struct BackendOperationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "operation", abstract: "Online operations: create, detail, list, cancel.",
        subcommands: [Create.self, Detail.self, List.self, Cancel.self])

    /// `backend operation create` (`operation/create`).
    struct Create: AsyncParsableCommand, BackendLeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "create", abstract: "Create an operation from a template; prints its id.")
        @Option(name: .customLong("template"), help: "The template's name.") var template: String
        @Option(name: .customLong("user-id"), help: "The user (omit for a non-personalized operation).")
        var userId: String?
        @Option(name: .customLong("application-id"), help: "An application whose devices see it (repeatable).")
        var applicationIds: [String] = []
        @Option(
            name: .customLong("param"), help: ArgumentHelp("A template parameter (repeatable).", valueName: "key=value")
        )
        var parameters: [BackendParameter] = []
        @Option(name: .customLong("activation-id"), help: "Only this activation may approve it.")
        var activationId: String?
        @Option(name: .customLong("external-id"), help: "An external id.") var externalId: String?
        @Option(name: .customLong("activation-flag"), help: "A flag the approving activation must have.")
        var activationFlag: String?
        @Flag(name: .customLong("proximity-check"), help: "Require a proximity TOTP.") var proximityCheck = false
        @OptionGroup var backend: BackendOptions

        func validate() throws {
            if applicationIds.isEmpty { throw ValidationError("give at least one --application-id") }
            let keys = parameters.map(\.key)
            if Set(keys).count != keys.count { throw ValidationError("a --param key is given twice") }
        }

        func run() async throws {
            let request = BackOffice.OperationCreateRequest(
                userId: userId, applications: applicationIds, activationFlag: activationFlag, templateName: template,
                externalId: externalId,
                parameters: parameters.isEmpty
                    ? nil : Dictionary(uniqueKeysWithValues: parameters.map { ($0.key, $0.value) }),
                proximityCheckEnabled: proximityCheck ? true : nil, activationId: activationId)
            try await BackendOperationCommand.report(.operationCreate, request, via: backend)
        }
    }

    /// `backend operation detail` (`operation/detail`).
    struct Detail: AsyncParsableCommand, BackendLeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "detail", abstract: "Show an operation and its status (APPROVED, PENDING, ...).")
        @Option(name: .customLong("operation-id"), help: "The operation.") var operationId: String
        @Option(name: .customLong("user-id"), help: "Claim a non-personalized operation for this user.")
        var userId: String?
        @OptionGroup var backend: BackendOptions

        func run() async throws {
            try await BackendOperationCommand.report(
                .operationDetail, BackOffice.OperationDetailRequest(operationId: operationId, userId: userId),
                via: backend)
        }
    }

    /// `backend operation list` (`operation/list`, or `operation/list/pending`).
    struct List: AsyncParsableCommand, BackendLeafCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List a user's operations.")
        @Option(name: .customLong("user-id"), help: "The user.") var userId: String
        @Option(name: .customLong("application-id"), help: "An application (repeatable).")
        var applicationIds: [String] = []
        @Option(name: .customLong("activation-id"), help: "Only operations this activation may approve.")
        var activationId: String?
        @Flag(help: "Only PENDING operations (operation/list/pending).") var pending = false
        @OptionGroup var backend: BackendOptions

        func validate() throws {
            if applicationIds.isEmpty { throw ValidationError("give at least one --application-id") }
        }

        func run() async throws {
            let request = BackOffice.OperationListForUserRequest(
                userId: userId, applications: applicationIds, activationId: activationId)
            let response = try await backend.send(
                pending ? .operationListPending : .operationList, request,
                expecting: BackOffice.OperationListResponse.self)
            try backend.report(response, each: response.payload) { operation in
                "\(operation.id)  \(operation.status.rawValue)  \(operation.templateName ?? operation.operationType)"
                    + "  \(operation.data)"
            }
        }
    }

    /// `backend operation cancel` (`operation/cancel`).
    struct Cancel: AsyncParsableCommand, BackendLeafCommand {
        static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel a PENDING operation.")
        @Option(name: .customLong("operation-id"), help: "The operation.") var operationId: String
        @Option(help: "Why (at most 32 characters).") var reason: String?
        @OptionGroup var backend: BackendOptions

        func run() async throws {
            try await BackendOperationCommand.report(
                .operationCancel, BackOffice.OperationCancelRequest(operationId: operationId, statusReason: reason),
                via: backend)
        }
    }

    /// Sends one request whose answer is an operation, and prints that operation.
    static func report<Request: Encodable & Sendable>(
        _ endpoint: BackOffice.Endpoint, _ request: Request, via backend: BackendOptions
    ) async throws {
        try await backend.call(endpoint, request, expecting: BackOffice.OperationDetailResponse.self, lines: lines)
    }

    static func lines(_ operation: BackOffice.OperationDetailResponse) -> [(String, String?)] {
        [
            ("operation-id", operation.id), ("status", operation.status.rawValue),
            ("status-reason", operation.statusReason), ("user", operation.userId),
            ("applications", operation.applications.joined(separator: ",")), ("template", operation.templateName),
            ("operation-type", operation.operationType), ("data", operation.data),
            ("signature-type", operation.signatureType.map(\.backOfficeName).joined(separator: ",")),
            ("failures", "\(operation.failureCount)/\(operation.maxFailureCount)"),
            ("created", operation.timestampCreated), ("expires", operation.timestampExpires),
            ("finalized", operation.timestampFinalized), ("proximity-otp", operation.proximityOtp),
            ("activation-id", operation.activationId),
        ]
    }
}
