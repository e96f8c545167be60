import ArgumentParser
import FoundationEssentials
import MobileTokenAPI
import OfflineOperations
import OperationsSync
import PowerAuth
import QRAuthEncoding

/// `qrauth backend offline create|verify`.
struct BackendOfflineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "offline", abstract: "Offline QR payloads: create (optionally as a QR image), verify a code.",
        subcommands: [Create.self, Verify.self])

    /// `backend offline create` (`signature/offline/personalized/create` or `…/non-personalized/create`).
    struct Create: AsyncParsableCommand, BackendLeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Have the server sign an offline QR payload (prints the QR text).",
            discussion: """
                With --activation-id the payload is personalized (the activation's server key, indicator 1; \
                optional proximity TOTP with --totp-seed); with --application-id it is signed with the master key \
                (indicator 0). --qr FILE also renders it as a PNG or SVG QR code.
                """)
        @Option(name: .customLong("activation-id"), help: "Personalized: the activation.") var activationId: String?
        @Option(name: .customLong("application-id"), help: "Non-personalized: the application.")
        var applicationId: String?
        @Option(name: .customLong("operation-id"), help: "The operation id (default: a new UUID).")
        var operationId: String?
        @Option(help: "The title (escaped when written).") var title = ""
        @Option(help: "The message (escaped when written).") var message = ""
        @Option(help: ArgumentHelp("The operation data line, e.g. A1*A100CZK*D20250101.", valueName: "data"))
        var data: String
        @Option(help: ArgumentHelp("The flags line, e.g. B (biometry allowed).", valueName: "letters"))
        var flags = ""
        @Option(help: ArgumentHelp("The nonce, Base64 of 16 bytes (default: the server's).", valueName: "b64"))
        var nonce: String?
        @Option(name: .customLong("totp-seed"), help: ArgumentHelp("Proximity TOTP seed, Base64.", valueName: "b64"))
        var totpSeed: String?
        @Option(name: .customLong("totp-step"), help: "Proximity TOTP step in seconds.") var totpStep: Int64 = 30
        @Option(
            help: ArgumentHelp("Also render the payload as a QR code into this .png or .svg file.", valueName: "file"))
        var qr: String?
        @OptionGroup var backend: BackendOptions

        func validate() throws {
            if (activationId == nil) == (applicationId == nil) {
                throw ValidationError("give exactly one of --activation-id (personalized) and --application-id")
            }
            if applicationId != nil && (totpSeed != nil || nonce != nil) {
                throw ValidationError("--totp-seed and --nonce need a personalized payload (--activation-id)")
            }
            try OptionRange.check(totpStep, OptionRange.totpStepSeconds, "--totp-step")
        }

        func run() async throws {
            let operationData = try OperationData(parsing: data)
            if let nonce, StrictBase64.decode(nonce)?.count != 16 {
                throw CLIError(.malformed, "--nonce must be Base64 of 16 bytes (24 characters)")
            }
            if let totpSeed, StrictBase64.decode(totpSeed)?.isEmpty ?? true {
                throw CLIError(.malformed, "--totp-seed is not Base64")
            }
            let builder = OfflineOperationBuilder(
                operationId: operationId ?? UUID().uuidString.lowercased(), title: title, message: message,
                versionLetter: operationData.versionLetter, templateId: operationData.templateId,
                fields: operationData.fields, flags: .init(rawValue: flags), nonce: Data(count: 16))
            let lines = try builder.bodyLines().joined(separator: "\n")
            let response = try await backend.run { client in
                if let activationId {
                    return try await client.send(
                        .offlinePersonalizedCreate,
                        BackOffice.CreatePersonalizedOfflineSignaturePayloadRequest(
                            activationId: activationId, data: lines, nonce: nonce,
                            proximityCheck: totpSeed.map {
                                BackOffice.OfflineProximityCheck(seed: $0, stepLength: totpStep)
                            }),
                        expecting: BackOffice.OfflineSignaturePayloadResponse.self)
                }
                return try await client.send(
                    .offlineNonPersonalizedCreate,
                    BackOffice.CreateNonPersonalizedOfflineSignaturePayloadRequest(
                        applicationId: applicationId ?? "", data: lines),
                    expecting: BackOffice.OfflineSignaturePayloadResponse.self)
            }
            let qrPath = try qr.map { try QRCodeFile.write(response.payload.offlineData, to: $0) }
            if backend.json {
                try JSONOutput.document(response.raw)
            } else {
                print(TerminalText.sanitized(response.payload.offlineData, continuationIndent: ""))
            }
            if let qrPath { StandardStreams.note("wrote \(TerminalText.escaped(qrPath))") }
        }
    }

    /// `backend offline verify` (`signature/offline/verify`).
    struct Verify: AsyncParsableCommand, BackendLeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Check an offline approval code with the server (exit 1 when it is not valid).",
            discussion: """
                The signed data comes from the offline payload (the QR text: argument or --input FILE) with \
                --uri-id, or as the ready request data with --data (POST&B64(uriId)&NONCE&B64(body)). With \
                --totp-seed the server checks the proximity TOTP itself and the TOTP line is left out of the data.
                """)
        @Option(name: .customLong("activation-id"), help: "The activation.") var activationId: String
        @Option(help: ArgumentHelp("The approval code, e.g. 12345678-87654321.", valueName: "code")) var code: String
        @Argument(help: "The offline payload (the QR text).") var payload: String?
        @OptionGroup var input: TextInputOptions
        @Option(help: ArgumentHelp("The request data itself instead of a payload.", valueName: "data"))
        var data: String?
        @Option(name: .customLong("uri-id"), help: "The uriId the code was computed with.")
        var uriId = OfflineApproval.defaultURIID
        @Flag(name: .customLong("allow-biometry"), help: "Accept possession + biometry codes.") var allowBiometry =
            false
        @Option(name: .customLong("digits"), help: "Digits per code component (4 to 8).") var digits: Int?
        @Option(name: .customLong("totp-seed"), help: ArgumentHelp("Proximity TOTP seed, Base64.", valueName: "b64"))
        var totpSeed: String?
        @Option(name: .customLong("totp-step"), help: "Proximity TOTP step in seconds.") var totpStep: Int64 = 30
        @Option(name: .customLong("totp-steps"), help: "Past TOTP steps also accepted.") var totpSteps: Int64?
        @OptionGroup var backend: BackendOptions

        func validate() throws {
            try OptionRange.check(digits, OptionRange.codeDigits, "--digits")
            try OptionRange.check(totpStep, OptionRange.totpStepSeconds, "--totp-step")
            try OptionRange.check(totpSteps, 0...100, "--totp-steps")
        }

        func run() async throws {
            let requestData: String
            if let data {
                guard payload == nil, input.input == nil else {
                    throw CLIError(.usage, "give --data or a payload, not both")
                }
                requestData = data
            } else {
                let operation = try OfflineOperation(input.payload(inline: payload, what: "offline payload"))
                let request = try OfflineApproval.request(
                    operationId: operation.operationId, operationData: operation.operationData,
                    totp: totpSeed == nil ? operation.totp : nil, nonce: operation.nonce, uriId: uriId)
                requestData = request.requestData
            }
            let proximity = totpSeed.map {
                BackOffice.OfflineProximityCheck(seed: $0, stepLength: totpStep, stepCount: totpSteps)
            }
            let request = BackOffice.VerifyOfflineSignatureRequest(
                activationId: activationId, data: requestData, signature: code, allowBiometry: allowBiometry,
                componentLength: digits, proximityCheck: proximity)
            let answer = try await backend.call(
                .offlineVerify, request, expecting: BackOffice.VerifyOfflineSignatureResponse.self
            ) { answer in
                [
                    ("valid", String(answer.signatureValid)), ("status", answer.activationStatus?.rawValue),
                    ("remaining-attempts", answer.remainingAttempts.map(String.init)),
                    ("signature-type", answer.signatureType?.backOfficeName), ("blocked-reason", answer.blockedReason),
                    ("user", answer.userId),
                ]
            }
            if !answer.signatureValid { throw ExitWithStatus(status: .checkFailed) }
        }
    }
}
