import Foundation
import OfflineOperations
import QRAuthEncoding
import Testing

/// Where the SDK reports a vague error, ours names the real problem, its line and field.
@Suite("Offline operation error codes and reasons")
struct OfflineOperationErrorTests {
    @Test(arguments: [
        ("amount_invalid_AxCZK", OfflineOperationError.Code.amount, "line 4 (operation data), field 1 (amount)"),
        ("account_invalid_Isomeiban,", .account, "line 4 (operation data), field 1 (account)"),
        ("date_invalid_D20189999", .date, "line 4 (operation data), field 1 (date)"),
        ("derived_date_non_leap_day_invalid", .date, "is not a calendar date"),
        ("derived_seven_fields_rejected", .tooManyFields, "7 fields, at most 6"),
        ("bad_nonce_AAAA", .nonceLength, "line 6 (nonce): must decode to 16 bytes, got 3"),
        ("derived_nonce_without_padding_rejected", .nonceEncoding, "line 6 (nonce): is not Base64"),
        ("derived_nonce_leading_space_rejected", .nonceEncoding, "' ' at offset 0"),
        ("bad_signature_16_bytes", .signatureLength, "line 7 (signature): must decode to 64-255 bytes, got 16"),
        ("bad_signing_key_X", .signingKey, "line 7 (signature): must start with the key indicator"),
        ("derived_enrollment_doc_example_with_trailing_equals", .signatureEncoding, "line 7 (signature)"),
        ("derived_crlf_line_endings_rejected", .tooFewLines, "CR LF is not a line separator"),
        ("missing_operation_id", .missingOperationId, "line 1 (operation id)"),
        ("bad_operation_data_version_2", .dataVersion, "line 4 (operation data): version"),
        ("bad_operation_data_version_A-100", .dataTemplate, "template must be an integer 0-99, got '-100'"),
    ])
    func namesTheRealProblem(_ name: String, _ code: OfflineOperationError.Code, _ reasonPart: String) throws {
        let vector = try #require(QROperationVector.all.first { $0.name == name })
        do {
            _ = try OfflineOperation(vector.input)
            Issue.record("\(name) parsed")
        } catch {
            #expect(error.code == code)
            #expect(error.reason.contains(reasonPart), "\(error.reason)")
            #expect(error.description == error.reason)
        }
    }

    @Test func everyCodeHasAStableRawValueAndAMappingDecision() {
        let raws = OfflineOperationError.Code.allCases.map(\.rawValue)
        #expect(Set(raws).count == raws.count)
        #expect(raws.allSatisfy { $0.hasPrefix("operation.") || $0.hasPrefix("pac.") })
        let mapped = Set(OfflineOperationError.Code.allCases.compactMap(\.iosSDKError))
        #expect(
            mapped == [
                "minimumAttributeFieldsRequired", "noOperationId", "invalidSignature", "invalidNonce",
                "invalidVersionString", "invalidTemplateId", "tooManyDataFields",
            ])
    }

    @Test func bytesMustBeUTF8() {
        #expect(throws: OfflineOperationError(.notUTF8, "")) { try OfflineOperation(bytes: [0x61, 0xFF, 0x0A]) }
    }
}
