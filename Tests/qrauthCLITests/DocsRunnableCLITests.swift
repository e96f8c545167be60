import Foundation
import Testing

/// The `sh` blocks of a Markdown page and what the page says about running them: a block is preceded by
/// `<!-- runnable: NAME -->` (and followed by `<!-- /runnable -->`) or by `<!-- not-runnable: REASON -->`.
struct MarkdownShellBlock: Equatable {
    enum Marking: Equatable {
        case runnable(String)
        case notRunnable(String)
        case unmarked
    }

    let marking: Marking
    let body: String
    /// The 1-based line of the opening fence.
    let line: Int
    /// Whether a runnable block is closed by `<!-- /runnable -->` on the line after its fence.
    let closed: Bool

    static func blocks(in text: String) -> [MarkdownShellBlock] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [MarkdownShellBlock] = []
        var index = 0
        while index < lines.count {
            guard lines[index] == "```sh" else {
                index += 1
                continue
            }
            let opening = index
            let previous = lines[..<opening].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index] != "```" {
                body.append(lines[index])
                index += 1
            }
            let marking: Marking
            if let match = previous.wholeMatch(of: /<!-- runnable: ([\w-]+) -->/) {
                marking = .runnable(String(match.1))
            } else if let match = previous.wholeMatch(of: /<!-- not-runnable: (.+) -->/) {
                marking = .notRunnable(String(match.1))
            } else {
                marking = .unmarked
            }
            let closed = index + 1 < lines.count && lines[index + 1] == "<!-- /runnable -->"
            blocks.append(
                MarkdownShellBlock(
                    marking: marking, body: body.joined(separator: "\n") + "\n", line: opening + 1, closed: closed))
            index += 1
        }
        return blocks
    }

    /// Every block marked `runnable: name`, in page order, as one script.
    static func script(named name: String, in text: String) -> String {
        blocks(in: text).filter { $0.marking == .runnable(name) }.map(\.body).joined()
    }
}

/// Runs shell blocks of the docs as written, with the built `qrauth` first on PATH, in a temporary folder that
/// holds a link to the repository's `Samples/`; strict mode, and no server left behind.
enum DocScriptRunner {
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    static func run(_ script: String, timeout: Double = 180) async throws -> CLIResult {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createSymbolicLink(
            at: directory.appendingPathComponent("Samples"),
            withDestinationURL: repository.appendingPathComponent("Samples"))
        let harness = """
            set -euo pipefail
            PATH="$0:$PATH"
            cd "$1"
            trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
            trap 'exit 143' TERM

            """
        return try await CLIRunner.runProcess(
            URL(fileURLWithPath: "/bin/bash"),
            ["-c", harness + script, CLIRunner.productsDirectory.path, directory.path], environment: [:],
            timeout: timeout)
    }
}

/// Every shell block in README.md and docs/ is run by a test or says why not, and the runnable ones in docs/
/// run as written (README.md's own blocks: `ReadmeRunnableCLITests`).
@Suite("Docs runnable blocks", .serialized)
struct DocsRunnableCLITests {
    /// A page's runnable script and what its output must show.
    struct Page: CustomTestStringConvertible, Sendable {
        let path: String
        let name: String
        let expected: [String]
        var testDescription: String { "\(path) \(name)" }
    }

    static let pages: [Page] = [
        Page(
            path: "docs/mobile-token.md", name: "serve",
            expected: [
                "Activated ", ": PENDING_COMMIT", "activated: true", ": ACTIVE", "approved ", "signs nothing more",
            ]),
        Page(
            path: "docs/mobile-token.md", name: "inbox",
            expected: [
                "1 unread", "Your November statement is ready.", "0 unread", "registered fcm token",
                "\"token\":\"fake-fcm-token\"", "approved ", "\"preApprovalScreens\"", "\"appVersion\":\"2.0\"",
            ]),
        Page(path: "docs/powerauth.md", name: "tour", expected: ["accepted", "exit 1"]),
        Page(
            path: "docs/powerauth-v4.md", name: "v4",
            expected: ["(protocol 4.0, EC_P384_ML_L3)", ": ACTIVE (protocol 4.0", "signs nothing more"]),
        Page(
            path: "docs/powerauth-v4.md", name: "v4-upgrade",
            expected: [
                "upgrade to 4.0 available", "qrauth activation upgrade --url URL", "to protocol 4.0, EC_P384_ML_L3",
                ": ACTIVE (protocol 4.0, EC_P384_ML_L3)",
            ]),
        Page(
            path: "docs/offline-operations.md", name: "parse",
            expected: ["Offline operation (", "\"operationId\"", "df6128fc-ca51-44b7-befa-ca0e1408aa63"]),
        Page(path: "docs/qr-imaging.md", name: "encode", expected: ["#######", "code.png"]),
        Page(
            path: "docs/serve.md", name: "serve",
            expected: ["admin: enabled", "\"templateName\":\"payment\"", "\"status\":\"PENDING\"", "Confirm Payment"]),
    ]

    static func markdownFiles() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(
            atPath: DocScriptRunner.repository.appendingPathComponent("docs").path)
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOf: DocScriptRunner.repository.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("every sh block in README.md and docs/ is marked runnable (and closed) or says why it is not")
    func everyBlockIsMarked() async throws {
        var count = 0
        for path in try Self.markdownFiles() {
            for block in MarkdownShellBlock.blocks(in: try Self.text(path)) {
                count += 1
                switch block.marking {
                case .unmarked:
                    Issue.record("\(path):\(block.line): an sh block with neither runnable nor not-runnable")
                case .runnable(let name):
                    #expect(block.closed, "\(path):\(block.line): the runnable block \(name) is not closed")
                case .notRunnable:
                    break
                }
            }
        }
        #expect(count > 20)
    }

    @Test("the table below names every runnable script of docs/")
    func everyRunnableScriptIsRun() async throws {
        var found: Set<String> = []
        for path in try Self.markdownFiles() where path != "README.md" {
            for block in MarkdownShellBlock.blocks(in: try Self.text(path)) {
                if case .runnable(let name) = block.marking { found.insert("\(path) \(name)") }
            }
        }
        #expect(found == Set(Self.pages.map(\.testDescription)))
    }

    @Test("the runnable blocks of a page run as written", arguments: pages)
    func runs(page: Page) async throws {
        let script = MarkdownShellBlock.script(named: page.name, in: try Self.text(page.path))
        #expect(!script.isEmpty)
        let result = try await DocScriptRunner.run(script)
        #expect(result.status == 0, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        for text in page.expected {
            #expect(result.stdout.contains(text), "\(page.path): no \(text) in \(result.stdout)")
        }
    }
}
