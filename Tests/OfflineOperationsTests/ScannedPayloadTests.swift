import OfflineOperations
import Testing

@Suite("Classifying scanned payloads")
struct ScannedPayloadTests {
    @Test func classifiesEachKind() throws {
        let valid = try #require(QROperationVector.all.first { $0.expect_ok })
        guard case .offlineOperation(let operation) = ScannedPayload(bytes: Array(valid.input.utf8)) else {
            Issue.record("not classified as an offline operation")
            return
        }
        #expect(operation == (try OfflineOperation(valid.input)))

        let invalid = try #require(QROperationVector.all.first { $0.name == "bad_nonce_AAAA" })
        #expect(
            ScannedPayload(bytes: Array(invalid.input.utf8))
                == .malformedOfflineOperation(OfflineOperationError(.nonceLength, "")))

        let pac = ScannedPayload(bytes: Array("scheme://operation?oid=X&potp=1".utf8))
        #expect(pac == .pac(PACToken(operationId: "X", totp: "1", form: .deeplink)))

        #expect(ScannedPayload(bytes: Array("https://example.com/?q=1".utf8)) == .other)
        #expect(ScannedPayload(bytes: [0xFF, 0xFE]) == .other)
    }
}
