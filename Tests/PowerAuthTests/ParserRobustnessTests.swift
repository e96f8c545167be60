import Foundation
import PowerAuth
import QRAuthTestSupport
import Testing

/// Malformed input never crashes a parser: it parses or throws `PowerAuthError`.
@Suite("Parser robustness")
struct ParserRobustnessTests {
    static let validAuthorization =
        #"PowerAuth pa_version="3.1", pa_activation_id="6ae8cd16-67a7-4840-8d37-33d9aab6ea51", "#
        + #"pa_application_key="cphaZFPvGcolYZ9e0q6qMw==", pa_nonce="AAECAwQFBgcICQoLDA0ODw==", "#
        + #"pa_signature_type="possession", pa_signature="EpuZ3Ajuv6TWzTj0LJi22w==""#
    static let validToken =
        #"PowerAuth version="3.3", token_id="d6561669-34d6-4fee-8913-89477687a5cb", "#
        + #"token_digest="3UcOmQYpKlw9vttQRrGTvXbn9elqeuLyIpZcZC06pQU=", nonce="AAECAwQFBgcICQoLDA0ODw==", "#
        + #"timestamp="1718000000000""#

    /// Deletes, duplicates or replaces random characters of `text`.
    static func mutate(_ text: String, using generator: inout SeededGenerator) -> String {
        var characters = Array(text)
        let alphabet = Array("\"=, _-PowerAuth0123456789abcdef+/\u{0}é\n")
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            guard !characters.isEmpty else { break }
            let index = Int.random(in: 0..<characters.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: characters.remove(at: index)
            case 1: characters.insert(characters[index], at: index)
            default: characters[index] = alphabet.randomElement(using: &generator)!
            }
        }
        return String(characters)
    }

    @Test func mutatedHeadersParseOrThrowTyped() {
        var generator = SeededGenerator(seed: 42)
        #expect((try? AuthorizationHeader(parsing: Self.validAuthorization)) != nil)
        #expect((try? TokenHeader(parsing: Self.validToken)) != nil)
        var parsed = 0
        var rejected = 0
        for _ in 0..<3000 {
            let authorization = Self.mutate(Self.validAuthorization, using: &generator)
            do {
                let header = try AuthorizationHeader(parsing: authorization)
                // Whatever parses is valid and survives a rebuild.
                #expect(try AuthorizationHeader(parsing: header.value) == header)
                parsed += 1
            } catch {
                rejected += 1  // typed: always a PowerAuthError
            }
            let token = Self.mutate(Self.validToken, using: &generator)
            do {
                let header = try TokenHeader(parsing: token)
                #expect(try TokenHeader(parsing: header.value) == header)
            } catch {
                rejected += 1
            }
        }
        #expect(parsed > 0)
        #expect(rejected > 0)
    }

    @Test func randomBytesIntoEveryParser() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<2000 {
            let count = Int.random(in: 0...80, using: &generator)
            let bytes = Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(throwsOnlyPowerAuthError { _ = try AuthorizationHeader(parsing: "PowerAuth " + text) })
            #expect(throwsOnlyPowerAuthError { _ = try CanonicalQuery.string(fromQuery: text) })
            #expect(throwsOnlyPowerAuthError { _ = try CmdToolStatusFile(json: bytes) })
            #expect(throwsOnlyPowerAuthError { _ = try MobileSDKConfiguration(base64: bytes.base64EncodedString()) })
            #expect(
                throwsOnlyPowerAuthError {
                    _ = try ActivationStatusBlob(
                        encrypted: bytes, transportKey: Data(count: 16), challenge: Data(count: 16),
                        nonce: Data(count: 16))
                })
        }
    }

    /// The fuzzer's oracle for the GET canonicalization (package API, so checked here): whatever
    /// canonicalizes is a fixed point.
    @Test func canonicalQueryIsAFixedPoint() throws {
        var generator = SeededGenerator(seed: 11)
        let alphabet = Array("ab=&%+2F0e9 ~*é")
        var canonicalized = 0
        for _ in 0..<3000 {
            let length = Int.random(in: 0...24, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            guard let canonical = try? CanonicalQuery.string(fromQuery: text) else { continue }
            #expect(try CanonicalQuery.string(fromQuery: canonical) == canonical, "\(text)")
            canonicalized += 1
        }
        #expect(canonicalized > 1000)
    }

    func throwsOnlyPowerAuthError(_ body: () throws -> Void) -> Bool {
        do {
            try body()
            return true
        } catch {
            return error is PowerAuthError
        }
    }
}
