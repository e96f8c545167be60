import Foundation
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import Testing

/// The server-side activation lifecycle (spec §3.2, §3.7, §5.3) on `ServerActivation` values.
struct ActivationLifecycleTests {
    static let now: Int64 = 1_700_000_000_000
    let application = ServerApplication.generate(applicationId: "demo-app")

    func created(
        phase: CommitPhase = .onCommit, otp: String? = nil, maxFailures: Int = 3
    ) throws -> ServerActivation {
        let version = try #require(application.currentVersion)
        return try ServerActivation.initiate(
            application: application, version: version, userId: "alice", activationCode: "AAAAA-AAAAA-AAAAA-AAAAA",
            activationSignature: "c2ln", commitPhase: phase, activationOtp: otp, maxFailedAttempts: maxFailures,
            nowMillis: Self.now)
    }

    func device(otp: String? = nil) -> ServerActivation.DeviceRegistration {
        ServerActivation.DeviceRegistration(
            ActivationLayer2Request(
                devicePublicKey: NISTP256.Signing.PrivateKey().publicKey.compressedRepresentation,
                activationName: "Phone", activationOtp: otp, platform: "iOS", deviceInfo: "iPhone12,3", extras: "x"),
            protocolVersion: .v32)
    }

    @Test func initCreatesAServerKeyPairAndNoDeviceKey() throws {
        let activation = try created()
        #expect(activation.counters.status == .created)
        #expect(!activation.hasDeviceKey)
        #expect(activation.counters.ctrData == nil)
        #expect(activation.serverPublicKey.count == 65)
        #expect(activation.registration?.expiresMillis == Self.now + 300_000)
        #expect(activation.applicationKey == application.currentVersion?.applicationKey)
        try activation.validate()
    }

    @Test func initRefusesBadInput() throws {
        let version = try #require(application.currentVersion)
        #expect(throws: ActivationLifecycleError(.invalidInput, "")) {
            try ServerActivation.initiate(
                application: application, version: version, userId: "", activationCode: "A", activationSignature: "",
                nowMillis: Self.now)
        }
        #expect(throws: ActivationLifecycleError(.invalidInput, "")) {
            try ServerActivation.initiate(
                application: application, version: version, userId: "u", activationCode: "A", activationSignature: "",
                expiresMillis: Self.now - 1, nowMillis: Self.now)
        }
        #expect(throws: ActivationLifecycleError(.invalidInput, "")) {
            try ServerActivation.initiate(
                application: application, version: version, userId: "u", activationCode: "A", activationSignature: "",
                maxFailedAttempts: 0, nowMillis: Self.now)
        }
    }

    @Test func prepareStoresTheDeviceAndWaitsForCommit() throws {
        var activation = try created()
        let registration = device()
        try activation.prepare(registration, nowMillis: Self.now + 1)
        #expect(activation.counters.status == .pendingCommit)
        #expect(activation.devicePublicKey.count == 65)
        let expected = try NISTP256.Signing.PublicKey(compressedRepresentation: registration.request.devicePublicKey)
        #expect(activation.devicePublicKey == expected.x963Representation)
        #expect(activation.counters.ctrData?.count == 16)
        #expect(activation.registration?.platform == "ios")
        #expect(activation.registration?.activationName == "Phone")
        #expect(activation.registration?.deviceInfo == "iPhone12,3")
        #expect(activation.protocolVersion == .v32)
        try activation.validate()
        _ = try activation.factorKeys()
        // A second key exchange is refused.
        #expect(throws: ActivationLifecycleError(.wrongState, "")) {
            try activation.prepare(device(), nowMillis: Self.now + 2)
        }
        try activation.commit(activationOtp: nil, nowMillis: Self.now + 3)
        #expect(activation.counters.status == .active)
        #expect(throws: ActivationLifecycleError(.wrongState, "")) {
            try activation.commit(activationOtp: nil, nowMillis: Self.now + 4)
        }
    }

    @Test func platformDefaultsToUnknown() throws {
        var activation = try created()
        var registration = device()
        registration.request.platform = nil
        try activation.prepare(registration, nowMillis: Self.now)
        #expect(activation.registration?.platform == "unknown")
    }

    @Test func aBadDeviceKeyIsRefusedAndChangesNothing() throws {
        var activation = try created()
        let before = activation
        var registration = device()
        registration.request.devicePublicKey = Data(repeating: 7, count: 33)
        #expect(throws: ActivationLifecycleError(.invalidKey, "")) {
            try activation.prepare(registration, nowMillis: Self.now)
        }
        #expect(activation == before)
    }

    @Test func expiredActivationsBecomeRemoved() throws {
        var activation = try created()
        #expect(throws: ActivationLifecycleError(.expired, "")) {
            try activation.prepare(device(), nowMillis: Self.now + 300_001)
        }
        #expect(activation.counters.status == .removed)

        var pending = try created()
        try pending.prepare(device(), nowMillis: Self.now)
        #expect(pending.effectiveStatus(nowMillis: Self.now + 400_000) == .removed)
        #expect(throws: ActivationLifecycleError(.expired, "")) {
            try pending.commit(activationOtp: nil, nowMillis: Self.now + 400_000)
        }
        #expect(pending.counters.status == .removed)
    }

    @Test func onKeyExchangeActivatesWithTheRightOtp() throws {
        var activation = try created(phase: .onKeyExchange, otp: "12345")
        try activation.prepare(device(otp: "12345"), nowMillis: Self.now)
        #expect(activation.counters.status == .active)
    }

    @Test func wrongOtpCountsAndRemovesAtTheLimit() throws {
        var activation = try created(phase: .onKeyExchange, otp: "12345", maxFailures: 3)
        for attempt in 1...2 {
            #expect(throws: ActivationLifecycleError(.otpMismatch, "")) {
                try activation.prepare(device(otp: "00000"), nowMillis: Self.now)
            }
            #expect(activation.counters.status == .created)
            #expect(activation.counters.failedAttempts == attempt)
            #expect(!activation.hasDeviceKey)
        }
        #expect(throws: ActivationLifecycleError(.otpMismatch, "")) {
            try activation.prepare(device(otp: nil), nowMillis: Self.now)
        }
        #expect(activation.counters.status == .removed)
        #expect(throws: ActivationLifecycleError(.wrongState, "")) {
            try activation.prepare(device(otp: "12345"), nowMillis: Self.now)
        }
    }

    @Test func onCommitOtpIsCheckedAtCommit() throws {
        var activation = try created(phase: .onCommit, otp: "777", maxFailures: 2)
        try activation.prepare(device(otp: "wrong, ignored here"), nowMillis: Self.now)
        #expect(activation.counters.status == .pendingCommit)
        #expect(throws: ActivationLifecycleError(.otpMismatch, "")) {
            try activation.commit(activationOtp: "778", nowMillis: Self.now)
        }
        #expect(activation.counters.status == .pendingCommit)
        try activation.commit(activationOtp: "777", nowMillis: Self.now)
        #expect(activation.counters.status == .active)
        #expect(activation.counters.failedAttempts == 0)
    }

    @Test func blockUnblockRemove() throws {
        var activation = try created()
        #expect(throws: ActivationLifecycleError(.wrongState, "")) {
            try activation.block(reason: nil, nowMillis: Self.now)
        }
        try activation.prepare(device(), nowMillis: Self.now)
        try activation.commit(activationOtp: nil, nowMillis: Self.now)
        try activation.block(reason: nil, nowMillis: Self.now + 5)
        #expect(activation.counters.status == .blocked)
        #expect(activation.registration?.blockedReason == "NOT_SPECIFIED")
        #expect(activation.registration?.lastChangeMillis == Self.now + 5)
        try activation.block(reason: "LOST", nowMillis: Self.now)
        #expect(activation.registration?.blockedReason == "NOT_SPECIFIED")
        activation.counters.failedAttempts = 4
        try activation.unblock(nowMillis: Self.now)
        #expect(activation.counters.status == .active)
        #expect(activation.counters.failedAttempts == 0)
        #expect(activation.registration?.blockedReason == nil)
        activation.tokens = [TokenCredential(id: "t", secret: Data(count: 16))]
        activation.remove(nowMillis: Self.now)
        #expect(activation.counters.status == .removed)
        #expect(activation.tokens.isEmpty)
        #expect(throws: ActivationLifecycleError(.wrongState, "")) {
            try activation.block(reason: nil, nowMillis: Self.now)
        }
        #expect(throws: ActivationLifecycleError(.wrongState, "")) {
            try activation.unblock(nowMillis: Self.now)
        }
    }

    @Test func registrationSurvivesJSONAndOldFilesStillRead() throws {
        var activation = try created()
        try activation.prepare(device(), nowMillis: Self.now)
        let data = try JSONEncoder().encode(activation)
        #expect(try JSONDecoder().decode(ServerActivation.self, from: data) == activation)
        let old = try ActivationFactory.create(password: "1", biometry: false).server
        let decoded = try JSONDecoder().decode(ServerActivation.self, from: try JSONEncoder().encode(old))
        #expect(decoded.registration == nil)
        #expect(decoded.counters.status == .active)
    }

    @Test func applicationFileValidation() throws {
        try application.validate()
        let version = try #require(application.currentVersion)
        let config = try MobileSDKConfiguration(base64: application.mobileSDKConfiguration(version))
        #expect(config.applicationKey == version.applicationKey)
        #expect(config.applicationSecret == version.applicationSecret)
        #expect(config.masterServerPublicKey == application.masterPublicKey)
        var broken = application
        broken.masterPublicKey = NISTP256.Signing.PrivateKey().publicKey.x963Representation
        #expect(throws: PowerAuthError(.activationFile, "")) { try broken.validate() }
        broken = application
        broken.versions.append(version)
        #expect(throws: PowerAuthError(.activationFile, "")) { try broken.validate() }
        broken = application
        broken.versions[0].applicationSecret = "short"
        #expect(throws: PowerAuthError(.activationFile, "")) { try broken.validate() }
    }
}
