import Foundation
import Testing

@Suite("qrauth scan")
struct ScanCLITests {
    static let czech = "Potvrzení platby 1 250,00 Kč — Žluťoučký kůň"
    static let operation = """
        5ff1b1ed-a3cc-45a3-8ab0-ed60950312b6
        Payment
        Please confirm this payment
        A1*A100CZK*ICZ2730300000001165254011*D20180425*Thello world
        BCFX
        12345678
        AD8bOO0Df73kNaIGb3Vmpg==
        0MEYCIQDby1Uq+MaxiAAGzKmE/McHzNOUrvAP2qqGBvSgcdtyjgIhAMo1sgqNa1pPZTFBhhKvCKFLGDuHuTTYexdmHFjUUIJW
        """
    static let escapes = "id\nTitle with \\n and \\\\\nMessage *star* \\*\nA1*A1CZK*Q\\*x\nB\n\nAAAA\n0AAAA"
    static let allBytes = Data((0...255).map { UInt8($0) })

    /// Writes `payload` as a QR PNG made by `qrauth qr encode` (which self-checks) into `folder`.
    static func makeCode(
        _ payload: Data, named name: String, in folder: URL, format: String = "png"
    ) async throws -> URL {
        let input = folder.appendingPathComponent(name + ".bin")
        try payload.write(to: input)
        let output = folder.appendingPathComponent(name + "." + format)
        let result = try await CLIRunner.run([
            "qr", "encode", "--input", input.path, "--output", output.path, "--format", format,
        ])
        try #require(result.status == 0, "qr encode failed: \(result.stderr)")
        try FileManager.default.removeItem(at: input)
        return output
    }

    static func jsonLines(_ result: CLIResult) throws -> [[String: Any]] {
        try result.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func roundTripsEveryPayloadByteExactThroughJSON() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let payloads: [(String, Data, String)] = [
            ("bytes", Self.allBytes, "binary"), ("czech", Data(Self.czech.utf8), "text"),
            ("escapes", Data(Self.escapes.utf8), "text"), ("operation", Data(Self.operation.utf8), "offline-operation"),
            ("pac", Data("mtoken://pac?oid=5ff1b1ed-a3cc-45a3-8ab0-ed60950312b6&potp=12345678".utf8), "pac"),
        ]
        var files: [URL] = []
        for (name, payload, _) in payloads { files.append(try await Self.makeCode(payload, named: name, in: folder)) }
        let result = try await CLIRunner.run(["scan", "--json", "--jobs", "2"] + files.map(\.path))
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try Self.jsonLines(result)
        try #require(lines.count == payloads.count)
        for ((name, payload, kind), (line, file)) in zip(payloads, zip(lines, files)) {
            #expect(line["path"] as? String == file.path)
            #expect(line["error"] is NSNull, "\(name)")
            let symbols = try #require(line["symbols"] as? [[String: Any]])
            try #require(symbols.count == 1, "\(name)")
            let bytes = try #require((symbols[0]["bytes"] as? String).flatMap { Data(base64Encoded: $0) })
            #expect(bytes == payload, "\(name) did not round-trip")
            #expect(symbols[0]["kind"] as? String == kind, "\(name)")
            #expect(["finders", "downscaled", "plain"].contains(symbols[0]["pass"] as? String ?? ""), "\(name)")
            #expect((symbols[0]["points"] as? [[Double]])?.count == 4)
            #expect((symbols[0]["text"] as? String) == String(data: payload, encoding: .utf8).flatMap { $0 })
        }
        #expect(lines[0]["symbols"].flatMap { ($0 as? [[String: Any]])?.first?["text"] } == nil)
    }

    @Test func textFollowsTheCharsetRulesAndBytesStayExact() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let latin1 = Data("Crème brûlée, señor".unicodeScalars.map { UInt8($0.value) })
        let sjis = Data([0x93, 0x8C, 0x8B, 0x9E, 0x93, 0x73, 0x82, 0xCC, 0x93, 0x56, 0x8B, 0x43])  // 東京都の天気
        let cyrillic = Data([0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2])  // Привет in windows-1251
        var files = [
            try await Self.makeCode(latin1, named: "latin1", in: folder),
            try await Self.makeCode(sjis, named: "sjis", in: folder),
        ]
        let input = folder.appendingPathComponent("cp1251.bin")
        try cyrillic.write(to: input)
        let eciFile = folder.appendingPathComponent("cp1251.png")
        let encoded = try await CLIRunner.run([
            "qr", "encode", "--input", input.path, "--output", eciFile.path, "--eci", "22",
        ])
        try #require(encoded.status == 0, "\(encoded.stderr)")
        files.append(eciFile)
        let result = try await CLIRunner.run(["scan", "--json"] + files.map(\.path))
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try Self.jsonLines(result)
        try #require(lines.count == 3)
        let expected: [(Data, String, String, String)] = [
            (latin1, "Crème brûlée, señor", "ISO-8859-1", "guessed"), (sjis, "東京都の天気", "Shift_JIS", "guessed"),
            (cyrillic, "Привет", "windows-1251", "eci"),
        ]
        for (line, (bytes, text, charset, source)) in zip(lines, expected) {
            let symbol = try #require((line["symbols"] as? [[String: Any]])?.first)
            #expect((symbol["bytes"] as? String).flatMap { Data(base64Encoded: $0) } == bytes)
            #expect(symbol["text"] as? String == text)
            #expect(symbol["kind"] as? String == "text")
            let charsets = try #require(symbol["charsets"] as? [[String: String]])
            #expect(charsets == [["charset": charset, "source": source]])
        }
        // --raw stays the bytes.
        let raw = try await CLIRunner.run(["scan", "--raw", files[0].path])
        #expect(raw.stdoutData == latin1 + Data("\n".utf8))
    }

    @Test func parseAddsTheOfflineOperation() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try await Self.makeCode(Data(Self.operation.utf8), named: "op", in: folder)
        let json = try await CLIRunner.run(["scan", "--json", "--parse", file.path])
        #expect(json.status == 0)
        let symbol = try #require((try Self.jsonLines(json).first?["symbols"] as? [[String: Any]])?.first)
        let operation = try #require(symbol["operation"] as? [String: Any])
        #expect(operation["operationId"] as? String == "5ff1b1ed-a3cc-45a3-8ab0-ed60950312b6")
        let human = try await CLIRunner.run(["scan", "--parse", file.path])
        #expect(human.status == 0)
        #expect(human.stdout.hasPrefix(file.path + ": 5ff1b1ed-a3cc-45a3-8ab0-ed60950312b6\n  Payment\n"))
        #expect(human.stdout.contains("Offline operation"))
    }

    @Test func humanOutputShowsBinaryAsBase64() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try await Self.makeCode(Self.allBytes, named: "bytes", in: folder)
        let result = try await CLIRunner.run(["scan", file.path])
        #expect(result.status == 0)
        #expect(
            result.stdout
                == "\(file.path): \(Self.allBytes.base64EncodedString())  (binary, 256 bytes, shown as Base64)\n")
    }

    @Test func badFilesGiveExit4AndALineEachWhileGoodFilesStillScan() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await Self.makeCode(Data("first".utf8), named: "first", in: folder)
        let last = try await Self.makeCode(Data("last".utf8), named: "last", in: folder)
        let png = try Data(contentsOf: first)
        let truncated = folder.appendingPathComponent("truncated.png")
        try png.prefix(png.count / 2).write(to: truncated)
        let tiny = folder.appendingPathComponent("one-pixel.pgm")
        try Data("P5\n1 1\n255\n".utf8 + [0xFF]).write(to: tiny)
        let huge = folder.appendingPathComponent("huge-header.pgm")
        try Data("P5\n65000 65000\n255\n".utf8 + [0, 0, 0, 0]).write(to: huge)
        let empty = folder.appendingPathComponent("empty.png")
        try Data().write(to: empty)
        let text = folder.appendingPathComponent("notes.png")
        try Data("this is not an image\n".utf8).write(to: text)
        let missing = folder.appendingPathComponent("missing.png")
        let inputs = [first, truncated, tiny, huge, empty, text, missing, last]

        let result = try await CLIRunner.run(["scan"] + inputs.map(\.path))
        #expect(result.status == 4)
        #expect(result.stdout == "\(first.path): first\n\(last.path): last\n")
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors.count == 6, "\(errors)")
        for bad in [truncated, tiny, huge, empty, text, missing] {
            #expect(errors.contains { $0.hasPrefix("qrauth: \(bad.path): ") }, "no line for \(bad.lastPathComponent)")
        }
        #expect(errors.contains("qrauth: \(tiny.path): no QR code found"))
        #expect(errors.contains { $0.hasPrefix("qrauth: \(huge.path): ") && $0.contains("pixel") })

        let json = try await CLIRunner.run(["scan", "--json"] + inputs.map(\.path))
        #expect(json.status == 4)
        let lines = try Self.jsonLines(json)
        #expect(lines.map { $0["path"] as? String } == inputs.map(\.path))
        #expect(lines.map { $0["error"] is NSNull } == [true, false, false, false, false, false, false, true])
    }

    /// `--memory-limit` bounds what the images decoded and scanned at once may take: an image that
    /// alone needs more fails with exit 4 and says so, while the images that fit still scan.
    @Test func anImageOverTheMemoryLimitFailsAloneWithExit4() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let code = try await Self.makeCode(Data("fits".utf8), named: "fits", in: folder)
        // 3000 × 3000 grey: 27 MB of samples and result alone, over a 16 MiB budget.
        let big = folder.appendingPathComponent("big.pgm")
        try Data("P5\n3000 3000\n255\n".utf8 + [UInt8](repeating: 255, count: 9_000_000)).write(to: big)
        let result = try await CLIRunner.run(["scan", "--memory-limit", "16", "--jobs", "2", code.path, big.path])
        #expect(result.status == 4)
        #expect(result.stdout == "\(code.path): fits\n")
        #expect(result.stderr.hasPrefix("qrauth: \(big.path): the 3000 × 3000 image needs "))
        #expect(result.stderr.hasSuffix(" MiB to decode and scan, over the scan memory budget of 16 MiB\n"))

        let tooSmall = try await CLIRunner.run(["scan", "--memory-limit", "8", code.path])
        #expect(tooSmall.status == 64)
        #expect(tooSmall.stderr.contains("--memory-limit"))
    }

    @Test func noCodeAloneExits3() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blank = folder.appendingPathComponent("blank.pgm")
        try Data("P5\n40 30\n255\n".utf8 + [UInt8](repeating: 255, count: 1200)).write(to: blank)
        let result = try await CLIRunner.run(["scan", blank.path])
        #expect(result.status == 3)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "qrauth: \(blank.path): no QR code found\n")
    }

    @Test func foldersYieldTheirImagesSortedAndRecursiveDescends() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sub = folder.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let b = try await Self.makeCode(Data("b".utf8), named: "b", in: folder)
        let a = try await Self.makeCode(Data("a".utf8), named: "a", in: folder, format: "png")
        let inner = try await Self.makeCode(Data("inner".utf8), named: "inner", in: sub)
        try Data("not scanned".utf8).write(to: folder.appendingPathComponent("readme.txt"))

        let flat = try await CLIRunner.run(["scan", folder.path])
        #expect(flat.status == 0)
        #expect(flat.stdout == "\(a.path): a\n\(b.path): b\n")
        let deep = try await CLIRunner.run(["scan", "--recursive", "--jobs", "3", folder.path])
        #expect(deep.status == 0)
        #expect(deep.stdout == "\(a.path): a\n\(b.path): b\n\(inner.path): inner\n")
        let emptyFolder = try await CLIRunner.run(["scan", sub.appendingPathComponent("none").path, folder.path])
        #expect(emptyFolder.status == 4)
        // A link back to the parent folder is not followed (no endless walk).
        try FileManager.default.createSymbolicLink(
            atPath: sub.appendingPathComponent("loop").path, withDestinationPath: folder.path)
        let looped = try await CLIRunner.run(["scan", "--recursive", folder.path])
        #expect(looped.status == 0)
        #expect(looped.stdout == deep.stdout)
    }

    @Test func readsStandardInput() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try await Self.makeCode(Data(Self.czech.utf8), named: "czech", in: folder)
        let result = try await CLIRunner.run(["scan", "-"], stdin: try Data(contentsOf: file))
        #expect(result.status == 0)
        #expect(result.stdout == "-: \(Self.czech)\n")
    }

    @Test func manyFilesKeepInputOrderWithParallelJobs() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let code = try await Self.makeCode(Data("x".utf8), named: "x", in: folder)
        let blank = folder.appendingPathComponent("blank.pgm")
        try Data("P5\n40 30\n255\n".utf8 + [UInt8](repeating: 255, count: 1200)).write(to: blank)
        let inputs = (0..<24).map { $0.isMultiple(of: 3) ? blank.path : code.path }
        let result = try await CLIRunner.run(["scan", "--json", "--jobs", "4"] + inputs)
        #expect(result.status == 3)
        let lines = try Self.jsonLines(result)
        #expect(lines.map { $0["path"] as? String } == inputs)
        #expect(lines.map { ($0["symbols"] as? [Any])?.count } == inputs.map { $0 == blank.path ? 0 : 1 })
    }

    @Test(arguments: [
        ["--symbologies", "qrcode,nonsense"], ["--jobs", "0"], ["--budget", "-1"], ["--passes", "plain,bogus"],
    ])
    func badOptionsAreUsageErrors(_ options: [String]) async throws {
        let result = try await CLIRunner.run(["scan"] + options + ["x.png"])
        #expect(result.status == 64)
    }

    @Test func activationVerifiesSignaturesAndAnInvalidOneExits1() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let device = folder.appendingPathComponent("device.json").path
        let server = folder.appendingPathComponent("server.json").path
        let created = try await CLIRunner.run(
            ["activation", "create", "--device", device, "--server", server, "--password-env", "PIN"],
            environment: ["PIN": "1234"])
        try #require(created.status == 0, "\(created.stderr)")
        let signed = try await CLIRunner.run(
            [
                "operation", "create", "--server", server, "--title", "Platba", "--message", "Částka", "--data",
                "A1*A100CZK",
            ])
        try #require(signed.status == 0, "\(signed.stderr)")
        var operation = signed.stdout
        if operation.hasSuffix("\n") { operation.removeLast() }
        let tampered = operation.replacingOccurrences(of: "A1*A100CZK", with: "A1*A900CZK")
        try #require(tampered != operation)
        let good = try await Self.makeCode(Data(operation.utf8), named: "good", in: folder)
        let bad = try await Self.makeCode(Data(tampered.utf8), named: "bad", in: folder)

        let plain = try await CLIRunner.run(["scan", "--json", good.path])
        #expect(plain.status == 0)
        let unchecked = try #require((try Self.jsonLines(plain).first?["symbols"] as? [[String: Any]])?.first)
        #expect(unchecked["kind"] as? String == "offline-operation")
        #expect(unchecked["verdict"] == nil)

        let result = try await CLIRunner.run(["scan", "--json", "--activation", device, good.path, bad.path])
        #expect(result.status == 1)
        let verdicts = try Self.jsonLines(result).map {
            ($0["symbols"] as? [[String: Any]])?.first?["verdict"] as? String
        }
        #expect(verdicts == ["valid", "invalid"])
        let human = try await CLIRunner.run(["scan", "--activation", device, bad.path])
        #expect(human.status == 1)
        #expect(human.stdout.contains("signature: INVALID"))
    }
}
