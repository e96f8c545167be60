import ArgumentParser
import FingerprintLists
import FoundationEssentials
import QRAuthCrypto
import QRAuthFiles

/// `qrauth pins lint LIST.json [--cert CERT...]`: what would fail in the apps, or soon.
struct PinsLintCommand: ParsableCommand, JSONDocumentCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Find expired and expiring entries, duplicates, mismatches with certificates, unsigned fields.",
        discussion: """
            Errors fail the run (2 when the worst is an expired entry, else 1); warnings (expiring within \
            --window, names the platforms may read differently, fields the apps ignore) are printed only. \
            Signatures are checked by `verify`, not here.
            """
    )

    @Argument(help: ArgumentHelp("The list ('-' for standard input).", valueName: "list.json"))
    var list: String

    @Option(
        name: .customLong("cert"),
        help: ArgumentHelp("A certificate the list must pin (repeatable).", valueName: "cert"))
    var certificates: [String] = []

    @Option(name: .long, help: ArgumentHelp("Judge expiry at this Unix time (default: now).", valueName: "unix"))
    var now: Int64?

    @Option(name: .long, help: ArgumentHelp("Warn for entries expiring within this window.", valueName: "duration"))
    var window: WindowDuration = WindowDuration(seconds: 14 * 86_400)

    @OptionGroup var output: JSONDocumentOptions

    struct Report: Encodable {
        let exitCode: Int32
        let findings: [LintFinding]
    }

    func validate() throws {
        try OptionRange.check(now, OptionRange.unixSeconds, "--now")
    }

    func run() throws {
        var pinned: [X509Certificate] = []
        for path in certificates { pinned.append(try CertificateFile.read(path).leaf) }
        let linter = FingerprintListLinter(now: now ?? UTCTime.now, window: window.seconds, certificates: pinned)
        let findings: [LintFinding]
        do {
            findings = try linter.lint(try FileInput.read(list))
        } catch let error as FingerprintListError {
            throw FingerprintListError(error.code, "\(list): \(error.reason)")
        }
        var status = ExitStatus.success
        for finding in findings where finding.severity == .error {
            status = max(status, finding.kind == .expired ? .expired : .checkFailed)
        }
        if json {
            try JSONOutput.document(Report(exitCode: status.rawValue, findings: findings))
        } else {
            for finding in findings {
                print(
                    "\(finding.severity.rawValue): \(finding.kind.rawValue): \(TerminalText.escaped(finding.message))")
            }
            let errors = findings.filter { $0.severity == .error }.count
            print("\(TerminalText.escaped(list)): \(errors) error(s), \(findings.count - errors) warning(s)")
        }
        if status != .success { throw ExitWithStatus(status: status) }
    }
}
