import Foundation
import OfflineOperations
import QRAuthEncoding
import Testing

@Suite("Building offline operations and reading them back")
struct OfflineOperationBuilderTests {
    static let signature = Data(
        base64Encoded:
            "MEYCIQDby1Uq+MaxiAAGzKmE/McHzNOUrvAP2qqGBvSgcdtyjgIhAMo1sgqNa1pPZTFBhhKvCKFLGDuHuTTYexdmHFjUUIJW")!
    static let nonce = Data(base64Encoded: "AD8bOO0Df73kNaIGb3Vmpg==")!

    @Test func buildsTheSDKFixtureByteForByte() throws {
        let vector = try #require(QROperationVector.all.first { $0.name == "current_format_without_totp" })
        let builder = OfflineOperationBuilder(
            operationId: "5ff1b1ed-a3cc-45a3-8ab0-ed60950312b6", title: "Payment",
            message: "Please confirm this payment", templateId: 1,
            fields: [
                .amount(OperationAmount(value: "100", currency: "CZK")),
                .account(iban: "CZ2730300000001165254011", bic: nil),
                .date(try #require(OperationDate(year: 2018, month: 4, day: 25))),
                .text("hello world"),
            ],
            flags: .init(rawValue: "BCFX"), nonce: Self.nonce)
        #expect(try builder.operationString(signingKey: .master, signature: Self.signature) == vector.input)
        #expect(try builder.bytesToSign(signingKey: .master) == Data(try #require(vector.expected).signedData.utf8))
    }

    @Test func escapesLikeTheGenerator() throws {
        let builder = OfflineOperationBuilder(
            operationId: "op", title: "a\\b\nc", message: "", templateId: 0,
            fields: [.note("x*y\\z\nw"), .text("end\\")], nonce: Self.nonce)
        let lines = try builder.bodyLines()
        #expect(lines[1] == "a\\\\b\\nc")
        #expect(lines[3] == "A0*Nx\\*y\\\\z\\nw*Tend\\\\")
    }

    @Test(arguments: QROperationVector.all.filter(\.expect_ok))
    func rebuildsEveryValidVector(_ vector: QROperationVector) throws {
        let operation = try OfflineOperation(vector.input)
        let builder = OfflineOperationBuilder(operation)
        let rebuilt = try builder.operationString(signingKey: operation.signingKey, signature: operation.signature)
        let reparsed = try OfflineOperation(rebuilt)
        #expect(OfflineOperationBuilder(reparsed) == builder)
        #expect(reparsed.data.fields == operation.data.fields)
        #expect(reparsed.title == operation.title)
        #expect(reparsed.message == operation.message)
        #expect(reparsed.totp == operation.totp)
    }

    @Test(arguments: [
        ("title", "back\\nslash"), ("title", "ends in CR\r"), ("field", "ends in backslash\\"),
        ("field", "has \\n"), ("id", ""), ("id", "a\nb"),
    ])
    func refusesWhatTheGrammarCannotCarry(_ place: String, _ value: String) {
        var builder = OfflineOperationBuilder(
            operationId: "op", title: "", message: "", templateId: 0, fields: [.text("x"), .text("last")],
            nonce: Self.nonce)
        switch place {
        case "title": builder.title = value
        case "field": builder.fields[0] = .text(value)
        default: builder.operationId = value
        }
        #expect(throws: OfflineOperationError(.unrepresentable, "")) {
            try builder.operationString(signingKey: .personalized, signature: Self.signature)
        }
    }

    @Test func trailingBackslashIsFineInTheLastField() throws {
        let builder = OfflineOperationBuilder(
            operationId: "op", title: "", message: "", templateId: 0, fields: [.text("x"), .text("last\\")],
            nonce: Self.nonce)
        let operation = try OfflineOperation(
            try builder.operationString(signingKey: .master, signature: Self.signature))
        #expect(operation.data.fields == [.text("x"), .text("last\\")])
    }

    @Test func refusesBadNonceSignatureAndCounts() {
        var builder = OfflineOperationBuilder(
            operationId: "op", title: "", message: "", templateId: 0, fields: [], nonce: Data(count: 12))
        #expect(throws: OfflineOperationError(.unrepresentable, "")) {
            try builder.bytesToSign(signingKey: .master)
        }
        builder.nonce = StrictBase64.encode(Self.nonce)
        #expect(throws: OfflineOperationError(.unrepresentable, "")) {
            try builder.operationString(signingKey: .master, signature: Data(count: 63))
        }
        builder.fields = Array(repeating: .empty, count: 7)
        #expect(throws: OfflineOperationError(.unrepresentable, "")) { try builder.operationDataLine() }
        builder.fields = []
        builder.templateId = 100
        #expect(throws: OfflineOperationError(.unrepresentable, "")) { try builder.operationDataLine() }
        builder.templateId = 1
        builder.extraAttributes = ["x"]
        #expect(throws: OfflineOperationError(.unrepresentable, "")) { try builder.bodyLines() }
    }
}
