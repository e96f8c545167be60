import ArgumentParser
import OfflineOperations

/// `qrauth pac parse`: read the operation id and TOTP from a PAC deeplink, QR text or JWT.
struct PACParseCommand: ParsableCommand, JSONDocumentCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Parse a PAC deeplink (...?oid=...&potp=... or ...?code=JWT), QR text or bare JWT.",
        discussion: """
            Follows the iOS SDK (WMTPACUtils.parseQRCode). A base64url JWT payload, which the SDKs reject, is \
            accepted and reported unless --sdk-strict is given. A JWT signature is never verified; alg "none" \
            is reported as unsigned. Exit 0 when it parses, 4 when it is not a PAC payload.
            """
    )

    @Argument(help: "The PAC text (use --input for a file or standard input).")
    var text: String?

    @OptionGroup var input: TextInputOptions

    @Flag(name: .customLong("sdk-strict"), help: "Reject what the Wultra SDKs reject (base64url JWT payloads).")
    var sdkStrict = false

    @OptionGroup var output: JSONDocumentOptions

    func run() throws {
        let payload = try input.payload(inline: text, what: "PAC text")
        let token = try PACParser.parse(payload, options: sdkStrict ? .sdk : .init())
        if json {
            try JSONOutput.document(PACTokenJSON(token: token))
            return
        }
        let form =
            switch token.form {
            case .deeplink: "deeplink with oid"
            case .deeplinkJWT: "deeplink carrying a JWT"
            case .jwt: "JWT"
            }
        print("PAC (\(form))")
        print("  operation id   " + TerminalText.escaped(token.operationId))
        print(
            "  TOTP           "
                + (token.totp.map { TerminalText.escaped($0) }
                    ?? "(none: anonymous operation)"))
        if let jwt = token.jwt {
            let signature: String
            if jwt.isUnsigned {
                signature = "unsigned (alg: none)"
            } else if let algorithm = jwt.algorithm {
                signature =
                    "alg \(TerminalText.escaped(algorithm)), \(jwt.signature?.count ?? 0)-byte signature, NOT verified"
            } else {
                signature = "header unreadable, signature NOT verified"
            }
            print("  JWT            " + signature)
            print(
                "  payload        "
                    + (jwt.payloadEncoding == .base64 ? "Base64" : "base64url (the Wultra SDKs reject this encoding)")
                    + (jwt.totpKey.map { ", TOTP from \"\(TerminalText.escaped($0))\"" } ?? ""))
        }
    }
}
