import ArgumentParser
import FoundationEssentials
import MobileTokenAPI
import OfflineOperations
import OperationsSync

/// `qrauth backend activation init|commit|status|block|unblock|remove|list`.
struct BackendActivationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activation",
        abstract: "Activations: init (prints the activation code), commit, status, block, unblock, remove, list.",
        subcommands: [
            Init.self, Commit.self, Status.self, Block.self, Unblock.self, Remove.self, List.self,
        ])

    /// `backend activation init` (`activation/init`).
    struct Init: AsyncParsableCommand, BackendLeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "init", abstract: "Create an activation and print its activation code.")
        @Option(name: .customLong("user-id"), help: "The user.") var userId: String
        @Option(name: .customLong("application-id"), help: "The application.") var applicationId: String
        @Option(name: .customLong("commit-phase"), help: "ON_COMMIT (default) or ON_KEY_EXCHANGE.")
        var commitPhase: CommitPhase?
        @Option(name: .customLong("max-failure-count"), help: "Failed attempts before the activation blocks.")
        var maxFailureCount: Int64?
        @Option(name: .customLong("expires-in"), help: "Seconds until the unfinished activation expires.")
        var expiresIn: Int64?
        @Option(name: .customLong("flag"), help: "An activation flag (repeatable).") var flags: [String] = []
        @OptionGroup var otp: OTPOptions
        @OptionGroup var backend: BackendOptions

        func validate() throws {
            try OptionRange.check(maxFailureCount, 1...1_000_000, "--max-failure-count")
            try OptionRange.check(expiresIn, 1...31_536_000, "--expires-in")
            try otp.checkStandardInput(against: backend.password)
        }

        func run() async throws {
            let request = BackOffice.InitActivationRequest(
                userId: userId, applicationId: applicationId,
                timestampActivationExpire: expiresIn.map {
                    BackOffice.timestamp(Date().addingTimeInterval(TimeInterval($0)))
                },
                maxFailureCount: maxFailureCount, commitPhase: commitPhase, activationOtp: try otp.resolve(),
                flags: flags.isEmpty ? nil : flags)
            try await backend.call(.activationInit, request, expecting: BackOffice.InitActivationResponse.self) {
                [
                    ("activation-id", $0.activationId), ("activation-code", $0.activationCode),
                    ("activation-signature", $0.activationSignature), ("user", $0.userId),
                    ("application", $0.applicationId),
                ]
            }
        }
    }

    /// `backend activation commit` (`activation/commit`).
    struct Commit: AsyncParsableCommand, BackendLeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "commit", abstract: "Commit a PENDING_COMMIT activation (exit 1 when not activated).")
        @Option(name: .customLong("activation-id"), help: "The activation.") var activationId: String
        @Option(name: .customLong("external-user-id"), help: "Who commits it (audit).") var externalUserId: String?
        @OptionGroup var otp: OTPOptions
        @OptionGroup var backend: BackendOptions

        func validate() throws { try otp.checkStandardInput(against: backend.password) }

        func run() async throws {
            let request = BackOffice.CommitActivationRequest(
                activationId: activationId, externalUserId: externalUserId, activationOtp: try otp.resolve())
            let answer = try await backend.call(
                .activationCommit, request, expecting: BackOffice.CommitActivationResponse.self
            ) { [("activation-id", $0.activationId), ("activated", String($0.activated))] }
            if !answer.activated { throw ExitWithStatus(status: .checkFailed) }
        }
    }

    /// `backend activation status` (`activation/status`).
    struct Status: AsyncParsableCommand, BackendLeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "status", abstract: "Show an activation's state as the server keeps it.")
        @Option(name: .customLong("activation-id"), help: "The activation.") var activationId: String
        @OptionGroup var backend: BackendOptions

        func run() async throws {
            try await backend.call(
                .activationStatus, BackOffice.GetActivationStatusRequest(activationId: activationId),
                expecting: BackOffice.GetActivationStatusResponse.self
            ) { status in
                [
                    ("activation-id", status.activationId), ("status", status.activationStatus.rawValue),
                    ("blocked-reason", status.blockedReason), ("user", status.userId),
                    ("application", status.applicationId), ("name", status.activationName),
                    ("platform", status.platform), ("commit-phase", status.commitPhase?.rawValue),
                    ("failed-attempts", status.failedAttempts.map(String.init)),
                    ("max-failed-attempts", status.maxFailedAttempts.map(String.init)),
                    ("activation-code", status.activationCode),
                    ("fingerprint", status.devicePublicKeyFingerprint), ("created", status.timestampCreated),
                    ("last-used", status.timestampLastUsed), ("version", status.version.map(String.init)),
                ]
            }
        }
    }

    /// `backend activation block` (`activation/block`).
    struct Block: AsyncParsableCommand, BackendLeafCommand {
        static let configuration = CommandConfiguration(commandName: "block", abstract: "Block an ACTIVE activation.")
        @Option(name: .customLong("activation-id"), help: "The activation.") var activationId: String
        @Option(help: "Why (default NOT_SPECIFIED).") var reason: String?
        @Option(name: .customLong("external-user-id"), help: "Who blocks it (audit).") var externalUserId: String?
        @OptionGroup var backend: BackendOptions

        func run() async throws {
            let request = BackOffice.BlockActivationRequest(
                activationId: activationId, reason: reason, externalUserId: externalUserId)
            try await backend.call(.activationBlock, request, expecting: BackOffice.BlockActivationResponse.self) {
                [
                    ("activation-id", $0.activationId), ("status", $0.activationStatus.rawValue),
                    ("blocked-reason", $0.blockedReason),
                ]
            }
        }
    }

    /// `backend activation unblock` (`activation/unblock`).
    struct Unblock: AsyncParsableCommand, BackendLeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "unblock", abstract: "Unblock a BLOCKED activation (resets its failed attempts).")
        @Option(name: .customLong("activation-id"), help: "The activation.") var activationId: String
        @Option(name: .customLong("external-user-id"), help: "Who unblocks it (audit).") var externalUserId: String?
        @OptionGroup var backend: BackendOptions

        func run() async throws {
            let request = BackOffice.UnblockActivationRequest(
                activationId: activationId, externalUserId: externalUserId)
            try await backend.call(.activationUnblock, request, expecting: BackOffice.UnblockActivationResponse.self) {
                [("activation-id", $0.activationId), ("status", $0.activationStatus.rawValue)]
            }
        }
    }

    /// `backend activation remove` (`activation/remove`).
    struct Remove: AsyncParsableCommand, BackendLeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove an activation (any state; exit 1 when not removed).")
        @Option(name: .customLong("activation-id"), help: "The activation.") var activationId: String
        @Option(name: .customLong("external-user-id"), help: "Who removes it (audit).") var externalUserId: String?
        @Flag(name: .customLong("revoke-recovery-codes"), help: "Also revoke its recovery codes.")
        var revokeRecoveryCodes = false
        @OptionGroup var backend: BackendOptions

        func run() async throws {
            let request = BackOffice.RemoveActivationRequest(
                activationId: activationId, externalUserId: externalUserId,
                revokeRecoveryCodes: revokeRecoveryCodes ? true : nil)
            let answer = try await backend.call(
                .activationRemove, request, expecting: BackOffice.RemoveActivationResponse.self
            ) { [("activation-id", $0.activationId), ("removed", String($0.removed))] }
            if !answer.removed { throw ExitWithStatus(status: .checkFailed) }
        }
    }

    /// `backend activation list` (`activation/list`).
    struct List: AsyncParsableCommand, BackendLeafCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List a user's activations.")
        @Option(name: .customLong("user-id"), help: "The user.") var userId: String
        @Option(name: .customLong("application-id"), help: "Only this application.") var applicationId: String?
        @OptionGroup var backend: BackendOptions

        func run() async throws {
            let response = try await backend.send(
                .activationList,
                BackOffice.GetActivationListForUserRequest(userId: userId, applicationId: applicationId),
                expecting: BackOffice.GetActivationListForUserResponse.self)
            try backend.report(response, each: response.payload.activations) { activation in
                let name = activation.activationName.map { "  \($0)" } ?? ""
                return "\(activation.activationId)  \(activation.activationStatus.rawValue)"
                    + "  \(activation.applicationId ?? "-")\(name)"
            }
        }
    }
}
