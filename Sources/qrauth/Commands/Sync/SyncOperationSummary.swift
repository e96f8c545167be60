import Foundation
import MobileTokenAPI
import OperationsSync

/// One operation as the human output prints it.
enum SyncOperationSummary {
    static func line(_ operation: UserOperation) -> String {
        let expires = OperationTimestamp.format(operation.expires)
        return
            "\(operation.id)  \(operation.status.rawValue)  \(operation.name)  \"\(operation.formData.title)\"  expires \(expires)"
    }

    static func details(_ operation: UserOperation) -> [String] {
        var lines = [
            "id: \(operation.id)", "name: \(operation.name)", "status: \(operation.status.rawValue)",
            "data: \(operation.data)", "created: \(OperationTimestamp.format(operation.created))",
            "expires: \(OperationTimestamp.format(operation.expires))",
            "signature: \(operation.allowedSignatureType.type.rawValue) \(operation.allowedSignatureType.variants.map(\.rawValue).joined(separator: ","))",
            "title: \(operation.formData.title)", "message: \(operation.formData.message)",
        ]
        for attribute in operation.formData.attributes {
            lines.append("  \(attribute.typeName) \(attribute.label.id): \(attribute.label.value)\(value(attribute))")
        }
        return lines
    }

    private static func value(_ attribute: OperationAttribute) -> String {
        switch attribute {
        case .amount(_, let amount): " = \(amount.amountFormatted) \(amount.currencyFormatted)"
        case .amountConversion(_, _, let source, let target):
            " = \(source.amountFormatted) \(source.currencyFormatted) → \(target.amountFormatted) \(target.currencyFormatted)"
        case .keyValue(_, let value): " = \(value)"
        case .note(_, let note): " = \(note)"
        case .partyInfo(_, let party): " = \(party.name)"
        case .image(_, let thumbnail, _): " = \(thumbnail)"
        case .heading, .unknown: ""
        }
    }
}
