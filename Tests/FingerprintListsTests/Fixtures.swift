import Foundation
import QRAuthTestSupport
import Testing

/// Loads files from the test target's `Fixtures/` folder.
enum Fixtures {
    static var directory: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
    }

    static func data(_ name: String) throws -> Data {
        try SharedFixtures.data(name, in: directory)
    }

    static func text(_ name: String) throws -> String {
        String(decoding: try data(name), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, from name: String) throws -> T {
        try JSONDecoder().decode(type, from: data(name))
    }

    static let k2 = "BC3kV9OIDnMuVoCdDR9nEA/JidJLTTDLuSA2TSZsGgODSshfbZg31MS90WC/HdbU/A5WL5GmyDkE/iks6INv+XE="

    static func hex(_ text: String) -> Data {
        var data = Data()
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            data.append(UInt8(text[index..<next], radix: 16)!)
            index = next
        }
        return data
    }

    /// `"01*32"` → 32 bytes of 0x01 (the notation of the extracted decision tables).
    static func repeated(_ notation: String) -> Data {
        let parts = notation.split(separator: "*")
        return Data(repeating: UInt8(parts[0], radix: 16)!, count: Int(parts[1])!)
    }
}

/// The parts of `generated-vectors.json` the tests use.
struct GeneratedVectors: Decodable {
    struct Key: Decodable {
        let public_key_x962_b64: String
        let public_key_spki_der_b64_NOT_ACCEPTED_by_clients: String
        let private_scalar_hex: String
        let tool_export_private_output: String
    }
    struct StaticEntry: Decodable, Sendable, CustomTestStringConvertible {
        let note: String
        let name: String
        let fingerprint: String
        let fingerprint_hex: String
        let expires: Int64
        let signed_string_utf8_hex: String
        let signed_string: String
        let signature: String
        var testDescription: String { note }
    }
    struct StaticNegative: Decodable, Sendable, CustomTestStringConvertible {
        let note: String
        let public_key: String
        let message_utf8: String
        let signature: String
        var testDescription: String { note }
    }
    struct ChallengePositive: Decodable, Sendable, CustomTestStringConvertible {
        let note: String
        let challenge_header: String
        let body_utf8: String
        let body_hex: String
        let signature_base_hex: String
        let x_cert_pinning_signature: String
        let public_key: String
        var testDescription: String { note }
    }
    struct ChallengeNegative: Decodable, Sendable, CustomTestStringConvertible {
        let note: String
        let message_hex: String
        let x_cert_pinning_signature: String
        let public_key: String
        var testDescription: String { note }
    }
    let key: Key
    let static_entries_rfc6979: [StaticEntry]
    let static_negative: [StaticNegative]
    let challenge_positive_rfc6979: [ChallengePositive]
    let challenge_negative: [ChallengeNegative]

    static func load() throws -> GeneratedVectors {
        try Fixtures.decode(GeneratedVectors.self, from: "generated-vectors.json")
    }
}

/// The parts of `extracted-vectors.json` the tests use.
struct ExtractedVectors: Decodable {
    struct Primitive: Decodable, Sendable, CustomTestStringConvertible {
        let origin: String
        let public_key: String
        let message: String
        let signature: String
        let verified_here: Bool
        var testDescription: String { origin }
    }
    struct EntrySignature: Decodable, Sendable, CustomTestStringConvertible {
        let origin: String
        let public_key: String
        let name: String
        let fingerprint: String
        let expires: Int64
        let signature: String
        let signed_string: String
        let verified_here: Bool
        var testDescription: String { "\(origin) \(expires)" }
    }
    struct CertificateFingerprint: Decodable {
        let expected_common_name: String
        let expected_expires: Int64
        let expected_fingerprint_hex: String
        let expected_fingerprint_b64: String
        let NOT_the_fingerprint_sha256_spki_b64: String
        let expected_tool_json_output_with_signature_masked: String
        let expected_signed_string: String
    }
    struct Payload: Decodable {
        let origin: String
        let mode: String
        let body: String
    }
    struct ChallengeHeaderCases: Decodable {
        struct Case: Decodable, Sendable {
            let header: String
            let valid: Bool
        }
        let cases: [Case]
    }
    struct Scheduler: Decodable {
        struct Params: Decodable {
            let periodicUpdateInterval: Double
            let expirationUpdateTreshold: Double
        }
        struct Case: Decodable {
            let certs: [[Cell]]
            let expected_interval_by_now: [String: Double]
        }
        let params: Params
        let cases: [Case]
    }
    struct Sorting: Decodable {
        let input: [[Cell]]
        let expected: [[Cell]]
    }
    struct DecisionTable: Decodable {
        struct Case: Decodable, Sendable {
            let store: [[String]]
            let fallback: [[String]]?
            let expectedCN: [String]?
            let validate: [String]
            let result: String
        }
        let cases: [Case]
    }
    /// A string or a number cell of the tables.
    enum Cell: Decodable, Sendable {
        case text(String)
        case number(Int64)
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int64.self) {
                self = .number(number)
            } else {
                self = .text(try container.decode(String.self))
            }
        }
        var text: String {
            if case .text(let value) = self { return value }
            return ""
        }
        var number: Int64 {
            if case .number(let value) = self { return value }
            return 0
        }
    }
    let raw_ecdsa_primitive: [Primitive]
    let entry_signatures_v1: [EntrySignature]
    let certificate_fingerprint: CertificateFingerprint
    let payloads: [Payload]
    let server_challenge_header_validation: ChallengeHeaderCases
    let update_scheduler: Scheduler
    let sorting: Sorting
    let validation_decision_table: DecisionTable

    static func load() throws -> ExtractedVectors {
        try Fixtures.decode(ExtractedVectors.self, from: "extracted-vectors.json")
    }
}
