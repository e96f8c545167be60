import ArgumentParser
import FoundationEssentials
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import QRAuthEncoding
import QRAuthFiles
import QRImaging

/// `qrauth operation create`: server side, build and sign an offline operation payload.
struct OperationCreateCommand: ParsableCommand, JSONDocumentCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Server side: build and sign an offline operation payload (prints the QR text).",
        discussion: """
            Sign with --server-activation FILE (the activation's personalized key: indicator 1, ECDSA P-256, for a \
            3.x activation, indicator 2, a KMAC tag, for a 4.0 one; with --master the application master key, \
            indicator 0, P-256 for 3.x and P-384 for 4.0) or with --key PEM (a P-256 key, --key-type \
            master|personalized, default master). With --totp-seed a proximity TOTP (RFC 6238, HMAC-SHA256, 8 digits) is added as line 6. \
            With --qr FILE the payload is also rendered as a QR code (PNG or SVG by the file's extension, \
            read back before it is written). Exit 0 printed, 4 malformed input.
            """
    )

    @Option(help: ArgumentHelp("A P-256 private key in PEM (PKCS#8 or SEC1).", valueName: "pem"))
    var key: String?

    @Option(name: .customLong("key-type"), help: ArgumentHelp("What --key is.", valueName: "master|personalized"))
    var keyType = "master"

    @Option(name: .customLong("server-activation"), help: ArgumentHelp("A server activation file.", valueName: "file"))
    var serverActivationOption: String?

    /// The old spelling of `--server-activation`, kept for one release (`sync --server` was a URL).
    @Option(name: .customLong("server"), help: .hidden)
    var legacyServer: String?

    /// The server activation file, if any.
    var server: String? { serverActivationOption ?? legacyServer }

    @Flag(help: "With --server-activation: sign with the application master key instead of the personalized key.")
    var master = false

    @Option(help: "The operation id (default: a new UUID).")
    var id: String?

    @Option(help: "The title (escaped when written).")
    var title = ""

    @Option(help: "The message (escaped when written).")
    var message = ""

    @Option(help: ArgumentHelp("The operation data line, e.g. A1*A100CZK*ICZ...*D20250101.", valueName: "data"))
    var data: String

    @Option(help: ArgumentHelp("The flags line, e.g. B (biometry allowed).", valueName: "letters"))
    var flags = ""

    @Option(name: .customLong("totp-seed"), help: ArgumentHelp("Proximity TOTP seed, Base64.", valueName: "b64"))
    var totpSeed: String?

    @Option(name: .customLong("totp-step"), parsing: .unconditional, help: "Proximity TOTP step in seconds.")
    var totpStep: Int64 = 30

    @Option(help: ArgumentHelp("The nonce, Base64 of 16 bytes (default: random).", valueName: "b64"))
    var nonce: String?

    @Option(help: ArgumentHelp("Also render the payload as a QR code into this .png or .svg file.", valueName: "file"))
    var qr: String?

    @Option(help: ArgumentHelp("Unix time for the TOTP (tests).", visibility: .hidden))
    var now: Int64?

    @OptionGroup var output: JSONDocumentOptions

    struct Report: Encodable {
        var payload: String
        var nonce: String
        var totp: String?
        var signingKey: String
        var operationId: String
        /// The QR code file written (`--qr`).
        var path: String?
    }

    func validate() throws {
        try LegacyOption.atMostOne(serverActivationOption, legacyServer, name: "--server-activation", old: "--server")
        try OptionRange.check(totpStep, OptionRange.totpStepSeconds, "--totp-step")
        try OptionRange.check(now, OptionRange.unixSeconds, "--now")
    }

    func run() throws {
        let signer = try signingMaterial()
        let operationData = try OperationData(parsing: data)
        let nonceBytes: Data
        if let nonce {
            guard let bytes = StrictBase64.decode(nonce), bytes.count == 16 else {
                throw CLIError(.malformed, "--nonce must be Base64 of 16 bytes (24 characters)")
            }
            nonceBytes = bytes
        } else {
            nonceBytes = SecureRandom.bytes(count: 16)
        }
        let builder = OfflineOperationBuilder(
            operationId: id ?? UUID().uuidString.lowercased(), title: title, message: message,
            versionLetter: operationData.versionLetter, templateId: operationData.templateId,
            fields: operationData.fields, flags: .init(rawValue: flags), nonce: nonceBytes)
        var proximity: OfflinePayloadSigner.Proximity?
        if let totpSeed {
            guard let seed = StrictBase64.decode(totpSeed), !seed.isEmpty else {
                throw CLIError(.malformed, "--totp-seed is not Base64")
            }
            guard totpStep > 0 else { throw CLIError(.usage, "--totp-step must be positive") }
            proximity = .init(seed: seed, step: totpStep, unixTime: UnixClock.seconds(override: now))
        }
        let payload = try OfflinePayloadSigner.sign(builder, signer: signer, proximity: proximity)
        let qrPath = try qr.map { try QRCodeFile.write(payload.text, to: $0) }
        if json {
            try JSONOutput.document(
                Report(
                    payload: payload.text, nonce: payload.nonce, totp: payload.totp,
                    signingKey: signer.signingKey.rawValue,
                    operationId: builder.operationId, path: qrPath))
        } else {
            print(payload.text)
            if let qrPath { StandardStreams.note("wrote \(TerminalText.escaped(qrPath))") }
        }
    }

    private func signingMaterial() throws -> OfflinePayloadSigner.Signer {
        switch (key, server) {
        case (let path?, nil):
            guard let type = OfflineOperation.SigningKey(rawValue: keyType), type != .personalizedMAC else {
                throw CLIError(.usage, "--key-type must be master or personalized")
            }
            let pem = String(decoding: try FileInput.read(path, limit: 1 << 16), as: UTF8.self)
            do {
                return .ecdsaP256(try NISTP256.Signing.PrivateKey(pemRepresentation: pem), type)
            } catch {
                throw CLIError(.malformed, "\(path) is not a P-256 private key in PEM: \(error.reason)")
            }
        case (nil, let path?):
            return try ActivationFile<ServerActivation>.read(path).offlineSigner(master: master)
        default:
            throw CLIError(.usage, "give exactly one of --key PEM and --server-activation FILE")
        }
    }
}
