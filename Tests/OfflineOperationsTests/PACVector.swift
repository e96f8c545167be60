import Testing

/// One case of `pac_vectors.json` (spec §5).
struct PACVector: Decodable, Sendable, CustomTestStringConvertible {
    struct Expected: Decodable, Sendable {
        let operationId: String
        let totp: String?
    }

    let name: String
    let function: String
    let input: String
    let expect_ok: Bool
    let expected: Expected?
    let jwt_payload_decoded: String?

    var testDescription: String { name }

    static let all: [PACVector] = FixtureLoader.load("pac_vectors.json")
}
