import Foundation
import OfflineOperations
import Testing

@Suite("Offline QR operation vectors (spec §4)")
struct OfflineOperationVectorTests {
    @Test func allVectorsLoaded() {
        #expect(QROperationVector.all.count == 78)
        #expect(QROperationVector.all.filter(\.expect_ok).count == 39)
    }

    @Test(arguments: QROperationVector.all.filter(\.expect_ok))
    func parsesValidVector(_ vector: QROperationVector) throws {
        let expected = try #require(vector.expected)
        let operation = try OfflineOperation(vector.input)
        #expect(operation.operationId == expected.operationId)
        #expect(operation.title == expected.title)
        #expect(operation.message == expected.message)
        #expect(operation.flags.allowsBiometry == expected.flags.allowBiometryFactor)
        #expect(operation.flags.flipsButtons == expected.flags.flipButtons)
        #expect(operation.flags.showsFraudWarning == expected.flags.fraudWarning)
        #expect(operation.flags.blocksWhenOnCall == expected.flags.blockWhenOnCall)
        #expect(operation.totp == expected.totp)
        #expect(operation.nonce == expected.nonce)
        #expect(operation.nonceBytes.count == 16)
        #expect(operation.signingKey.rawValue == expected.signingKey)
        #expect(operation.signatureBase64 == expected.signature)
        #expect(operation.signature == Data(base64Encoded: expected.signature))
        #expect(operation.signedData == Data(expected.signedData.utf8))
        #expect(operation.isNewerFormat == expected.isNewerFormat)
        #expect(operation.dataForOfflineSigning == Data(expected.dataForOfflineSigning.utf8))
        #expect(operation.operationData == expected.operationData.sourceString)
        #expect(operation.data.sourceString == expected.operationData.sourceString)
        #expect(operation.data.version.rawValue == expected.operationData.version)
        #expect(operation.data.templateId == expected.operationData.templateId)
        #expect(operation.data.fields.map(VectorField.init) == expected.operationData.fields.map(VectorField.init))
        #expect(operation.rawLines.joined(separator: "\n") == vector.input)
        // The signed bytes are the input minus the Base64 signature text.
        #expect(operation.signedData + Data(operation.signatureBase64.utf8) == Data(vector.input.utf8))
    }

    @Test(arguments: QROperationVector.all.filter { !$0.expect_ok })
    func rejectsInvalidVectorWithMappedCode(_ vector: QROperationVector) throws {
        let expectedSDKError = try #require(vector.expected_error_ios)
        #expect {
            try OfflineOperation(vector.input)
        } throws: { error in
            guard let error = error as? OfflineOperationError else { return false }
            // The one mapping table: OfflineOperationError.Code.iosSDKError.
            #expect(error.code.iosSDKError == expectedSDKError, "\(error.code.rawValue): \(error.reason)")
            #expect(!error.reason.contains("\n"))
            return error.code.iosSDKError == expectedSDKError
        }
    }
}

/// A field in the vector file's JSON shape, for comparing parsed fields with expected ones.
struct VectorField: Equatable, CustomStringConvertible {
    let type: String
    let values: [String?]

    init(_ field: QROperationVector.Field) {
        type = field.type
        switch field.type {
        case "amount": values = [field.amount, field.currency]
        case "account": values = [field.iban, field.bic]
        case "anyAccount": values = [field.account]
        case "date": values = [field.date]
        case "reference", "note", "text": values = [field.text]
        case "fallback": values = [field.fieldType, field.text]
        default: values = []
        }
    }

    init(_ field: OperationDataField) {
        switch field {
        case .amount(let amount): (type, values) = ("amount", [amount.decimalString, amount.currency])
        case .account(let iban, let bic): (type, values) = ("account", [iban, bic])
        case .anyAccount(let text): (type, values) = ("anyAccount", [text])
        case .date(let date): (type, values) = ("date", [date.isoString])
        case .reference(let text): (type, values) = ("reference", [text])
        case .note(let text): (type, values) = ("note", [text])
        case .text(let text): (type, values) = ("text", [text])
        case .fallback(let character, let text): (type, values) = ("fallback", [String(character), text])
        case .empty: (type, values) = ("empty", [])
        }
    }

    var description: String { "\(type)\(values)" }
}
