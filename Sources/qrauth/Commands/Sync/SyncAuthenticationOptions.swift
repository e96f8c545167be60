import ArgumentParser
import OperationsSync

/// The factor of signed commands: a password (knowledge) or `--biometry`.
struct SyncAuthenticationOptions: ParsableArguments {
    @OptionGroup var password: PasswordOptions

    @Flag(help: "Use biometry (possession_biometry) instead of the password.")
    var biometry = false

    /// The authentication; `required` demands a password or biometry.
    func resolve(required: Bool) throws -> MobileTokenAuthentication {
        let secret = try password.resolve()
        switch (biometry, secret) {
        case (true, _?): throw CLIError(.usage, "give either a password or --biometry, not both")
        case (true, nil): return .biometry
        case (false, let secret?): return .password(secret)
        case (false, nil):
            if required {
                throw CLIError(
                    .usage, "give the password (--password-stdin, --password-file, --password-env) or --biometry")
            }
            return .possession
        }
    }
}
