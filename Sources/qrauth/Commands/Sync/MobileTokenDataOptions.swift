import ArgumentParser
import FoundationEssentials
import MobileTokenAPI
import OperationsSync
import QRAuthEncoding
import QRAuthFiles

/// `--mobile-token-data FILE|-` and `--pre-approval-screen SCREEN[:ACTION]` of `sync approve` and `sync reject`:
/// the `mobileTokenData` object sent with the approval or rejection.
struct MobileTokenDataOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Send this JSON object as mobileTokenData ('-' reads standard input).", valueName: "file"))
    var mobileTokenData: String?

    @Option(
        help: ArgumentHelp(
            "Record one pre-approval screen visit in mobileTokenData.preApprovalScreens: the screen's name and "
                + "the action that closed it (CONTINUE, BACK, CLOSE, REJECT, SCAN; default CONTINUE for approve, "
                + "REJECT for reject), stamped on the server-synchronised clock.",
            valueName: "screen[:action]"))
    var preApprovalScreen: String?

    func validate() throws {
        guard let preApprovalScreen else { return }
        let (screen, action) = Self.split(preApprovalScreen)
        guard !screen.isEmpty, screen.count <= 256, !screen.contains(where: \.isNewline) else {
            throw ValidationError("--pre-approval-screen needs a screen name of 1 to 256 characters on one line")
        }
        if let action, !PreApprovalScreenAction.standard.map(\.rawValue).contains(action) {
            throw ValidationError("--pre-approval-screen action must be CONTINUE, BACK, CLOSE, REJECT or SCAN")
        }
    }

    /// The file's object (read before anything is sent: bad JSON is exit 4), nil when neither option is given.
    func load() throws -> MobileTokenData? {
        guard let path = mobileTokenData else { return preApprovalScreen == nil ? nil : MobileTokenData() }
        let value: JSONValue
        do {
            value = try JSONDuplicateKeys.decode(JSONValue.self, from: try FileInput.read(path))
        } catch let error as FileError {
            throw error
        } catch {
            throw CLIError(.malformed, "--mobile-token-data \(path): not JSON (or a key appears twice)")
        }
        guard let data = MobileTokenData(value) else {
            throw CLIError(.malformed, "--mobile-token-data \(path): not a JSON object")
        }
        return data
    }

    /// `data` with the `--pre-approval-screen` visit recorded: opened at `opened`, closed now on the client's
    /// server-synchronised clock.
    func recording(
        into data: MobileTokenData?, opened: Date, client: MobileTokenClient, defaultAction: PreApprovalScreenAction
    ) async -> MobileTokenData? {
        guard var data, let preApprovalScreen else { return data }
        let (screen, action) = Self.split(preApprovalScreen)
        data.record(
            PreApprovalScreenVisit(
                screen: screen, timestampOpened: opened, timestampClosed: await client.serverDate(),
                action: action.map(PreApprovalScreenAction.init(rawValue:)) ?? defaultAction))
        return data
    }

    /// `SCREEN[:ACTION]`: the action is what follows the last colon when that is an upper-case word.
    private static func split(_ text: String) -> (screen: String, action: String?) {
        guard let colon = text.lastIndex(of: ":") else { return (text, nil) }
        let action = String(text[text.index(after: colon)...])
        guard !action.isEmpty, action.allSatisfy({ ("A"..."Z").contains($0) || $0 == "_" }) else { return (text, nil) }
        return (String(text[..<colon]), action)
    }
}
