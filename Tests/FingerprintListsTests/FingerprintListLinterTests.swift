import FingerprintLists
import Foundation
import QRAuthCrypto
import Testing

@Suite("Linter")
struct FingerprintListLinterTests {
    static let now: Int64 = 1_700_000_000

    func kinds(_ findings: [LintFinding]) -> [LintFinding.Kind] { findings.map(\.kind) }

    @Test func cleanListHasNoFindings() throws {
        let entries = [ListFactory.entry("api.example.com", 1, Self.now + 90 * 86_400)]
        let findings = try FingerprintListLinter(now: Self.now).lint(try ListFactory.staticBody(entries))
        #expect(findings.isEmpty)
    }

    @Test func expiryDuplicatesAndNames() throws {
        let entries = [
            ListFactory.entry("api.example.com", 1, Self.now - 1),
            ListFactory.entry("api.example.com", 2, Self.now + 86_400),
            ListFactory.entry("api.example.com", 2, Self.now + 86_400),
            ListFactory.entry("bad name.example", 3, Self.now + 90 * 86_400),
        ]
        let findings = try FingerprintListLinter(now: Self.now).lint(try ListFactory.staticBody(entries))
        #expect(findings.contains { $0.kind == .expired && $0.index == 0 && $0.severity == .error })
        #expect(findings.contains { $0.kind == .expiringSoon && $0.index == 1 && $0.severity == .warning })
        #expect(findings.contains { $0.kind == .duplicate && $0.index == 2 })
        #expect(findings.contains { $0.kind == .unsafeName && $0.index == 3 })
    }

    @Test func fieldsAStaticListMustNotCarry() throws {
        let fingerprint = Data(repeating: 1, count: 32).base64EncodedString()
        let signature = try ListFactory.key.signature(for: Data("x".utf8)).base64EncodedString()
        let text = """
            {"timestamp": 1700000000, "domainsConfig": {"sslPinningRequiredForUnlisted": false},
             "fingerprints": [
              {"name": "a.example", "fingerprint": "\(fingerprint)", "expires": 4102444800000, "signature": "\(signature)"},
              {"name": "b.example", "fingerprint": "\(fingerprint)", "expires": 4102444800.5, "signature": "\(signature)", "depth": 1},
              {"name": "c.example", "fingerprint": "abc", "expires": 4102444800, "signature": "uSt9XLGj//Koi3WY5opsZqbTfN5wXNFMPPpuEb6F33+iuQf8/rHshgFBvo9+puPHKvNpRQ1rbTzQg01jenZfrA=="}
             ]}
            """
        let findings = try FingerprintListLinter(now: Self.now).lint(Data(text.utf8))
        #expect(
            findings.contains { $0.kind == .unexpectedField && $0.index == nil && $0.message.contains("timestamp") })
        #expect(findings.contains { $0.kind == .forbiddenField && $0.index == nil })
        #expect(findings.contains { $0.kind == .millisecondExpiry && $0.index == 0 })
        #expect(findings.contains { $0.kind == .nonIntegerExpiry && $0.index == 1 })
        #expect(findings.contains { $0.kind == .forbiddenField && $0.index == 1 })
        #expect(findings.contains { $0.kind == .invalidEntry && $0.index == 2 && $0.message.contains("32-byte") })
        #expect(findings.contains { $0.kind == .invalidEntry && $0.index == 2 && $0.message.contains("r||s") })
    }

    @Test func certificatesMustMatchTheirEntries() throws {
        let certificate = try X509Certificate(
            pemRepresentation: Fixtures.text("ssl-pinning-tool-test-www.google.com.pem"))
        let now = certificate.notAfter - 90 * 86_400
        let right = try CertificateChain([certificate]).entry()
        var wrongName = right
        wrongName.name = "google.com"
        let oldCertificate = ListFactory.entry("www.google.com", 7, certificate.notAfter)
        let linter = FingerprintListLinter(now: now, certificates: [certificate])
        let mismatched = try linter.lint(try ListFactory.staticBody([wrongName, oldCertificate]))
        #expect(mismatched.contains { $0.kind == .nameMismatch && $0.index == 0 })
        #expect(mismatched.contains { $0.kind == .fingerprintMismatch && $0.index == 1 && $0.severity == .warning })
        #expect(mismatched.contains { $0.kind == .certificateNotPinned })
        #expect(try linter.lint(try ListFactory.staticBody([right])).isEmpty)
    }

    @Test func notAListThrows() {
        #expect(throws: FingerprintListError.self) { try FingerprintListLinter(now: 0).lint(Data("[]".utf8)) }
        #expect(throws: FingerprintListError.self) { try FingerprintListLinter(now: 0).lint(Data("{}".utf8)) }
    }

    @Test func pruneDropsOnlyExpired() throws {
        var list = FingerprintList(entries: [
            ListFactory.entry("a.example", 1, Self.now - 1), ListFactory.entry("a.example", 2, Self.now),
        ])
        let removed = list.removeExpired(at: Self.now)
        #expect(removed.map(\.expires) == [Self.now - 1])
        #expect(list.entries.map(\.expires) == [Self.now])
    }
}
