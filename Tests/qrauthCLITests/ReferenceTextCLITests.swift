import Foundation
import Testing

/// The reference text a user reads besides `--help` itself: the JSON keys a command's help names are the ones
/// docs/json.md lists for it, the exit-code table of README.md (which the man page's EXIT STATUS is made
/// from, scripts/man-page.sh) is the `ExitStatus` the tool exits with, and the help is ASCII (the man-page
/// generator drops every other character).
@Suite("Reference text")
struct ReferenceTextCLITests {
    /// One command of `qrauth --experimental-dump-help` with every text of its own (abstract, discussion, the
    /// help of its arguments and options), not its subcommands'.
    struct HelpedCommand {
        let path: String
        let texts: [String]
    }

    static func commands() async throws -> [HelpedCommand] {
        let dump = try await CLIRunner.run(["--experimental-dump-help"])
        #expect(dump.status == 0, "\(dump.stderr)")
        let root = try #require(
            (try JSONSerialization.jsonObject(with: dump.stdoutData) as? [String: Any])?["command"] as? [String: Any])
        var found: [HelpedCommand] = []
        func texts(_ node: Any) -> [String] {
            switch node {
            case let text as String: [text]
            case let list as [Any]: list.flatMap(texts)
            case let object as [String: Any]: object.values.flatMap(texts)
            default: []
            }
        }
        func walk(_ command: [String: Any], _ path: [String]) {
            let name = command["commandName"] as? String ?? ""
            let here = path.isEmpty ? [] : path + [name]
            let own = command.filter { $0.key != "subcommands" }
            found.append(HelpedCommand(path: here.joined(separator: " "), texts: texts(own)))
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub, path.isEmpty ? [""] : here) }
        }
        walk(root, [])
        return found.map { HelpedCommand(path: $0.path.trimmingCharacters(in: .whitespaces), texts: $0.texts) }
    }

    static func repositoryFile(_ path: String) throws -> String {
        try String(contentsOf: DocScriptRunner.repository.appendingPathComponent(path), encoding: .utf8)
    }

    /// docs/json.md's "Per command" table: each command it names (`sync list`, `activation import`, …) with the
    /// keys its row lists.
    static func documentedKeys() throws -> [String: Set<String>] {
        let page = try repositoryFile("docs/json.md")
        let table = try #require(page.components(separatedBy: "## Per command").dropFirst().first)
        var keys: [String: Set<String>] = [:]
        for row in table.split(separator: "\n") where row.hasPrefix("| `") {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            let names = cells[0].matches(of: /`([^`]+)`/).map { String($0.1) }
            let rowKeys = Set(cells[1].matches(of: /`(\w+)`/).map { String($0.1) })
            var group = ""
            for name in names {
                let words = name.split(separator: " ").map(String.init).filter { $0 != "…" }
                if words.count > 1 {
                    group = words[0]
                    keys[words.joined(separator: " "), default: []].formUnion(rowKeys)
                } else if let word = words.first {
                    keys[group.isEmpty ? word : "\(group) \(word)", default: []].formUnion(rowKeys)
                }
            }
        }
        return keys
    }

    @Test("every JSON key a command's help names is one docs/json.md lists for that command")
    func helpKeysAreDocumented() async throws {
        let documented = try Self.documentedKeys()
        #expect(documented["scan"]?.contains("path") == true, "docs/json.md's table was not read: \(documented)")
        var checked = 0
        for command in try await Self.commands() {
            // A help text that tells what --json prints names output keys as "key"; other quoted names in help
            // (request bodies, list formats) are not output.
            for text in command.texts where text.contains("--json") {
                let named = Set(text.matches(of: /"([a-z][A-Za-z]*)"/).map { String($0.1) })
                guard !named.isEmpty else { continue }
                let keys = documented[command.path] ?? []
                // The error object every command may print (docs/json.md "Errors").
                let missing = named.subtracting(keys.union(["error"]))
                #expect(
                    missing.isEmpty, "qrauth \(command.path) --help names \(missing.sorted()); docs/json.md: \(keys)")
                checked += 1
            }
        }
        #expect(checked >= 1)
    }

    @Test("the help text is ASCII: the man page generator drops every other character")
    func helpIsASCII() async throws {
        for command in try await Self.commands() {
            for text in command.texts where !text.allSatisfy(\.isASCII) {
                Issue.record("qrauth \(command.path): \(text)")
            }
        }
    }

    @Test("README.md's exit-code table is the codes qrauth exits with (the man page's EXIT STATUS is made from it)")
    func exitCodeTable() async throws {
        let readme = try Self.repositoryFile("README.md")
        let section = try #require(readme.components(separatedBy: "### Exit codes (every command)").dropFirst().first)
        let table = section.components(separatedBy: "\n\n").dropFirst().first ?? ""
        let codes = table.matches(of: /\n\| (\d+) \|/).map { Int($0.1) ?? -1 }
        #expect(codes == [0, 1, 2, 3, 4, 5, 64, 70])
        // The root --help's summary ("Exit codes: 0 success, 1 a check said no, ...") names the same codes.
        let help = try await CLIRunner.run(["--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
        let summary = try #require(help.components(separatedBy: "Exit codes:").dropFirst().first)
        let summarized = summary.prefix { $0 != "." }.matches(of: /(\d+) [a-z]/).map { Int($0.1) ?? -1 }
        #expect(summarized == codes, "\(summary)")
    }
}
