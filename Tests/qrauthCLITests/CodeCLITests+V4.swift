import Foundation
import QRAuthTestSupport
import Testing

/// `operation create` and `code verify` with a 4.0 server activation file (issue 27): the file and the vectors are
/// copies of PowerAuthTests' `derived/v4/offline-approval.json` and the server file written from it.
extension CodeCLITests {
    struct V4Vectors: Decodable {
        var payload: String
        var knowledgeCodes: [String]
    }

    /// A writable copy of the 4.0 server file, and the vectors.
    static func v4Setup() throws -> (server: String, vectors: V4Vectors) {
        let directory = try CLIRunner.temporaryDirectory()
        let server = directory.appendingPathComponent("server.json")
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: CLIRunner.fixture("v4-server-activation.json")), to: server)
        let vectors = try JSONDecoder().decode(
            V4Vectors.self, from: Data(contentsOf: URL(fileURLWithPath: CLIRunner.fixture("v4-offline-approval.json"))))
        return (server.path, vectors)
    }

    /// The lines of the vectors' payload as `operation create` options.
    static func createArguments(_ payload: String, server: String) -> [String] {
        let lines = payload.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return [
            "operation", "create", "--server-activation", server, "--id", lines[0], "--title", lines[1], "--message",
            lines[2], "--data", lines[3], "--flags", lines[4], "--nonce", lines[5],
        ]
    }

    @Test func v4ServerFileSignsKey2AndChecksCodesWithLookAhead() async throws {
        let (server, vectors) = try Self.v4Setup()
        let created = try await CLIRunner.run(Self.createArguments(vectors.payload, server: server) + ["--json"])
        #expect(created.status == 0, "\(created.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: created.stdoutData) as? [String: Any])
        // The KMAC tag is deterministic: the same payload as the library's vector, byte for byte.
        #expect(report["payload"] as? String == vectors.payload)
        #expect(report["signingKey"] as? String == "personalized-mac")
        let parsed = try await CLIRunner.run(["operation", "parse", vectors.payload, "--json"])
        #expect(parsed.status == 0, "\(parsed.stderr)")

        func verify(_ code: String) async throws -> (CLIResult, [String: Any]) {
            let result = try await CLIRunner.run(
                [
                    "code", "verify", "--server-activation", server, "--code", code, "--operation", vectors.payload,
                    "--json",
                ])
            return (result, try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any]))
        }
        let (accepted, first) = try await verify(vectors.knowledgeCodes[2])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(first["matchedIteration"] as? Int == 2 && first["counter"] as? Int == 3)
        #expect(first["signatureType"] as? String == "possession_knowledge")
        // Saved: the same code again is rejected (exit 1, one failed attempt).
        let (again, second) = try await verify(vectors.knowledgeCodes[2])
        #expect(again.status == 1)
        #expect(second["failedAttempts"] as? Int == 1)
        let (next, third) = try await verify(vectors.knowledgeCodes[3])
        #expect(next.status == 0 && third["matchedIteration"] as? Int == 0)
    }

    @Test func v4ServerFileSignsKey0WithP384() async throws {
        let (server, vectors) = try Self.v4Setup()
        let created = try await CLIRunner.run(Self.createArguments(vectors.payload, server: server) + ["--master"])
        #expect(created.status == 0, "\(created.stderr)")
        let lines = created.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let last = try #require(lines.dropLast().last)
        #expect(last.first == "0")
        let signature = try #require(Data(base64Encoded: String(last.dropFirst())))
        // A P-384 DER signature is about 100-104 bytes (shorter only with leading zero bytes), a P-256 one at most 72.
        #expect((80...104).contains(signature.count), "\(signature.count)")
    }
}

extension CodeCLITests {
    /// `operation approve` with a 4.0 device file (`v4-device.json`, the same activation as the server file): the
    /// codes of the vectors in counter order, each accepted by `code verify` on the 4.0 server file.
    @Test func v4DeviceFileApprovesAndTheServerAccepts() async throws {
        let (server, vectors) = try Self.v4Setup()
        let device = URL(fileURLWithPath: server).deletingLastPathComponent().appendingPathComponent("device.json")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: CLIRunner.fixture("v4-device.json")), to: device)
        func approve(_ payload: String) async throws -> CLIResult {
            try await CLIRunner.run(
                ["operation", "approve", "--device", device.path, "--password-env", "PA_PIN", payload, "--json"],
                environment: ["PA_PIN": "1234"])
        }
        for expected in vectors.knowledgeCodes.prefix(2) {
            let result = try await approve(vectors.payload)
            #expect(result.status == 0, "\(result.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
            #expect(report["code"] as? String == expected)
            #expect(report["signatureVerified"] as? Bool == true)
            #expect(report["lookAhead"] == nil)
            let verified = try await CLIRunner.run(
                ["code", "verify", "--server-activation", server, "--code", expected, "--operation", vectors.payload])
            #expect(verified.status == 0, "\(verified.stdout) \(verified.stderr)")
        }
        // A forged tag is refused without spending a counter step.
        let forged = String(vectors.payload.dropLast(2)) + (vectors.payload.hasSuffix("A=") ? "B=" : "A=")
        let refused = try await approve(forged)
        #expect(refused.status == 1)
        let next = try await approve(vectors.payload)
        #expect(next.stdout.contains(vectors.knowledgeCodes[2]))
    }
}

extension CodeCLITests {
    /// `operation verify` with a 4.0 device file: key `2` with its personalized-data key, key `0` with its P-384
    /// master key (the payload `operation create --master` signs with the server file), key `1` refused; the file
    /// is read, never written.
    @Test func v4DeviceFileVerifiesKeys2And0() async throws {
        let (server, vectors) = try Self.v4Setup()
        let device = URL(fileURLWithPath: server).deletingLastPathComponent().appendingPathComponent("device.json")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: CLIRunner.fixture("v4-device.json")), to: device)
        func verify(_ payload: String, _ extra: [String] = []) async throws -> CLIResult {
            try await CLIRunner.run(["operation", "verify", "--device", device.path, payload] + extra)
        }
        let valid = try await verify(vectors.payload, ["--json"])
        #expect(valid.status == 0, "\(valid.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: valid.stdoutData) as? [String: Any])
        #expect(report["valid"] as? Bool == true && report["verdict"] as? String == "valid")
        #expect(report["signingKey"] as? String == "personalized-mac")
        let forged = String(vectors.payload.dropLast(2)) + (vectors.payload.hasSuffix("A=") ? "B=" : "A=")
        let invalid = try await verify(forged)
        #expect(invalid.status == 1 && invalid.stdout.contains("INVALID"), "\(invalid.stdout) \(invalid.stderr)")

        let created = try await CLIRunner.run(Self.createArguments(vectors.payload, server: server) + ["--master"])
        #expect(created.status == 0, "\(created.stderr)")
        let master = created.stdout.hasSuffix("\n") ? String(created.stdout.dropLast()) : created.stdout
        // The fixture device file names another P-384 master key than the one the server file signs with: checked
        // as it is, the key-0 payload does not verify.
        let foreign = try await verify(master)
        #expect(foreign.status == 1 && foreign.stdout.contains("INVALID"), "\(foreign.stdout) \(foreign.stderr)")
        // A copy naming the server file's master key (its public point, derived by `openssl ec`) accepts it.
        try #require(OpenSSLCommandLine.isAvailable)
        let openssl = try OpenSSLCommandLine()
        defer { openssl.remove() }
        let serverFile = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: server))) as? [String: Any])
        let scalarText = try #require((serverFile["v4"] as? [String: Any])?["masterPrivateKeyP384"] as? String)
        let scalar = try #require(Data(base64Encoded: scalarText))
        let sec1 =
            Data([0x30, 0x3E, 0x02, 0x01, 0x01, 0x04, 0x30]) + scalar
            + Data([0xA0, 0x07, 0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x22])
        let spki = try openssl.succeed([
            "ec", "-inform", "DER", "-in", try openssl.write(sec1, to: "master.der"), "-pubout", "-outform", "DER",
        ])
        var deviceFile = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: device)) as? [String: Any])
        var application = try #require(deviceFile["application"] as? [String: Any])
        application["masterPublicKey"] = spki.suffix(97).base64EncodedString()
        deviceFile["application"] = application
        try JSONSerialization.data(withJSONObject: deviceFile).write(to: device)
        let before = try Data(contentsOf: device)
        let key0 = try await verify(master)
        #expect(key0.status == 0 && key0.stdout.contains("signed with the master key"), "\(key0.stderr)")
        // The same text with a key-1 indicator is a 3.x payload: refused as a usage error, not checked.
        var lines = master.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[lines.count - 1] = "1" + lines[lines.count - 1].dropFirst()
        let key1 = try await verify(lines.joined(separator: "\n"))
        #expect(key1.status == 64 && key1.stderr.contains("4.0 device file"), "\(key1.stderr)")
        // A 3.x P-256 master key does not apply to a 4.0 file.
        let mixed = try await verify(vectors.payload, ["--master-key", "AAAA"])
        #expect(mixed.status == 64)
        // Read, never written: no counter step, no rewrite.
        #expect(try Data(contentsOf: device) == before)
    }
}
