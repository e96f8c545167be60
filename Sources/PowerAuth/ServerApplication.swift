public import FoundationEssentials
public import QRAuthCrypto
package import QRAuthEncoding

/// A PowerAuth application as the server keeps it: a name, the master key pair and one or
/// more versions, each with its `APP_KEY` and `APP_SECRET`. `qrauth serve --app FILE` reads and writes it
/// as JSON (docs/serve.md); the server state keeps the ones it generated.
public struct ServerApplication: Sendable, Equatable, Codable {
    /// The file format version this code writes and reads.
    public static let currentFormatVersion = 1

    /// One application version: the credentials a mobile SDK is configured with.
    public struct Version: Sendable, Equatable, Codable {
        /// The version's name (`applicationVersionId` in the back-office API).
        public var applicationVersionId: String
        /// `APP_KEY`: Base64 text of 16 random bytes.
        public var applicationKey: String
        /// `APP_SECRET`: Base64 text of 16 random bytes.
        public var applicationSecret: String
        /// Whether devices of this version may activate and sign.
        public var supported: Bool

        /// A version with fresh random credentials.
        public static func generate(applicationVersionId: String) -> Version {
            Version(
                applicationVersionId: applicationVersionId,
                applicationKey: SecureRandom.bytes(count: 16).base64EncodedString(),
                applicationSecret: SecureRandom.bytes(count: 16).base64EncodedString(), supported: true)
        }

        /// Makes a version.
        public init(applicationVersionId: String, applicationKey: String, applicationSecret: String, supported: Bool) {
            self.applicationVersionId = applicationVersionId
            self.applicationKey = applicationKey
            self.applicationSecret = applicationSecret
            self.supported = supported
        }
    }

    /// File format version.
    public var formatVersion: Int
    /// Always `application`.
    public var kind: String
    /// The application's id (its name in the back-office API, e.g. `demo-app`).
    public var applicationId: String
    /// `KEY_SERVER_MASTER_PRIVATE`, 32 raw bytes.
    public var masterPrivateKey: Data
    /// `KEY_SERVER_MASTER_PUBLIC`, X9.62 uncompressed.
    public var masterPublicKey: Data
    /// Application roles (back office; free text).
    public var roles: [String]
    /// The versions, oldest first.
    public var versions: [Version]
    /// `KEY_MASTER_ECDSA_P384_PRIVATE` for protocol 4.0 (48 raw bytes); absent until a 4.0 client first needs it,
    /// so 3.x state files read and write unchanged.
    package var masterPrivateKeyP384: Data? = nil
    /// The back office's application configuration (`/rest/v4/application/config/*`): key → values. Absent until a
    /// key is set, so older state files read and write unchanged.
    package var configs: [String: [JSONValue]]? = nil

    /// The configuration key listing the algorithm suites the application accepts (spec §17).
    package static let cryptographyAlgorithmsKey = "cryptography_algorithms_supported"
    /// The suite names `cryptography_algorithms_supported` may hold (spec §2, §17).
    package static let cryptographyAlgorithmNames: Set<String> = [
        "EC_P256", "EC_P384", "EC_P384_ML_L3", "EC_P384_ML_L5",
    ]

    /// The 4.0 suites the application accepts, strongest first: the server's (`ServerFlowsV4.supportedSuites`)
    /// filtered by `cryptography_algorithms_supported`; all of them when the key is absent (spec §17).
    package var supportedSuitesV4: [PowerAuthV4.Suite] {
        guard let values = configs?[Self.cryptographyAlgorithmsKey] else { return ServerFlowsV4.supportedSuites }
        let names = Set(values.compactMap { if case .string(let name) = $0 { name } else { nil } })
        return ServerFlowsV4.supportedSuites.filter { names.contains($0.rawValue) }
    }

    /// The P-384 master key of protocol 4.0, if the application has one.
    package func masterSigningKeyP384() throws(PowerAuthError) -> NISTP384.PrivateKey? {
        guard let masterPrivateKeyP384 else { return nil }
        do {
            return try NISTP384.PrivateKey(rawRepresentation: masterPrivateKeyP384)
        } catch {
            throw PowerAuthError(.activationFile, "masterPrivateKeyP384: \(error.reason)")
        }
    }

    /// Makes an application.
    public init(
        applicationId: String, masterPrivateKey: Data, masterPublicKey: Data, roles: [String] = [],
        versions: [Version]
    ) {
        self.formatVersion = Self.currentFormatVersion
        self.kind = "application"
        self.applicationId = applicationId
        self.masterPrivateKey = masterPrivateKey
        self.masterPublicKey = masterPublicKey
        self.roles = roles
        self.versions = versions
    }

    /// An application with a fresh master key pair and one version (`versionId`) with fresh credentials.
    public static func generate(applicationId: String, versionId: String? = "default") -> ServerApplication {
        let master = NISTP256.Signing.PrivateKey()
        var application = ServerApplication(
            applicationId: applicationId, masterPrivateKey: master.rawRepresentation,
            masterPublicKey: master.publicKey.x963Representation,
            versions: versionId.map { [Version.generate(applicationVersionId: $0)] } ?? [])
        // A new application has its 4.0 master key from the start, so its SDK configuration carries it (key id 2).
        application.masterPrivateKeyP384 = NISTP384.PrivateKey().rawRepresentation
        return application
    }

    /// The version a mobile SDK should use: the newest supported one.
    public var currentVersion: Version? { versions.last { $0.supported } }

    /// The version with this `APP_KEY`, if any.
    public func version(applicationKey: String) -> Version? {
        versions.first { $0.applicationKey == applicationKey }
    }

    /// The mobile SDK configuration string of a version.
    public func mobileSDKConfiguration(_ version: Version) -> String {
        MobileSDKConfiguration.encode(
            applicationKey: Data(base64Encoded: version.applicationKey) ?? Data(),
            applicationSecret: Data(base64Encoded: version.applicationSecret) ?? Data(),
            masterServerPublicKey: masterPublicKey,
            masterPublicKeyP384: try? masterSigningKeyP384()?.publicKey.x963Representation)
    }

    /// The master signing key (`KEY_SERVER_MASTER_PRIVATE`).
    public func masterSigningKey() throws(PowerAuthError) -> NISTP256.Signing.PrivateKey {
        try PublicKeyDecoding.privateKey(masterPrivateKey, field: "masterPrivateKey")
    }

    /// Checks kind, version, names and key material after reading a file.
    public func validate() throws(PowerAuthError) {
        guard kind == "application" else {
            throw PowerAuthError(.activationFile, "this is not an application file (kind '\(kind)')")
        }
        guard formatVersion == Self.currentFormatVersion else {
            throw PowerAuthError(.activationFile, "unsupported application file formatVersion \(formatVersion)")
        }
        guard !applicationId.isEmpty, applicationId.count <= 255 else {
            throw PowerAuthError(.activationFile, "applicationId must be 1 to 255 characters")
        }
        let privateKey = try masterSigningKey()
        guard privateKey.publicKey.x963Representation == masterPublicKey else {
            throw PowerAuthError(.activationFile, "masterPublicKey does not belong to masterPrivateKey")
        }
        var keys = Set<String>()
        for version in versions {
            for (name, value) in [
                ("applicationKey", version.applicationKey), ("applicationSecret", version.applicationSecret),
            ] {
                guard let bytes = Data(base64Encoded: value), bytes.count == 16 else {
                    throw PowerAuthError(
                        .activationFile, "\(name) of version \(version.applicationVersionId) must be Base64 of 16 bytes"
                    )
                }
            }
            guard keys.insert(version.applicationKey).inserted else {
                throw PowerAuthError(.activationFile, "two versions share one applicationKey")
            }
        }
    }
}

extension ServerApplication: ActivationFileContent {}
