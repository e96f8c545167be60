import ArgumentParser
import FoundationEssentials
import PowerAuth
import QRAuthEncoding
import QRAuthFiles

/// `qrauth activation show FILE`: a device or server file, secrets hidden unless `--reveal`.
struct ActivationShowCommand: ParsableCommand, JSONDocumentCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a device or server activation file (secrets only with --reveal).",
        discussion: "Exit 0 when the file is valid, 4 when it is malformed."
    )

    @Argument(help: ArgumentHelp("The device or server activation file.", valueName: "file"))
    var file: String

    @Flag(help: "Also print keys, secrets and the counter data.")
    var reveal = false

    @OptionGroup var output: JSONDocumentOptions

    func run() throws {
        let data = try FileInput.read(file, limit: 1 << 20)
        let kind = (try? JSONDecoder().decode(JSONValue.self, from: data))?["kind"]?.stringValue
        let summary: ActivationSummary
        switch kind {
        case "device":
            switch try ActivationFileCodec.readAnyDevice(file) {
            case .v3(let device):
                summary = try ActivationSummary(device: device, server: nil, path: file, reveal: reveal)
            case .v4(let device):
                try showV4(device)
                return
            }
        case "server":
            summary = try ActivationSummary(
                server: try ActivationFile<ServerActivation>.read(file), path: file, reveal: reveal)
        default:
            throw CLIError(.malformed, "\(file) is not a qrauth activation file (no \"kind\": device or server)")
        }
        if json {
            try JSONOutput.document(summary)
        } else {
            print(summary.humanLines.joined(separator: "\n"))
        }
        if let warning = summary.warning { StandardStreams.warning(warning) }
    }

    /// A 4.0 device file (docs/powerauth-v4.md): what it records, never a key.
    struct SummaryV4: Encodable {
        var kind = "device"
        var path: String
        var activationId: String
        var formatVersion: Int
        var protocolVersion: String
        var algorithm: String
        var fingerprint: String
        var applicationKey: String
        var serverPublicKey: String
        var devicePublicKey: String
        /// `ECDSA_P384`, then `MLDSA_65` for a PQC-suite file that has ML-DSA keys (the server's audit names).
        var signatureAlgorithms: [String]
        var serverMLDSAPublicKey: String?
        var deviceMLDSAPublicKey: String?
        var counter: Int
        var biometry: Bool
        var removed: Bool
        var tokens: [[String: String]]
    }

    private func showV4(_ device: PowerAuthV4.DeviceFile) throws {
        guard !reveal else {
            throw CLIError(.usage, "--reveal is for 3.x files: a 4.0 device file's keys are not printed")
        }
        let summary = SummaryV4(
            path: file, activationId: device.activationId, formatVersion: device.formatVersion,
            protocolVersion: device.protocolVersion, algorithm: device.suite.rawValue,
            fingerprint: try device.fingerprint, applicationKey: device.application.applicationKey,
            serverPublicKey: device.serverPublicKey.base64EncodedString(),
            devicePublicKey: device.devicePublicKey.base64EncodedString(),
            signatureAlgorithms: device.signatureAlgorithms,
            serverMLDSAPublicKey: device.mldsa?.serverPublicKey.base64EncodedString(),
            deviceMLDSAPublicKey: device.mldsa?.devicePublicKey.base64EncodedString(), counter: device.counter,
            biometry: device.keys.biometry != nil, removed: device.isRemoved,
            tokens: device.token.map { [["name": TokenName.possessionUniversal, "tokenId": $0.id]] } ?? [])
        if json {
            try JSONOutput.document(summary)
            return
        }
        var lines = [
            "Device activation \(TerminalText.escaped(device.activationId)) (protocol 4.0, \(device.suite.rawValue))",
            "  file             \(TerminalText.escaped(file))",
            "  fingerprint      \(summary.fingerprint) (layout unconfirmed)",
            "  signatures       \(Self.signatureLine(device))",
            "  counter          \(device.counter)",
            "  biometry         \(summary.biometry ? "kept" : "not kept")",
            "  token            \(device.token.map { TerminalText.escaped($0.id) } ?? "none")",
        ]
        if device.isRemoved { lines.append("  removed: the activation signs nothing more") }
        print(lines.joined(separator: "\n"))
    }

    /// The device's signature keys in words: a PQC-suite file written before qrauth made ML-DSA keys says so.
    static func signatureLine(_ device: PowerAuthV4.DeviceFile) -> String {
        if device.mldsa != nil { return "ECDSA P-384 + ML-DSA-65" }
        return device.suite.signsWithMLDSA
            ? "ECDSA P-384 only (no ML-DSA-65 keys: made before qrauth had them)" : "ECDSA P-384"
    }
}
