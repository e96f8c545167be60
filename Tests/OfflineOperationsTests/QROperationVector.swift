import Testing

/// One case of `qr_operation_vectors.json` (spec §4).
struct QROperationVector: Decodable, Sendable, CustomTestStringConvertible {
    struct Flags: Decodable, Sendable {
        let allowBiometryFactor: Bool
        let flipButtons: Bool
        let fraudWarning: Bool
        let blockWhenOnCall: Bool
    }

    struct Field: Decodable, Sendable {
        let type: String
        let amount: String?
        let currency: String?
        let iban: String?
        let bic: String?
        let account: String?
        let date: String?
        let text: String?
        let fieldType: String?
    }

    struct OperationData: Decodable, Sendable {
        let version: String
        let templateId: Int
        let sourceString: String
        let fields: [Field]
    }

    struct Expected: Decodable, Sendable {
        let operationId: String
        let title: String
        let message: String
        let flags: Flags
        let totp: String?
        let nonce: String
        let signingKey: String
        let signature: String
        let signedData: String
        let isNewerFormat: Bool
        let operationData: OperationData
        let dataForOfflineSigning: String
    }

    let name: String
    let input: String
    let expect_ok: Bool
    let expected_error_ios: String?
    let expected: Expected?

    var testDescription: String { name }

    static let all: [QROperationVector] = FixtureLoader.load("qr_operation_vectors.json")
}
