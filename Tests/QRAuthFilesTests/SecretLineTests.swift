import Foundation
import QRAuthFiles
import Testing

/// The one line-reading rule for secrets: strip one trailing LF or CRLF, nothing else.
@Suite("Secret lines: LF, CRLF, none, lone CR")
struct SecretLineTests {
    @Test(
        "the first line loses exactly one LF or CRLF",
        arguments: [
            ("pa55w0rd\n", "pa55w0rd", false),
            ("pa55w0rd\r\n", "pa55w0rd", false),
            ("pa55w0rd", "pa55w0rd", false),
            ("pa55w0rd\r", "pa55w0rd\r", false),
            ("pa55\rw0rd\r\n", "pa55\rw0rd", false),
            ("pa55w0rd\r\r\n", "pa55w0rd\r", false),
            ("user:secret\r\nmore\r\n", "user:secret", true),
            ("\r\n", "", false),
            (" spaced \t\n", " spaced \t", false),
        ])
    func firstLine(input: String, expected: String, hasMore: Bool) {
        let result = SecretLine.firstLine(of: Array(input.utf8))
        #expect(result.line == Array(expected.utf8))
        #expect(result.hasMore == hasMore)
        #expect(SecretLine.text(of: Array(input.utf8)) == expected)
    }

    @Test("text refuses invalid UTF-8 and NUL instead of repairing them")
    func refusesBadText() {
        #expect(SecretLine.text(of: [0x61, 0xFF, 0x0A]) == nil)
        #expect(SecretLine.text(of: [0x61, 0x00, 0x62]) == nil)
        #expect(SecretLine.text(of: [0xFF, 0x0A, 0x61]) == nil)
        #expect(SecretLine.text(of: [0x61, 0x0A, 0xFF]) == "a")
    }

    @Test("a file's first line is read by the same rule")
    func readsFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("qrauth-secret-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("s3cr\u{E9}t\r\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try SecretLine.read(path).line == Array("s3cr\u{E9}t".utf8))
    }
}
