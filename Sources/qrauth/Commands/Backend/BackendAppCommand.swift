import ArgumentParser
import MobileTokenAPI
import OperationsSync

/// `qrauth backend app list|create|detail|version create`.
struct BackendAppCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app",
        abstract: "Applications: list, create, detail, version create (prints the mobileSdkConfig).",
        subcommands: [List.self, Create.self, Detail.self, Version.self])

    /// `backend app list` (`application/list`).
    struct List: AsyncParsableCommand, BackendLeafCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the applications.")
        @OptionGroup var backend: BackendOptions

        func run() async throws {
            let response = try await backend.send(
                .applicationList, expecting: BackOffice.GetApplicationListResponse.self)
            try backend.report(response, each: response.payload.applications) { application in
                let roles = application.applicationRoles ?? []
                return application.applicationId + (roles.isEmpty ? "" : "  roles: \(roles)")
            }
        }
    }

    /// `backend app create` (`application/create`).
    struct Create: AsyncParsableCommand, BackendLeafCommand {
        static let configuration = CommandConfiguration(commandName: "create", abstract: "Create an application.")
        @Option(name: .customLong("application-id"), help: "The new application's id (its name).")
        var applicationId: String
        @OptionGroup var backend: BackendOptions

        func run() async throws {
            try await backend.call(
                .applicationCreate, BackOffice.CreateApplicationRequest(applicationId: applicationId),
                expecting: BackOffice.CreateApplicationResponse.self
            ) { [("application", $0.applicationId)] }
        }
    }

    /// `backend app detail` (`application/detail`).
    struct Detail: AsyncParsableCommand, BackendLeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "detail", abstract: "Show an application: master public key, versions, mobileSdkConfig.")
        @Option(name: .customLong("application-id"), help: "The application's id.")
        var applicationId: String
        @OptionGroup var backend: BackendOptions

        func run() async throws {
            try await backend.call(
                .applicationDetail, BackOffice.GetApplicationDetailRequest(applicationId: applicationId),
                expecting: BackOffice.GetApplicationDetailResponse.self
            ) { detail in
                var lines: [(String, String?)] = [
                    ("application", detail.applicationId), ("master-public-key", detail.masterPublicKey),
                ]
                for version in detail.versions {
                    lines.append(
                        ("version", version.applicationVersionId + (version.supported ? "" : " (unsupported)")))
                    lines.append(("  application-key", version.applicationKey))
                    lines.append(("  sdk-config", version.mobileSdkConfig))
                }
                return lines
            }
        }
    }

    /// `backend app version create`.
    struct Version: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "version", abstract: "Application versions.", subcommands: [Create.self])

        /// `backend app version create` (`application/version/create`).
        struct Create: AsyncParsableCommand, BackendLeafCommand {
            static let configuration = CommandConfiguration(
                commandName: "create", abstract: "Create an application version and print its mobileSdkConfig.")
            @Option(name: .customLong("application-id"), help: "The application's id.")
            var applicationId: String
            @Option(name: .customLong("version-id"), help: "The new version's id (its name).")
            var versionId: String
            @OptionGroup var backend: BackendOptions

            func run() async throws {
                let (response, config) = try await backend.run { client in
                    let response = try await client.send(
                        .applicationVersionCreate,
                        BackOffice.CreateApplicationVersionRequest(
                            applicationId: applicationId, applicationVersionId: versionId),
                        expecting: BackOffice.CreateApplicationVersionResponse.self)
                    if let config = response.payload.mobileSdkConfig { return (response, config as String?) }
                    // Servers that leave it out of the answer list it in the application's detail.
                    let detail = try await client.send(
                        .applicationDetail, BackOffice.GetApplicationDetailRequest(applicationId: applicationId),
                        expecting: BackOffice.GetApplicationDetailResponse.self)
                    let version = detail.payload.versions.first {
                        $0.applicationVersionId == response.payload.applicationVersionId
                    }
                    return (response, version?.mobileSdkConfig)
                }
                try backend.report(
                    response,
                    [
                        ("version", response.payload.applicationVersionId),
                        ("application-key", response.payload.applicationKey),
                        ("supported", String(response.payload.supported)), ("sdk-config", config),
                    ])
            }
        }
    }
}
