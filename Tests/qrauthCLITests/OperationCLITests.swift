import Foundation
import Testing

@Suite("qrauth operation parse")
struct OperationCLITests {
    static var sampleURL: URL { CLIRunner.fixtures.appendingPathComponent("offline-operation.txt") }

    /// The sample without its trailing line feed: the exact payload.
    static func payload() throws -> String {
        let text = try String(contentsOf: sampleURL, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        return String(text.dropLast())
    }

    static func replacingLine(_ index: Int, with line: String) throws -> String {
        var lines = try payload().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[index] = line
        return lines.joined(separator: "\n")
    }

    @Test func printsEveryFieldReadably() async throws {
        let result = try await CLIRunner.run(["operation", "parse", try Self.payload()])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        for expected in [
            "operation id   5ff1b1ed-a3cc-45a3-8ab0-ed60950312b6", "title          Payment",
            "message        Please confirm this payment", "template 1 (payment)", "amount      100 CZK",
            "account     CZ27 3030 0000 0011 6525 4011", "date        2018-04-25", "text        hello world",
            "flags          BCFX: biometry allowed", "TOTP           12345678",
            "nonce          AD8bOO0Df73kNaIGb3Vmpg==",
            "signing key    master (0)", "72 bytes, NOT verified",
        ] {
            #expect(result.stdout.contains(expected), "missing \(expected)")
        }
    }

    @Test func readsAFileOrStandardInputIgnoringOneTrailingLineFeed() async throws {
        let fromFile = try await CLIRunner.run(["operation", "parse", "--input", Self.sampleURL.path])
        #expect(fromFile.status == 0)
        let fromStdin = try await CLIRunner.run(
            ["operation", "parse", "--input", "-"], stdin: Data((try Self.payload() + "\n").utf8))
        #expect(fromStdin.status == 0)
        #expect(fromStdin.stdout == fromFile.stdout)
        let withoutLF = try await CLIRunner.run(
            ["operation", "parse", "--input", "-"], stdin: Data(try Self.payload().utf8))
        #expect(withoutLF.stdout == fromFile.stdout)
    }

    @Test func inlineTextIsTakenExactly() async throws {
        let result = try await CLIRunner.run(["operation", "parse", try Self.payload() + "\n"])
        #expect(result.status == 4)
        #expect(result.stderr.hasPrefix("qrauth: line 9 (signature): must start with the key indicator"))
        let twoLF = try await CLIRunner.run(
            ["operation", "parse", "--input", "-"], stdin: Data((try Self.payload() + "\n\n").utf8))
        #expect(twoLF.status == 4)
    }

    @Test func jsonHasEveryFieldSignedDataAndRawLines() async throws {
        let result = try await CLIRunner.run(["operation", "parse", "--json", "--input", Self.sampleURL.path])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let payload = try Self.payload()
        let signedBase64 = try #require(object["signedData"] as? String)
        let signedData = try #require(Data(base64Encoded: signedBase64))
        #expect(String(decoding: signedData, as: UTF8.self) == String(payload.dropLast(96)))
        #expect((object["rawLines"] as? [String]) == payload.components(separatedBy: "\n"))
        #expect(object["totp"] as? String == "12345678")
        #expect(object["signingKey"] as? String == "master")
        #expect(
            object["dataForOfflineSigning"] as? String
                == "5ff1b1ed-a3cc-45a3-8ab0-ed60950312b6&A1*A100CZK*ICZ2730300000001165254011*D20180425*Thello world&12345678"
        )
        let data = try #require(object["operationData"] as? [String: Any])
        let fields = try #require(data["fields"] as? [[String: Any]])
        #expect(fields.map { $0["type"] as? String } == ["amount", "account", "date", "text"])
        #expect(fields[0]["amount"] as? String == "100")
        #expect(fields[1]["bic"] is NSNull)
    }

    @Test(arguments: [
        (6, "AAAA", "qrauth: line 7 (nonce): must decode to 16 bytes, got 3"),
        (6, "AD8bOO0Df73kNaIGb3Vmpg", "qrauth: line 7 (nonce): is not Base64"),
        (
            7, "3MEYC",
            "qrauth: line 8 (signature): must start with the key indicator 0 (master), 1 (personalized) or 2 "
                + "(personalized MAC), got '3'"
        ),
        (7, "2MEYC", "qrauth: line 8 (signature): must decode to 32 bytes, got 3"),
        (3, "A1*AxCZK", "qrauth: line 4 (operation data), field 1 (amount): 'x' is not a decimal number"),
        (3, "A1*ICZ12 34", "qrauth: line 4 (operation data), field 1 (account): 'CZ12 34' may hold only"),
        (3, "A1*D20180229", "qrauth: line 4 (operation data), field 1 (date): '20180229' is not a calendar date"),
        (0, "", "qrauth: line 1 (operation id): must not be empty"),
    ])
    func malformedInputExitsFourWithOneLine(_ line: Int, _ value: String, _ message: String) async throws {
        let result = try await CLIRunner.run(["operation", "parse", try Self.replacingLine(line, with: value)])
        #expect(result.status == 4)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func crlfFileIsExplained() async throws {
        let crlf = try Self.payload().replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"
        let result = try await CLIRunner.run(["operation", "parse", "--input", "-"], stdin: Data(crlf.utf8))
        #expect(result.status == 4)
        #expect(result.stderr.contains("CR LF is not a line separator"))
    }

    @Test func unescapesAndNeutralisesControlCharacters() async throws {
        let result = try await CLIRunner.run([
            "operation", "parse", try Self.replacingLine(1, with: "Pay\\nnow \u{1B}[31mred"),
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("title          Pay\n                 now \\u{1b}[31mred"))
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test func inputMustBeGivenOnce() async throws {
        #expect(try await CLIRunner.run(["operation", "parse"]).status == 64)
        #expect(try await CLIRunner.run(["operation", "parse", "x", "--input", "-"]).status == 64)
        #expect(try await CLIRunner.run(["operation", "parse", "--input", "/nonexistent/op.txt"]).status == 4)
    }
}
