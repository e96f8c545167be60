import Foundation
import Testing

/// Every command's help: each option states its default at most once, and a default reads as a
/// user would type it (never a Swift value description such as `WindowDuration(seconds: 0)`).
@Suite("qrauth help text")
struct HelpTextCLITests {
    static let commands: [[String]] = [
        ["scan"], ["qr", "encode"], ["operation", "parse"], ["operation", "verify"], ["operation", "approve"],
        ["operation", "create"], ["pac", "parse"], ["activation", "create"], ["activation", "show"],
        ["activation", "import"], ["activation", "activate"], ["activation", "status"], ["activation", "remove"],
        ["activation", "upgrade"],
        ["token", "create"], ["token", "remove"], ["token", "list"], ["code", "verify"], ["pins", "keygen"],
        ["pins", "public-key"],
        ["pins", "private-key"], ["pins", "fingerprint"], ["pins", "sign"], ["pins", "verify"],
        ["pins", "verify-response"], ["pins", "lint"], ["pins", "prune"], ["pins", "check"], ["sync", "list"],
        ["sync", "watch"], ["sync", "detail"], ["sync", "claim"], ["sync", "history"], ["sync", "approve"],
        ["sync", "reject"], ["inbox", "count"], ["inbox", "list"], ["inbox", "detail"], ["inbox", "read"],
        ["inbox", "read-all"], ["push", "register"], ["serve"], ["version"],
    ]

    /// The help of one option: its first line (`  --name …`) joined with its continuation lines.
    static func optionParagraphs(_ help: String) -> [String] {
        var paragraphs: [String] = []
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  -") {
                paragraphs.append(String(line))
            } else if line.hasPrefix("      "), !paragraphs.isEmpty {
                paragraphs[paragraphs.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
            } else if !line.hasPrefix(" ") {
                paragraphs.append("")  // a section heading ends the option before it
            }
        }
        return paragraphs.filter { !$0.isEmpty }
    }

    @Test(arguments: commands)
    func defaultsAreStatedOnceAndReadable(_ command: [String]) async throws {
        let result = try await CLIRunner.run(command + ["--help"])
        #expect(result.status == 0, "\(command): \(result.stderr)")
        let options = Self.optionParagraphs(result.stdout)
        #expect(!options.isEmpty, "\(command) help lists no options")
        for option in options {
            #expect(option.components(separatedBy: "(default:").count <= 2, "\(command): \(option)")
            #expect(option.range(of: #"\(default: [A-Z][A-Za-z]*\("#, options: .regularExpression) == nil, "\(option)")
        }
    }
}
