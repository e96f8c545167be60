import DevServer
import Foundation
import PowerAuth
import Testing

@Suite("Application model and activation lifecycle in the state")
struct ApplicationStateTests {
    static func temporaryDirectory() throws -> String {
        let directory = NSTemporaryDirectory() + "qrauth-serve-app-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("without --app the state gets one generated application, kept across restarts")
    func generatedApplicationPersists() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let statePath = directory + "/state.json"
        var state = try DevServerState.load(statePath: statePath, activationPaths: [])
        try state.prepareApplication(path: nil)
        let application = try #require(state.defaultApplication)
        #expect(application.applicationId == DevServerState.generatedApplicationId)
        try DevServer(state: state, statePath: statePath).flush()

        var restored = try DevServerState.load(statePath: statePath, activationPaths: [])
        try restored.prepareApplication(path: nil)
        #expect(restored.applications.array == [application])
        let version = try #require(application.currentVersion)
        let config = try MobileSDKConfiguration(base64: application.mobileSDKConfiguration(version))
        #expect(config.applicationKey == version.applicationKey)
    }

    @Test("--app FILE is created 0600 with fresh keys, then read back and made the default")
    func applicationFile() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let appPath = directory + "/app.json"
        var state = DevServerState()
        try state.prepareApplication(path: appPath)
        let created = try #require(state.defaultApplication)
        let attributes = try FileManager.default.attributesOfItem(atPath: appPath)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try ActivationFile<ServerApplication>.read(appPath) == created)

        // A state that already has another application: the file's becomes the default (first).
        var other = DevServerState(applications: [.generate(applicationId: "other")])
        try other.prepareApplication(path: appPath)
        #expect(other.applications.map(\.applicationId) == [created.applicationId, "other"])
    }

    @Test("a damaged --app file is a typed error")
    func damagedApplicationFile() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let appPath = directory + "/app.json"
        try Data(#"{"kind":"application","formatVersion":1}"#.utf8).write(to: URL(fileURLWithPath: appPath))
        var state = DevServerState()
        #expect(throws: DevServerError(.file, "")) { try state.prepareApplication(path: appPath) }
        let pair = try ActivationFactory.create(password: "1", biometry: false)
        try ActivationFile.write(pair.server, to: appPath)
        #expect(throws: DevServerError(.file, "")) { try state.prepareApplication(path: appPath) }
    }

    @Test("a CREATED activation (no device key) and its registration survive the journal and a restart")
    func createdActivationPersists() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let statePath = directory + "/state.json"
        let application = ServerApplication.generate(applicationId: "demo")
        let version = try #require(application.currentVersion)
        let created = try ServerActivation.initiate(
            application: application, version: version, userId: "alice", activationCode: "AAAAA-AAAAA-AAAAA-AAAAA",
            activationSignature: "c2ln", activationOtp: "123", nowMillis: 1_700_000_000_000)
        let server = DevServer(
            state: DevServerState(activations: [created], applications: [application]), statePath: statePath)
        try server.flush()
        let restored = try DevServerState.load(statePath: statePath, activationPaths: [])
        #expect(restored.activations.array == [created])
        #expect(restored.applications.array == [application])
    }
}
