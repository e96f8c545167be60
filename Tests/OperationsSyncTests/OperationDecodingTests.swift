import Foundation
import OfflineOperations
import QRAuthEncoding
import QRAuthTestSupport
import Testing

@testable import MobileTokenAPI
@testable import OperationsSync

@Suite("UserOperation decoding: every operations-api sample as its README says (iOS rules)")
struct OperationDecodingTests {
    static func list(_ name: String) throws -> ([UserOperation], Date?) {
        let envelope = try JSONDecoder().decode(
            ResponseEnvelope<[UserOperation]>.self, from: try OperationFixtures.data(name))
        guard case .ok(let operations) = envelope.outcome else { throw CocoaError(.coderReadCorrupt) }
        return (operations, envelope.currentTimestamp)
    }

    static func single(_ name: String) throws -> UserOperation {
        try JSONDecoder().decode(UserOperation.self, from: try OperationFixtures.data(name))
    }

    @Test(
        "list and history responses decode with the README's operation counts",
        arguments: [
            ("ios_list_response_all_attribute_types.json", 2), ("ios_list_response_legacy_amount_conversion.json", 1),
            ("ios_list_response_formatted_only_amounts.json", 1), ("ios_list_response_unknown_attribute.json", 1),
            ("ios_list_response_qr_scan_preapproval_login.json", 1),
            ("ios_list_response_invalid_amount_attribute_skipped.json", 1), ("ios_list_response_result_texts.json", 3),
            ("ios_history_response_all_statuses.json", 6), ("android_empty_list.json", 0),
            ("server_doc_get_pending_operations_response.json", 1),
            ("server_doc_get_history_of_operations_response.json", 1),
        ])
    func listDecodes(file: String, count: Int) throws {
        let (operations, _) = try Self.list(file)
        #expect(operations.count == count)
        for operation in operations { #expect(operation.raw?["id"] == .string(operation.id)) }
    }

    @Test(
        "samples the iOS rules reject fail to decode",
        arguments: [
            "android_list_response_basic.json", "android_list_response_no_attributes.json",
            "android_list_response_all_types_originalUrl_wrong_type.json", "android_list_response_party_info.json",
            "android_wrong_response_object_not_array.json",
        ])
    func listFails(file: String) throws {
        let data = try OperationFixtures.data(file)
        #expect(throws: (any Error).self) {
            _ = try JSONDecoder().decode(ResponseEnvelope<[UserOperation]>.self, from: data)
        }
        let response = HTTPExchange.Response(url: URL(string: "https://x.test/list")!, statusCode: 200, body: data)
        #expect(throws: MobileTokenError(.invalidResponse, "")) {
            _ = try ResponseEnvelope<[UserOperation]>.read(response, endpoint: "list")
        }
    }

    @Test("all attribute types, dates, variants and currentTimestamp")
    func allAttributeTypes() throws {
        let (operations, timestamp) = try Self.list("ios_list_response_all_attribute_types.json")
        #expect(timestamp == Date(timeIntervalSince1970: 1_676_032_242))
        let first = operations[0]
        #expect(
            first.formData.attributes.map(\.typeName) == [
                "AMOUNT", "KEY_VALUE", "KEY_VALUE", "NOTE", "PARTY_INFO", "AMOUNT_CONVERSION", "IMAGE", "IMAGE",
            ])
        #expect(
            first.allowedSignatureType
                == AllowedSignatureType(
                    type: .twoFactor, variants: [.possessionKnowledge, .possessionBiometry]))
        #expect(first.created == Date(timeIntervalSince1970: 1_533_731_442))
        #expect(first.expires == Date(timeIntervalSince1970: 1_533_731_743))
        guard case .image(_, _, let original) = first.formData.attributes[6],
            case .image(_, _, let noOriginal) = first.formData.attributes[7]
        else { throw CocoaError(.coderReadCorrupt) }
        #expect(original == "https://example.com/123.jpeg")
        #expect(noOriginal == nil)
        guard case .partyInfo(_, let party) = first.formData.attributes[4] else { throw CocoaError(.coderReadCorrupt) }
        #expect(party.name == "Tesco")
        #expect(
            operations[1].allowedSignatureType
                == AllowedSignatureType(type: .oneFactor, variants: [.possessionKnowledge]))
        guard case .amount(_, let amount) = operations[1].formData.attributes[0] else {
            throw CocoaError(.coderReadCorrupt)
        }
        #expect(amount.amountFormatted == "100")
    }

    @Test("legacy amounts: formatted strings fall back to the number and the currency")
    func legacyAmounts() throws {
        let (operations, _) = try Self.list("ios_list_response_legacy_amount_conversion.json")
        let attributes = operations[0].formData.attributes
        guard case .amount(_, let amount) = attributes.first(where: { $0.typeName == "AMOUNT" }),
            case .amountConversion(_, _, let source, let target) = attributes.first(where: {
                $0.typeName == "AMOUNT_CONVERSION"
            })
        else { throw CocoaError(.coderReadCorrupt) }
        #expect(amount.amount == Decimal(string: "965165234082.23"))
        #expect(amount.amountFormatted == "965165234082.23")
        #expect(amount.currencyFormatted == "CZK")
        #expect(
            [source.amountFormatted, source.currencyFormatted, target.amountFormatted, target.currencyFormatted]
                == ["1.26", "ETC", "1710.98", "USD"])
    }

    @Test("formatted-only amounts keep nil numbers")
    func formattedOnly() throws {
        let (operations, _) = try Self.list("ios_list_response_formatted_only_amounts.json")
        guard case .amount(_, let amount) = operations[0].formData.attributes.first else {
            throw CocoaError(.coderReadCorrupt)
        }
        #expect(amount.amount == nil)
        #expect(amount.currency == nil)
        #expect(!amount.amountFormatted.isEmpty)
    }

    @Test("unknown attribute types and ALERT become UNKNOWN; a bad AMOUNT is dropped")
    func unknownAndDropped() throws {
        let (unknown, _) = try Self.list("ios_list_response_unknown_attribute.json")
        #expect(unknown[0].formData.attributes.count == 2)
        #expect(
            unknown[0].formData.attributes[0]
                == .unknown(unknown[0].formData.attributes[0].label, type: "THIS_IS_FAKE_ATTR"))
        let (skipped, _) = try Self.list("ios_list_response_invalid_amount_attribute_skipped.json")
        #expect(skipped[0].formData.attributes.map(\.typeName) == ["AMOUNT_CONVERSION"])
        let (server, _) = try Self.list("server_doc_get_pending_operations_response.json")
        #expect(server[0].formData.attributes.first?.typeName == "UNKNOWN")
        #expect(server[0].formData.attributes.contains { $0.typeName == "HEADING" })
    }

    @Test("QR_SCAN pre-approval, history statuses, result texts")
    func screensStatusesTexts() throws {
        let (login, timestamp) = try Self.list("ios_list_response_qr_scan_preapproval_login.json")
        #expect(login[0].data == "A2")
        #expect(login[0].ui?.preApprovalScreen?.type == .qrScan)
        #expect(login[0].formData.attributes.isEmpty)
        #expect(timestamp == Date(timeIntervalSince1970: 1_698_404_655))
        let (history, none) = try Self.list("ios_history_response_all_statuses.json")
        #expect(Set(history.map(\.status)) == Set(OperationStatus.allCases))
        #expect(none == nil)
        let (texts, _) = try Self.list("ios_list_response_result_texts.json")
        #expect(texts[0].formData.resultTexts == nil)
        #expect(texts[1].formData.resultTexts == ResultTexts(success: "Payment of was confirmed"))
        #expect(texts[2].formData.resultTexts?.reject == "Payment was rejected")
        #expect(texts[2].formData.resultTexts?.failure == "Payment approval failed")
    }

    @Test("UI data: warning pre-approval, unknown future type, merchant redirect, review")
    func uiData() throws {
        let warning = try Self.single("ios_operation_preapproval_warning.json")
        #expect(warning.ui?.flipButtons == true)
        #expect(warning.ui?.blockApprovalOnCall == false)
        #expect(warning.ui?.preApprovalScreen?.type == .warning)
        #expect(warning.ui?.preApprovalScreen?.items?.count == 3)
        #expect(warning.ui?.preApprovalScreen?.approvalType == .slider)
        #expect(
            try Self.single("ios_operation_preapproval_unknown_future.json").ui?.preApprovalScreen?.type == .unknown)
        let redirect = try Self.single("ios_operation_postapproval_merchant_redirect.json").ui?.postApprovalScreen
        guard case .merchantRedirect(_, _, let countdown) = redirect?.payload else {
            throw CocoaError(.coderReadCorrupt)
        }
        #expect(countdown == 5)
        let review = try Self.single("ios_operation_postapproval_review.json").ui?.postApprovalScreen
        #expect(
            review?.payload
                == .review(attributes: [.note(AttributeLabel(id: "1", value: "test label"), note: "myNote")]))
    }

    /// The warning sample with `key` set to `value` (JSON text), decoded as one operation.
    static func modified(_ key: String, _ value: String) throws -> UserOperation {
        var object = try #require(
            try JSONSerialization.jsonObject(with: OperationFixtures.data("ios_operation_preapproval_warning.json"))
                as? [String: Any])
        object[key] = try JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)
        return try JSONDecoder().decode(UserOperation.self, from: JSONSerialization.data(withJSONObject: object))
    }

    /// Issue 29, parity: the SDK fails the whole operation (and so its list) for these; qrauth used to drop them.
    @Test(
        "as the SDK: a ui that is not an object or a malformed proximityCheck fails the operation",
        arguments: [
            ("ui", "5"), ("ui", #""flipButtons""#), ("ui", "[]"), ("proximityCheck", "5"),
            ("proximityCheck", #"{"otp":5,"type":"QR_CODE"}"#), ("proximityCheck", #"{"otp":"1","type":"NOPE"}"#),
        ])
    func strictUIAndProximityCheck(key: String, value: String) throws {
        #expect(throws: DecodingError.self) { try Self.modified(key, value) }
    }

    @Test("a null or absent ui or proximityCheck is nil; the parts inside ui stay lenient")
    func nullUIAndProximityCheck() throws {
        #expect(try Self.modified("ui", "null").ui == nil)
        #expect(try Self.modified("proximityCheck", "null").proximityCheck == nil)
        #expect(try Self.modified("ui", #"{"flipButtons":"yes"}"#).ui?.flipButtons == nil)
    }

    /// Issue 29, parity: the SDK decodes `logoUrl` and `websiteUrl` as `URL`; one that is not a URL drops the
    /// PARTY_INFO attribute (attributes that fail are dropped).
    @Test(
        "PARTY_INFO with a logoUrl or websiteUrl that is not a URL is dropped",
        arguments: [
            ("logoUrl", "http://exa mple.com/logo.png"), ("websiteUrl", "http://exa mple.com/"), ("logoUrl", ""),
        ]
    )
    func partyInfoURLs(key: String, url: String) throws {
        var party: [String: Any] = ["logoUrl": "https://example.com/logo.png", "name": "Shop", "description": "D"]
        party[key] = url
        let attribute: [String: Any] = ["type": "PARTY_INFO", "id": "p", "label": "Party", "partyInfo": party]
        let note: [String: Any] = ["type": "NOTE", "id": "n", "label": "Note", "note": "x"]
        let form: [String: Any] = ["title": "T", "message": "M", "attributes": [attribute, note]]
        let operation = try Self.modified(
            "formData", String(decoding: try JSONSerialization.data(withJSONObject: form), as: UTF8.self))
        #expect(operation.formData.attributes.count == 1, "\(operation.formData.attributes)")
        party[key] = key == "logoUrl" ? "https://example.com/logo.png" : "https://example.com/"
        let good: [String: Any] = ["type": "PARTY_INFO", "id": "p", "label": "Party", "partyInfo": party]
        let kept = try Self.modified(
            "formData",
            String(
                decoding: try JSONSerialization.data(
                    withJSONObject: ["title": "T", "message": "M", "attributes": [good, note]] as [String: Any]),
                as: UTF8.self))
        #expect(kept.formData.attributes.count == 2)
    }

    @Test("GENERIC post-approval payload is any JSON")
    func genericPayload() throws {
        let screen = try JSONDecoder().decode(
            PostApprovalScreen.self, from: try OperationFixtures.data("ios_postapproval_screen_generic.json"))
        guard case .generic(let payload) = screen.payload else { throw CocoaError(.coderReadCorrupt) }
        #expect(payload["integer"] == .integer(1))
        #expect(payload["boolean"] == .bool(true))
        #expect(payload["array"] == .array([.string("firstElement"), .string("secondElement")]))
        #expect(payload["object"]?["nestedObject"] == .string("stringValue"))
        #expect(payload["nestedMessage"] == .string("See you next time."))
    }

    @Test(
        "error envelopes decode to code and message",
        arguments: [
            (
                "ios_error_response_invalid_activation.json", "INVALID_ACTIVATION",
                MobileTokenError.Code.invalidActivation
            ),
            ("server_doc_error_response_generic.json", "ERROR_GENERIC", .server),
        ])
    func errorEnvelopes(file: String, code: String, expected: MobileTokenError.Code) throws {
        let response = HTTPExchange.Response(
            url: URL(string: "https://x.test/list")!, statusCode: 400, body: try OperationFixtures.data(file))
        do {
            _ = try ResponseEnvelope<[UserOperation]>.read(response, endpoint: "list")
            Issue.record("an error envelope decoded as success")
        } catch {
            #expect(error.code == expected)
            #expect(error.serverCode == code)
            #expect(error.httpStatus == 400)
        }
    }

    @Test(
        "OK without payload and single-operation envelopes",
        arguments: ["server_doc_confirm_operation_response.json", "server_doc_reject_operation_response.json"])
    func okWithoutPayload(file: String) throws {
        let envelope = try JSONDecoder().decode(ResponseEnvelope<EmptyPayload>.self, from: OperationFixtures.data(file))
        guard case .ok = envelope.outcome else { throw CocoaError(.coderReadCorrupt) }
        #expect(throws: (any Error).self) {
            _ = try JSONDecoder().decode(ResponseEnvelope<UserOperation>.self, from: OperationFixtures.data(file))
        }
    }

    @Test(
        "detail and claim responses decode one operation",
        arguments: ["server_doc_claim_operation_response.json", "server_doc_get_operation_detail_response.json"])
    func singleEnvelope(file: String) throws {
        let envelope = try JSONDecoder().decode(
            ResponseEnvelope<UserOperation>.self, from: OperationFixtures.data(file))
        guard case .ok(let operation) = envelope.outcome else { throw CocoaError(.coderReadCorrupt) }
        #expect(operation.id == "7e0ba60f-bf22-4ff5-b999-2733784e5eaa")
        #expect(operation.status == .pending)
    }

    @Test(
        "timestamps: Z, +00:00, +0000, +0100 and fractions; malformed ones rejected",
        arguments: [
            ("2018-07-02T14:43:13+0000", 1_530_542_593.0), ("2018-07-02T14:43:13Z", 1_530_542_593),
            ("2018-07-02T14:43:13+00:00", 1_530_542_593), ("2018-07-02T15:43:13+0100", 1_530_542_593),
            ("2018-07-02T14:43:13.5Z", 1_530_542_593.5), ("2018-07-02T10:43:13-04:00", 1_530_542_593),
        ])
    func timestamps(text: String, seconds: Double) {
        #expect(OperationTimestamp.parse(text) == Date(timeIntervalSince1970: seconds))
    }

    @Test(
        "malformed timestamps",
        arguments: [
            "2018-07-02 14:43:13Z", "2018-13-02T14:43:13Z", "2018-02-30T14:43:13Z", "2018-07-02T14:43:13",
            "2018-07-02T14:43:13+000", "2018-07-02T14:43:13.Z", "2018-07-02T24:00:00Z", "",
        ])
    func badTimestamps(text: String) {
        #expect(OperationTimestamp.parse(text) == nil)
    }

    @Test("format round-trips whole seconds over a seeded range of instants")
    func formatRoundTrip() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<2000 {
            let seconds = Double(generator.next() % 8_000_000_000) - 1_000_000_000
            let date = Date(timeIntervalSince1970: seconds)
            #expect(OperationTimestamp.parse(OperationTimestamp.format(date)) == date)
        }
        #expect(OperationTimestamp.format(Date(timeIntervalSince1970: 1_698_404_655)) == "2023-10-27T11:04:15Z")
    }
}
