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

    /// The `sh` block marked `<!-- runnable: name -->` (exactly one).
    static func block(_ name: String, in text: String) throws -> String {
        let blocks = MarkdownShellBlock.blocks(in: text).filter { $0.marking == .runnable(name) }
        try #require(blocks.count == 1, "README.md has \(blocks.count) runnable blocks named \(name)")
        return blocks[0].body
    }

    @Test("the round trip and the online section run as pasted against qrauth serve --port 0")
    func offlineThenOnline() async throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let offline = try Self.block("offline", in: text)
        let online = try Self.block("online", in: text)
        #expect(online.contains("qrauth serve --port 0"))
        #expect(!online.contains("--admin") && online.contains("qrauth backend"), "the deprecated admin API")
        // The round trip confirms the counter the way the docs say a real flow does: no code is left unconfirmed,
        // so repeating it never leads to a lock-out warning.
        let confirmed = "qrauth activation show phone.json --json | grep '\"unconfirmedCodes\"'\n"
        let result = try await DocScriptRunner.run(offline + confirmed + online)
        #expect(result.status == 0, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        #expect(result.stdout.contains("accepted: possession_knowledge"), "\(result.stdout)")
        #expect(result.stdout.contains("\"unconfirmedCodes\" : 0"), "\(result.stdout)")
        #expect(!result.stderr.contains("locked out") && !result.stderr.contains("lock-out"), "\(result.stderr)")
        #expect(result.stdout.contains("approved "), "\(result.stdout)")
        #expect(result.stdout.contains("status: APPROVED"), "\(result.stdout)")
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
    func moduleTableIsTheProducts() async throws {
        let readme = try Self.root("README.md")
        let section = try #require(readme.components(separatedBy: "## Library modules").dropFirst().first)
        let table = section.components(separatedBy: "\n## ").first ?? section
        let listed = Set(table.matches(of: /\n\| `(\w+)` \|/).map { String($0.1) })
        let manifest = try Self.root("Package.swift")
        let products = Set(manifest.matches(of: /\.library\(name: "(\w+)"/).map { String($0.1) })
        #expect(!products.isEmpty)
        #expect(listed == products, "README lists \(listed.sorted()); Package.swift has \(products.sorted())")
    }

    @Test("the CHANGELOG names the version qrauth reports; the .package(url:from:) snippet its newest release")
    func versionAgrees() async throws {
        let reported = try await CLIRunner.run(["version", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: reported.stdoutData) as? [String: Any])
        let version = try #require(report["qrauth"] as? String)
        // The newest section is this version's: `## Unreleased (X.Y.Z)` while it is being made, `## X.Y.Z (date)` once
        // it is tagged.
        let changelog = try Self.root("CHANGELOG.md")
        let sections = changelog.components(separatedBy: "\n## ").dropFirst()
        let newest = try #require(sections.first)
        #expect(
            newest.hasPrefix("Unreleased (\(version))\n") || newest.hasPrefix("\(version) ("), "\(newest.prefix(40))")
        // The snippet names a version a user can resolve: the newest tagged one, which SwiftPM's `from:` (up to
        // the next major version) lets grow into the version being made.
        let released = try #require(
            sections.compactMap { $0.firstMatch(of: /^(\d+)\.(\d+)\.(\d+) \(/) }.first, "no released section")
        #expect(
            try Self.root("README.md").contains(
                #".package(url: "https://github.com/OWNER/qrauth", from: "\#(released.1).\#(released.2).\#(released.3)")"#
            ))
        #expect(version.hasPrefix("\(released.1)."), "\(version) is outside from: \(released.0)")
    }
}
