import Foundation
import Testing

@Suite("qrauth serve", .serialized)
struct ServeCLITests {
    /// Collects a running process's stdout lines on a background thread.
    final class LineReader: @unchecked Sendable {
        // @unchecked Sendable: `buffer` and `finished` are only touched while `lock` is held.
        private let lock = NSLock()
        private var buffer = Data()
        private var finished = false

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                while true {
                    let chunk = handle.availableData
                    lock.lock()
                    if chunk.isEmpty { finished = true } else { buffer.append(chunk) }
                    lock.unlock()
                    if chunk.isEmpty { return }
                }
            }
        }

        /// Waits until `count` lines arrived (or the stream ended, or 120 s passed); the task sleeps between
        /// checks, holding no thread.
        func lines(_ count: Int) async throws -> [String] {
            for _ in 0..<12_000 {
                let (text, done) = lock.withLock { (String(decoding: buffer, as: UTF8.self), finished) }
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
                if lines.count >= count || done { return lines }
                try await Task.sleep(for: .milliseconds(10))
            }
            return []
        }
    }

    static func curl(_ arguments: [String]) async throws -> Int32 {
        try await CLIRunner.runProcess(
            URL(fileURLWithPath: "/usr/bin/curl"), ["-s", "-S"] + arguments, environment: [:], noColor: false,
            timeout: nil
        ).status
    }

    @Test(
        "--port 0 --self-signed: prints its URL first, answers /app/init with a verifiable signature and the pinned leaf, stops on SIGTERM with the state written"
    )
    func selfSignedLifecycle() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        let device = directory.appendingPathComponent("device.json").path
        let serverFile = directory.appendingPathComponent("server.json").path
        let statePath = directory.appendingPathComponent("state.json").path
        let caPath = directory.appendingPathComponent("ca.pem").path
        let created = try await CLIRunner.run(
            ["activation", "create", "--device", device, "--server", serverFile, "--password-stdin"],
            stdin: Data("1234\n".utf8))
        try #require(created.status == 0, "\(created.stderr)")

        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = [
            "serve", "--port", "0", "--self-signed", "--activation", serverFile, "--state", statePath, "--admin",
            "--ca-out", caPath,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        defer { if process.isRunning { process.terminate() } }
        // One of `ChildSlots`' slots while it starts up; curl and `qrauth` below take their own.
        let lines = try await ChildSlots.withSlot {
            try process.run()
            return try await LineReader(output.fileHandleForReading).lines(4)
        }
        try #require(lines.count >= 4, "serve printed \(lines)")
        let url = lines[0]
        #expect(url.hasPrefix("https://127.0.0.1:"))
        #expect(!url.hasSuffix(":0"))
        let info = Dictionary(
            lines.dropFirst().compactMap { line -> (String, String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (String(line[..<colon]), String(line[line.index(colon, offsetBy: 2)...]))
            }, uniquingKeysWith: { first, _ in first })
        #expect(info["ca"] == caPath)
        let pin = try #require(info["pin"])
        let publicKey = try #require(info["pins-public-key"])

        // The fingerprint endpoint: fetch with the test CA, verify with `pins verify-response`.
        let challenge = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let body = directory.appendingPathComponent("body.json").path
        let headers = directory.appendingPathComponent("headers.txt").path
        let status = try await Self.curl([
            "--cacert", caPath, "-H", "X-Cert-Pinning-Challenge: \(challenge)", "-o", body, "-D", headers,
            "\(url)/app/init?appName=demo",
        ])
        #expect(status == 0)
        let headerText = try String(contentsOfFile: headers, encoding: .utf8)
        let signatureLine = try #require(
            headerText.split(separator: "\r\n").first { $0.lowercased().hasPrefix("x-cert-pinning-signature:") })
        let signature = signatureLine.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)
        let verified = try await CLIRunner.run([
            "pins", "verify-response", body, "--challenge", challenge, "--signature", signature, "--public-key",
            publicKey, "--json",
        ])
        #expect(verified.status == 0, "\(verified.stdout) \(verified.stderr)")
        #expect(verified.stdout.contains(pin))

        // SIGTERM: a clean stop, the state file written.
        process.terminate()
        await process.exited()
        #expect(process.terminationStatus == 0)
        let state = try String(contentsOfFile: statePath, encoding: .utf8)
        #expect(state.contains("\"activations\""))
    }

    @Test("mode options: exactly one of TLS files, --self-signed or --http (usage error 64)")
    func modeValidation() async throws {
        #expect(try await CLIRunner.run(["serve", "--port", "0"]).status == 64)
        #expect(try await CLIRunner.run(["serve", "--http", "--self-signed"]).status == 64)
        #expect(try await CLIRunner.run(["serve", "--tls-cert", "x.pem"]).status == 64)
        let missing = try await CLIRunner.run(["serve", "--http", "--activation", "/nonexistent/server.json"])
        #expect(missing.status == 4)
    }
}
