import ArgumentParser
import OperationsSync
import PowerAuth

/// `qrauth token remove --url BASE --device FILE [--name NAME]`: signed `/pa/v3/token/remove`, the token dropped
/// from the file.
struct TokenRemoveCommand: AsyncParsableCommand, TokenLeafCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove one of the device file's MAC tokens at the server and from the file.",
        discussion: """
            Signs {"requestObject":{"tokenId":...}} with uriId /pa/token/remove for the token stored under --name. \
            The token is dropped from the device file once the server answered (it removes unknown tokens \
            quietly); the file's other tokens stay. Exit 0 removed, 1 refused, 4 no such token or unusable device \
            file, 5 network or server error, 64 bad name.
            """)

    @OptionGroup var options: EnrollmentOptions
    @OptionGroup var tokenName: TokenNameOptions
    @OptionGroup var authentication: SyncAuthenticationOptions
    @OptionGroup var verbosity: VerbosityOptions

    func run() async throws {
        let auth = try authentication.resolve(required: false)
        let id: String
        if ActivationFileCodec.isProtocolV4(options.device) {
            try requireV4TokenName()
            id = try await EnrollmentRun.with(options, signing: false, rememberClock: false) { client in
                try await client.removeTokenV4(
                    EnrollmentClient.DeviceFileV4(path: options.device), authentication: auth)
            }
        } else {
            id = try await EnrollmentRun.locked(options, signing: true) { client, store in
                try await client.removeToken(store, named: name, authentication: auth)
            }
        }
        if options.json {
            try JSONOutput.document(["tokenId": id, "name": name, "status": "removed"])
        } else {
            printRemoved(id)
        }
    }
}
