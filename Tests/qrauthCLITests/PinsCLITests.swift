import Foundation
import Testing

@Suite("qrauth pins")
struct PinsCLITests {
    static let k2 = "BC3kV9OIDnMuVoCdDR9nEA/JidJLTTDLuSA2TSZsGgODSshfbZg31MS90WC/HdbU/A5WL5GmyDkE/iks6INv+XE="
    static let google = CLIRunner.fixture("ssl-pinning-tool-test-www.google.com.pem")
    static let k2Key = CLIRunner.fixture("ios-Tests-TestData-private.pem")
    static let payload = CLIRunner.fixture("generated-static-v1-payload.json")
    /// A moment when the google certificate (notAfter 1540280280) is still valid.
    static let googleTime = "1539000000"

    func json(_ result: CLIResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
    }

    @Test func keygenWritesAnOwnerOnlyKeyWhosePublicKeyIsPrinted() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("key.pem").path
        let made = try await CLIRunner.run(["pins", "keygen", "--out", path])
        #expect(made.status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let exported = try await CLIRunner.run(["pins", "public-key", "--key", path])
        #expect(exported.status == 0)
        #expect(exported.stdout == made.stdout)
        #expect(made.stdout.hasPrefix("B") && made.stdout.count == 89)
        #expect(try await CLIRunner.run(["pins", "keygen", "--out", path]).status == 64)
        // Encrypted: the password comes from the environment; without it the key does not open.
        let secret = directory.appendingPathComponent("secret.pem").path
        let env = ["PIN_PASS": "s3cret"]
        #expect(
            try await CLIRunner.run(
                ["pins", "keygen", "--out", secret, "--password-env", "PIN_PASS"], environment: env
            )
            .status == 0)
        #expect(try String(contentsOfFile: secret, encoding: .utf8).hasPrefix("-----BEGIN ENCRYPTED PRIVATE KEY-----"))
        let locked = try await CLIRunner.run(["pins", "public-key", "--key", secret])
        #expect(locked.status == 4)
        #expect(locked.stderr.contains("encrypted"))
        let opened = try await CLIRunner.run(
            ["pins", "private-key", "--key", secret, "--password-env", "PIN_PASS"], environment: env)
        #expect(opened.status == 0)
        #expect(!opened.stderr.contains("s3cret"))
    }

    @Test func toolKeyFilesExportTheToolsValues() async throws {
        let tool = CLIRunner.fixture("generated-tool-style-keypair-encrypted-s3cret.pem")
        let publicKey = try await CLIRunner.run(
            ["pins", "public-key", "--key", tool, "--password-stdin"], stdin: Data("s3cret\n".utf8))
        #expect(
            publicKey.stdout
                == "BGxYFkdkoboW/+Jq9qbPyql8pq/KGWfEiljkaTxqEg/qDLNeEvSDGP0XnIUgbvgaa0DOEuCLNFmkNUaq1XmnJ2o=\n")
        let privateKey = try await CLIRunner.run(
            ["pins", "private-key", "--key", tool, "--password-stdin"], stdin: Data("s3cret".utf8))
        #expect(privateKey.stdout == "IqZpAiLf2pePPD9dGm/DxmS0HVLHdwmX/RSseZs4/Ag=\n")
        let wrong = try await CLIRunner.run(
            ["pins", "public-key", "--key", tool, "--password-stdin"], stdin: Data("nope".utf8))
        #expect(wrong.status == 4)
        #expect(wrong.stderr.contains("password"))
        #expect(try await CLIRunner.run(["pins", "public-key", "--key", Self.k2Key]).stdout == Self.k2 + "\n")
    }

    @Test func fingerprintOfTheToolTestCertificate() async throws {
        let result = try await CLIRunner.run(["pins", "fingerprint", Self.google, "--json"])
        #expect(result.status == 0)
        let items = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
        #expect(items.first?["fingerprint"] as? String == "nu1DOBz31Y5FY6lRNkJV/HdnB6BDVCp7mX0nxkbub7Y=")
        #expect(items.first?["commonName"] as? String == "www.google.com")
        #expect((items.first?["notAfter"] as? NSNumber)?.int64Value == 1_540_280_280)
        #expect(try await CLIRunner.run(["pins", "fingerprint", Self.payload]).status == 4)
    }

    @Test func signIntoAListThenVerifyIt() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = directory.appendingPathComponent("list.json").path
        let sign = try await CLIRunner.run(["pins", "sign", "--key", Self.k2Key, "--cert", Self.google, "--into", list])
        #expect(sign.status == 0)
        let again = try await CLIRunner.run([
            "pins", "sign", "--key", Self.k2Key, "--cert", Self.google, "--into", list, "--name",
            "google-alias.example",
        ])
        #expect(again.status == 0)
        let resign = try await CLIRunner.run([
            "pins", "sign", "--key", Self.k2Key, "--cert", Self.google, "--into", list,
        ])
        #expect(resign.status == 0)
        let text = try String(contentsOfFile: list, encoding: .utf8)
        #expect(text.components(separatedBy: "\"name\"").count == 3)
        #expect(text.range(of: "google-alias.example")!.lowerBound < text.range(of: "www.google.com")!.lowerBound)
        let verify = try await CLIRunner.run([
            "pins", "verify", list, "--public-key", Self.k2, "--now", Self.googleTime, "--expect-name",
            "www.google.com",
            "--json",
        ])
        #expect(verify.status == 0)
        #expect((try json(verify)["entries"] as? [Any])?.count == 2)
        let soon = try await CLIRunner.run([
            "pins", "verify", list, "--public-key", Self.k2, "--now", Self.googleTime, "--fail-within", "30d",
        ])
        #expect(soon.status == 2)
        #expect(soon.stdout.contains("EXPIRING"))
        let later = try await CLIRunner.run(["pins", "verify", list, "--public-key", Self.k2, "--now", "1540280281"])
        #expect(later.status == 2)
        let missing = try await CLIRunner.run([
            "pins", "verify", list, "--public-key", Self.k2, "--now", Self.googleTime, "--expect-name",
            "api.example.com",
        ])
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("MISSING api.example.com"))
        let single = try await CLIRunner.run([
            "pins", "sign", "--key", Self.k2Key, "--cert", Self.google, "--expires", "1540000000",
        ])
        #expect(single.stdout.contains("\"expires\": 1540000000"))
    }

    /// ssl-pinning-tool's `sign -n -f -t`: the entry from its details alone is the one the certificate
    /// gives, in either fingerprint spelling, and verifies.
    @Test func signFromNameFingerprintAndExpiry() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func entry(_ result: CLIResult) throws -> [String: Any] {
            #expect(result.status == 0, "\(result.stderr)")
            var fields = try json(result)
            #expect((fields.removeValue(forKey: "signature") as? String)?.isEmpty == false)
            return fields
        }
        let fromCertificate = try await entry(
            CLIRunner.run(["pins", "sign", "--key", Self.k2Key, "--cert", Self.google, "--json"]))
        let details = ["pins", "sign", "--key", Self.k2Key, "--name", "www.google.com", "--expires", "1540280280"]
        // The colon-separated upper-case hex `openssl x509 -fingerprint -sha256` prints.
        let hex = "9E:ED:43:38:1C:F7:D5:8E:45:63:A9:51:36:42:55:FC:77:67:07:A0:43:54:2A:7B:99:7D:27:C6:46:EE:6F:B6"
        for spelling in [
            hex, hex.replacingOccurrences(of: ":", with: " ").lowercased(),
            "nu1DOBz31Y5FY6lRNkJV/HdnB6BDVCp7mX0nxkbub7Y=",
        ] {
            let fromDetails = try await entry(CLIRunner.run(details + ["--fingerprint", spelling, "--json"]))
            #expect(NSDictionary(dictionary: fromDetails) == NSDictionary(dictionary: fromCertificate), "\(spelling)")
        }
        let list = directory.appendingPathComponent("list.json").path
        #expect(try await CLIRunner.run(details + ["--fingerprint", hex, "--into", list]).status == 0)
        let verify = try await CLIRunner.run([
            "pins", "verify", list, "--public-key", Self.k2, "--now", Self.googleTime,
        ])
        #expect(verify.status == 0)

        let ambiguous = try await CLIRunner.run(details + ["--fingerprint", hex, "--cert", Self.google])
        #expect(ambiguous.status == 64)
        #expect(ambiguous.stderr.contains("ambiguous"))
        let noExpiry = try await CLIRunner.run([
            "pins", "sign", "--key", Self.k2Key, "--name", "www.google.com", "--fingerprint", hex,
        ])
        #expect(noExpiry.status == 64)
        #expect(noExpiry.stderr.contains("--expires"))
        for bad in [String(hex.dropLast()), "+" + String(hex.dropFirst()), "bm90IDMyIGJ5dGVz"] {
            let result = try await CLIRunner.run(details + ["--fingerprint", bad])
            #expect(result.status == 64, "\(bad)")
            #expect(result.stderr.contains("64 hex digits or Base64 of 32 bytes"), "\(bad)")
        }
    }

    @Test func signRefusesUnsafeNamesUnlessForced() async throws {
        let refused = try await CLIRunner.run([
            "pins", "sign", "--key", Self.k2Key, "--cert", Self.google, "--name", "bad name",
        ])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("[A-Za-z0-9.*-]"))
        let forced = try await CLIRunner.run([
            "pins", "sign", "--key", Self.k2Key, "--cert", Self.google, "--name", "bad name", "--force",
        ])
        #expect(forced.status == 0)
    }

    @Test func verifyTheGeneratedPayload() async throws {
        let result = try await CLIRunner.run([
            "pins", "verify", Self.payload, "--public-key", Self.k2, "--now", "1700000000", "--json",
        ])
        #expect(result.status == 2)
        let entries = try #require(try json(result)["entries"] as? [[String: Any]])
        #expect(entries.map { $0["verdict"] as? String } == ["valid", "valid", "valid", "valid"])
        #expect(entries.map { $0["expiry"] as? String } == ["expired", "valid", "valid", "valid"])
        let otherKey = "BGxYFkdkoboW/+Jq9qbPyql8pq/KGWfEiljkaTxqEg/qDLNeEvSDGP0XnIUgbvgaa0DOEuCLNFmkNUaq1XmnJ2o="
        let wrongKey = try await CLIRunner.run([
            "pins", "verify", Self.payload, "--public-key", otherKey, "--now", "1500000000",
        ])
        #expect(wrongKey.status == 1)
        #expect(wrongKey.stdout.contains("BAD-SIGNATURE"))
    }

    @Test(.enabled(if: PinsOpenSSL.isAvailable, "needs the openssl command line"))
    func explainShowsTheSignedStringAndTheREADMEOrderMistake() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fingerprint = "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE="
        let wrongOrder = directory.appendingPathComponent("message")
        try Data("api.example.com&4102444800&\(fingerprint)".utf8).write(to: wrongOrder)
        let signature = try await PinsOpenSSL.run(["dgst", "-sha256", "-sign", Self.k2Key, wrongOrder.path]).stdout
        let list = directory.appendingPathComponent("list.json")
        try Data(
            """
            {"fingerprints":[{"name":"api.example.com","fingerprint":"\(fingerprint)","expires":4102444800,\
            "signature":"\(signature.base64EncodedString())"}]}
            """.utf8
        ).write(to: list)
        let result = try await CLIRunner.run(["pins", "verify", list.path, "--public-key", Self.k2, "--explain"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("signed string: api.example.com&\(fingerprint)&4102444800"))
        #expect(result.stdout.contains("name&expires&fingerprint"))
    }

    @Test(arguments: [
        (
            "{\"fingerprints\":[{\"name\":\"a\",\"fingerprint\":\"AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=\",\"expires\":4102444800000,\"signature\":\"MEUCIQC4y6M4K8EPgsgLHtErCULQb497wdCQDMGjOfI9SDZBkgIgUi3DrWIfOjyhtUHuG187dlAkxZ9nZngJjq3OEtbzuOk=\"}]}",
            "milliseconds"
        ),
        (
            "{\"fingerprints\":[{\"name\":\"a\",\"fingerprint\":\"AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=\",\"expires\":4102444800,\"signature\":\"uSt9XLGj//Koi3WY5opsZqbTfN5wXNFMPPpuEb6F33+iuQf8/rHshgFBvo9+puPHKvNpRQ1rbTzQg01jenZfrA==\"}]}",
            "r||s"
        ),
        ("{\"fingerprints\":[", "line 1"),
    ])
    func malformedListsExitFour(_ text: String, _ words: String) async throws {
        let result = try await CLIRunner.run(["pins", "verify", "-", "--public-key", Self.k2], stdin: Data(text.utf8))
        #expect(result.status == 4)
        #expect(result.stderr.contains(words))
        #expect(result.stdout.isEmpty)
    }

    @Test func verifyResponseChallengeMode() async throws {
        let vectors = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: CLIRunner.fixture("generated-vectors.json"))))
                as? [String: Any])
        let first = try #require((vectors["challenge_positive_rfc6979"] as? [[String: Any]])?.first)
        let body = Data(try #require(first["body_utf8"] as? String).utf8)
        let challenge = try #require(first["challenge_header"] as? String)
        let signature = try #require(first["x_cert_pinning_signature"] as? String)
        let arguments = ["pins", "verify-response", "-", "--public-key", Self.k2, "--now", "1700000000"]
        let good = try await CLIRunner.run(
            arguments + ["--challenge", challenge, "--signature", signature, "--json"], stdin: body)
        #expect(good.status == 0)
        #expect(try json(good)["valid"] as? Bool == true)
        let other = try await CLIRunner.run(
            arguments + ["--challenge", "AQEBAQEBAQEBAQEBAQEBAQ==", "--signature", signature], stdin: body)
        #expect(other.status == 1)
        let raw = "uSt9XLGj//Koi3WY5opsZqbTfN5wXNFMPPpuEb6F33+iuQf8/rHshgFBvo9+puPHKvNpRQ1rbTzQg01jenZfrA=="
        let malformed = try await CLIRunner.run(
            arguments + ["--challenge", challenge, "--signature", raw], stdin: body)
        #expect(malformed.status == 4)
        #expect(malformed.stderr.contains("DER"))
    }

    @Test func lintAndPrune() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = directory.appendingPathComponent("list.json").path
        try FileManager.default.copyItem(atPath: Self.payload, toPath: list)
        let lint = try await CLIRunner.run(["pins", "lint", list, "--now", "1700000000", "--json"])
        #expect(lint.status == 2)
        let findings = try #require(try json(lint)["findings"] as? [[String: Any]])
        #expect(findings.contains { $0["kind"] as? String == "expired" })
        #expect(findings.contains { $0["kind"] as? String == "unsafe-name" })
        let withCert = try await CLIRunner.run(["pins", "lint", list, "--now", "1539000000", "--cert", Self.google])
        #expect(withCert.status == 0)
        let prune = try await CLIRunner.run(["pins", "prune", list, "--now", "1700000000"])
        #expect(prune.status == 0)
        #expect(prune.stdout.contains("removed www.google.com"))
        let after = try await CLIRunner.run(["pins", "verify", list, "--public-key", Self.k2, "--now", "1700000000"])
        #expect(after.status == 0)
        let nothing = try await CLIRunner.run(["pins", "prune", list, "--now", "1700000000"])
        #expect(nothing.stdout.contains("unchanged"))
        let duplicate = directory.appendingPathComponent("dup.json").path
        let text = try String(contentsOfFile: list, encoding: .utf8)
        let entry = text[text.range(of: "    {")!.lowerBound..<text.range(of: "    },")!.upperBound]
        try Data(text.replacingOccurrences(of: "\"fingerprints\": [\n", with: "\"fingerprints\": [\n\(entry)\n").utf8)
            .write(to: URL(fileURLWithPath: duplicate))
        let dup = try await CLIRunner.run(["pins", "lint", duplicate, "--now", "1700000000"])
        #expect(dup.status == 1)
        #expect(dup.stdout.contains("duplicate"))
    }

    @Test func checkAnswersLikeAClient() async throws {
        let trusted = try await CLIRunner.run([
            "pins", "check", Self.payload, "--public-key", Self.k2, "--cert", Self.google, "--now",
            Self.googleTime,
        ])
        #expect(trusted.status == 0)
        #expect(trusted.stdout == "trusted\n")
        let expired = try await CLIRunner.run([
            "pins", "check", Self.payload, "--public-key", Self.k2, "--cert", Self.google, "--now",
            "1700000000",
        ])
        #expect(expired.status == 1)
        #expect(expired.stdout.hasPrefix("empty"))
        let unexpected = try await CLIRunner.run([
            "pins", "check", Self.payload, "--public-key", Self.k2, "--cert", Self.google, "--now",
            Self.googleTime,
            "--expect-name", "api.example.com",
        ])
        #expect(unexpected.stdout.hasPrefix("untrusted"))
        let otherKey = "BGxYFkdkoboW/+Jq9qbPyql8pq/KGWfEiljkaTxqEg/qDLNeEvSDGP0XnIUgbvgaa0DOEuCLNFmkNUaq1XmnJ2o="
        let rejected = try await CLIRunner.run([
            "pins", "check", Self.payload, "--public-key", otherKey, "--cert", Self.google, "--now",
            Self.googleTime,
            "--json",
        ])
        #expect(rejected.status == 1)
        #expect(try json(rejected)["listUpdate"] as? String == "invalid-signature")
    }

    @Test(.enabled(if: PinsOpenSSL.isAvailable, "needs the openssl command line"))
    func hostFetchesTheChainFromALocalTLSServer() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (cert, key) = try await PinsOpenSSL.certificate("pins.test", in: directory)
        let server = try await LocalTLSServer(cert: cert, key: key)
        defer { server.stop() }
        let host = "127.0.0.1:\(server.port)"
        let fromFile = try await CLIRunner.run(["pins", "fingerprint", cert, "--json"])
        let fromHost = try await CLIRunner.run([
            "pins", "fingerprint", "--host", host, "--server-name", "pins.test", "--json",
        ])
        #expect(fromHost.status == 0)
        let fileItems = try #require(try JSONSerialization.jsonObject(with: fromFile.stdoutData) as? [[String: Any]])
        let hostItems = try #require(try JSONSerialization.jsonObject(with: fromHost.stdoutData) as? [[String: Any]])
        #expect(hostItems.first?["fingerprint"] as? String == fileItems.first?["fingerprint"] as? String)
        let list = directory.appendingPathComponent("list.json").path
        #expect(
            try await CLIRunner.run(["pins", "sign", "--key", Self.k2Key, "--host", host, "--into", list]).status == 0)
        let check = try await CLIRunner.run(["pins", "check", "--list", list, "--public-key", Self.k2, "--host", host])
        #expect(check.stdout == "trusted\n")
        await server.stopped()
        let down = try await CLIRunner.run(["pins", "fingerprint", "--host", host, "--timeout", "2"])
        #expect(down.status == 5)
    }
}
