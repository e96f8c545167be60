import FoundationEssentials
import MobileTokenAPI
import OfflineOperations
import OperationsSync

/// One operation as the human output prints it. Everything here comes from the server, so every
/// value goes through `TerminalText.escaped` (a title cannot rewrite the line above it).
enum SyncOperationSummary {
    static func line(_ operation: UserOperation) -> String {
        let expires = OperationTimestamp.format(operation.expires)
        return
            "\(text(operation.id))  \(text(operation.status.rawValue))  \(text(operation.name))  \"\(text(operation.formData.title))\"  expires \(expires)"
    }

    static func details(_ operation: UserOperation) -> [String] {
        let signature = operation.allowedSignatureType
        var lines = [
            "id: \(text(operation.id))", "name: \(text(operation.name))",
            "status: \(text(operation.status.rawValue))",
            "data: \(text(operation.data))", "created: \(OperationTimestamp.format(operation.created))",
            "expires: \(OperationTimestamp.format(operation.expires))",
            "signature: \(text(signature.type.rawValue)) \(text(signature.variants.map(\.rawValue).joined(separator: ",")))",
            "title: \(text(operation.formData.title))", "message: \(text(operation.formData.message))",
        ]
        for attribute in operation.formData.attributes {
            lines.append(
                "  \(text(attribute.typeName)) \(text(attribute.label.id)): \(text(attribute.label.value))\(value(attribute))"
            )
        }
        return lines
    }

    private static func text(_ value: String) -> String { TerminalText.escaped(value) }

    private static func value(_ attribute: OperationAttribute) -> String {
        switch attribute {
        case .amount(_, let amount): " = \(text(amount.amountFormatted)) \(text(amount.currencyFormatted))"
        case .amountConversion(_, _, let source, let target):
            " = \(text(source.amountFormatted)) \(text(source.currencyFormatted)) → \(text(target.amountFormatted)) \(text(target.currencyFormatted))"
        case .keyValue(_, let value): " = \(text(value))"
        case .note(_, let note): " = \(text(note))"
        case .partyInfo(_, let party): " = \(text(party.name))"
        case .image(_, let thumbnail, _): " = \(text(thumbnail))"
        case .heading, .unknown: ""
        }
    }
}
