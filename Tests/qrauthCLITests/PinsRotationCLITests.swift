import Foundation
import Testing

/// The release gate during a certificate rotation: the old entry expiring (or expired) while the
/// new entry for the same name is already in the list must not block releases.
@Suite("qrauth pins verify during a rotation")
struct PinsRotationCLITests {
    /// A moment less than 30 days before the fixture certificate's notAfter (1540280280).
    static let beforeExpiry = "1537700000"

    private func signedRotation(in directory: URL) async throws -> String {
        let list = directory.appendingPathComponent("list.json").path
        let old = try await CLIRunner.run([
            "pins", "sign", "--key", PinsCLITests.k2Key, "--cert", PinsCLITests.google, "--into", list,
        ])
        try #require(old.status == 0)
        let (newCert, _) = try await PinsOpenSSL.certificate("www.google.com", days: 30, in: directory)
        let new = try await CLIRunner.run([
            "pins", "sign", "--key", PinsCLITests.k2Key, "--cert", newCert, "--into", list, "--expires", "1600000000",
        ])
        try #require(new.status == 0)
        return list
    }

    @Test(.enabled(if: PinsOpenSSL.isAvailable, "needs the openssl command line"))
    func aCoveredOldEntryPassesTheGateAndStrictExpiryStillFails() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = try await signedRotation(in: directory)
        let base = ["pins", "verify", list, "--public-key", PinsCLITests.k2, "--now", Self.beforeExpiry]

        let gate = try await CLIRunner.run(base + ["--fail-within", "30d"])
        #expect(gate.status == 0)
        #expect(gate.stdout.contains("EXPIRING"))
        #expect(gate.stdout.contains("(superseded by ["))
        #expect(gate.stdout.contains("1 of them superseded by a newer entry"))

        let json = try await CLIRunner.run(base + ["--fail-within", "30d", "--json"])
        #expect(json.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let entries = try #require(document["entries"] as? [[String: Any]])
        #expect(entries.count == 2)
        let expiring = try #require(entries.first { ($0["expiry"] as? String) == "expiring-soon" })
        let valid = try #require(entries.first { ($0["expiry"] as? String) == "valid" })
        #expect((expiring["supersededBy"] as? Int) == (valid["index"] as? Int))

        let strict = try await CLIRunner.run(base + ["--fail-within", "30d", "--strict-expiry"])
        #expect(strict.status == 2)

        // Once expired, the old entry is still covered; after the new one expires too, nothing is.
        #expect(try await CLIRunner.run(base.dropLast() + ["1540280281"]).status == 0)
        #expect(try await CLIRunner.run(base.dropLast() + ["1600000001"]).status == 2)
    }

    @Test(.enabled(if: PinsOpenSSL.isAvailable, "needs the openssl command line"))
    func aNewEntryThatExpiresWithinTheWindowCoversNothing() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = try await signedRotation(in: directory)
        // A window reaching past the new entry's expiry: both are expiring, so the gate fails.
        let result = try await CLIRunner.run([
            "pins", "verify", list, "--public-key", PinsCLITests.k2, "--now", Self.beforeExpiry, "--fail-within",
            "\(1_600_000_000 - 1_537_700_000 + 1)",
        ])
        #expect(result.status == 2)
        #expect(!result.stdout.contains("superseded"))
    }
}
