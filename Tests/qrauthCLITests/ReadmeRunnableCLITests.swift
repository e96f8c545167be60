import Foundation
import Testing

/// The README's shell blocks marked `<!-- runnable: NAME -->` … `<!-- /runnable -->`, run exactly as
/// written (with the built `qrauth` first on PATH, in a temporary folder), so the doc cannot drift.
@Suite("README runnable blocks", .serialized)
struct ReadmeRunnableCLITests {
    /// README.md at the package root, found from this file's path.
    static var readme: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
    }

    /// The body of the `sh` block between `<!-- runnable: name -->` and `<!-- /runnable -->`.
    static func block(_ name: String, in text: String) throws -> String {
        let opening = "<!-- runnable: \(name) -->\n```sh\n"
        let start = try #require(text.range(of: opening), "README.md has no runnable block \(name)")
        let end = try #require(
            text.range(of: "```\n<!-- /runnable -->", range: start.upperBound..<text.endIndex),
            "the runnable block \(name) is not closed")
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test("the round trip and the online section run as pasted against qrauth serve --port 0")
    func offlineThenOnline() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let offline = try Self.block("offline", in: text)
        let online = try Self.block("online", in: text)
        #expect(online.contains("qrauth serve --port 0"))
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The harness only: strict mode, qrauth on PATH, a temporary folder, and no server left behind.
        let harness = """
            set -eu
            PATH="$0:$PATH"
            cd "$1"
            trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
            trap 'exit 143' TERM

            """
        let result = try CLIRunner.runShell(
            harness + offline + online, arguments: [CLIRunner.productsDirectory.path, directory.path], timeout: 180)
        #expect(result.status == 0, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        #expect(result.stdout.contains("accepted: possession_knowledge"), "\(result.stdout)")
        #expect(result.stdout.contains("approved "), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("no pending operations\n"), "\(result.stdout)")
    }
}

/// README.md, Package.swift, CHANGELOG.md and `qrauth version` tell one story about the library.
@Suite("README and package agree")
struct ReadmePackageAgreementTests {
    static func root(_ name: String) throws -> String {
        let url = ReadmeRunnableCLITests.readme.deletingLastPathComponent().appendingPathComponent(name)
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test("the module table lists exactly the library products")
    func moduleTableIsTheProducts() throws {
        let readme = try Self.root("README.md")
        let section = try #require(readme.components(separatedBy: "## Library modules").dropFirst().first)
        let table = section.components(separatedBy: "\n## ").first ?? section
        let listed = Set(table.matches(of: /\n\| `(\w+)` \|/).map { String($0.1) })
        let manifest = try Self.root("Package.swift")
        let products = Set(manifest.matches(of: /\.library\(name: "(\w+)"/).map { String($0.1) })
        #expect(!products.isEmpty)
        #expect(listed == products, "README lists \(listed.sorted()); Package.swift has \(products.sorted())")
    }

    @Test("the .package(url:from:) snippet and the CHANGELOG name the version qrauth reports")
    func versionAgrees() throws {
        let reported = try CLIRunner.run(["version", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: reported.stdoutData) as? [String: Any])
        let version = try #require(report["qrauth"] as? String)
        #expect(
            try Self.root("README.md").contains(
                #".package(url: "https://github.com/OWNER/qrauth", from: "\#(version)")"#))
        #expect(try Self.root("CHANGELOG.md").contains("\n## Unreleased (\(version))\n"))
    }
}
