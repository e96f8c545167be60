import ArgumentParser

/// `qrauth push …`: push registration at the Mobile Token API.
struct PushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Register the device's push token (APNs, FCM, HMS) as the app does.",
        discussion: """
            Exit codes: 0 registered, 1 the server refused (POWERAUTH_AUTH_FAIL, INVALID_ACTIVATION, pinning), \
            4 malformed input (activation file), 5 network or server error (PUSH_REGISTRATION_FAILED, \
            INVALID_REQUEST), 64 usage.
            """,
        subcommands: [PushRegisterCommand.self]
    )
}
