import ArgumentParser

import FoundationEssentials

/// The environment variables online commands read an option from when it is absent on the command line (the
/// option wins): `QRAUTH_URL` (`--url` of `sync`, `activation activate|status|remove`, `token`), `QRAUTH_DEVICE`
/// (their `--device`), `QRAUTH_CA` (`--ca` of every online command) and `QRAUTH_BACKOFFICE_URL` (`backend --url`).
enum EnvironmentOption: String {
    case url = "QRAUTH_URL"
    case device = "QRAUTH_DEVICE"
    case ca = "QRAUTH_CA"
    case backOfficeURL = "QRAUTH_BACKOFFICE_URL"

    /// The variable's value; unset and empty are both absent.
    var value: String? {
        guard let value = ProcessInfo.processInfo.environment[rawValue], !value.isEmpty else { return nil }
        return value
    }

    /// The help sentence that says so.
    var help: String { "Default: $\(rawValue)." }

    /// What a message calls the value's source: the option when it was given, else the variable.
    func source(_ option: String?, option name: String) -> String { option != nil ? name : rawValue }

    /// A required option or its variable; a usage error naming both when neither is there.
    func require(_ option: String?, option name: String, valueName: String) throws -> String {
        guard let value = option ?? value else {
            throw ValidationError("missing \(name) \(valueName) (or set \(rawValue))")
        }
        return value
    }
}
