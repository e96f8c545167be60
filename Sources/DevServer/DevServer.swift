package import FoundationEssentials
import HTTPTypes
import Hummingbird
public import Logging
import MobileTokenAPI
import NIOCore
import PowerAuth
import QRAuthEncoding

/// The local Mobile Token API + fingerprint endpoint emulator: its state and the handlers of every area;
/// `DevServerRoutes` is its Hummingbird router; `DevServerApplication` puts it on a socket.
public struct DevServer: Sendable {
    /// The token timestamp window: 2 h into the past, 30 min into the future (PowerAuth defaults).
    public static let tokenPastValidityMillis: Int64 = 7_200_000
    /// See `tokenPastValidityMillis`.
    public static let tokenFutureValidityMillis: Int64 = 1_800_000
    /// The largest request body accepted.
    public static let maximumBodySize = 1 << 20

    let store: DevServerStore
    let clock: EmulatorClock
    let logger: Logger
    /// Whether `/admin/...` answers.
    public let adminEnabled: Bool
    /// The `/app/init` configuration, when fingerprints are served.
    public let pinning: PinningConfiguration?
    /// The back-office REST API (`/rest/v3/...`) configuration; nil: off (404), as `--admin` is.
    public let backOffice: BackOfficeConfiguration?

    /// The server-side activation lifecycle every area shares.
    package let activations: ActivationService
    /// The areas, each with its routes: the Mobile Token API, `/pa/v3` and `/pa/v4`, `/app/init`, `/admin`, `/rest/v3`.
    let mobileTokenService: MobileTokenService
    let enrollmentService: EnrollmentService
    let pinningService: PinningService
    let adminService: AdminService
    let backOfficeService: BackOfficeService

    /// Makes a server over `state`; `statePath` (when given) is rewritten after every change. `limits`
    /// bound what it keeps (docs/serve.md, "Bounds").
    public init(
        state: DevServerState, statePath: String? = nil, adminEnabled: Bool = false,
        pinning: PinningConfiguration? = nil, backOffice: BackOfficeConfiguration? = nil,
        clock: EmulatorClock = .system, limits: DevServerLimits = .standard,
        logger: Logger = Logger(label: "qrauth.serve")
    ) {
        let store = DevServerStore(
            state: state, statePath: statePath, clock: clock, limits: limits, logger: logger)
        self.store = store
        self.clock = clock
        self.logger = logger
        self.adminEnabled = adminEnabled
        self.pinning = pinning
        self.backOffice = backOffice
        let authentication = RequestAuthentication(store: store, clock: clock, logger: logger)
        activations = ActivationService(store: store, clock: clock)
        enrollmentService = EnrollmentService(
            store: store, clock: clock, logger: logger, authentication: authentication, activations: activations)
        mobileTokenService = MobileTokenService(
            store: store, clock: clock, authentication: authentication, enrollment: enrollmentService)
        pinningService = PinningService(pinning: pinning, clock: clock)
        adminService = AdminService(store: store, clock: clock, activations: activations)
        backOfficeService = BackOfficeService(
            store: store, clock: clock, logger: logger, activations: activations, backOffice: backOffice)
    }

    /// The application's P-384 master public key for a 4.0 device's configuration (made on first use); nil for an
    /// unknown application.
    package func masterPublicKeyP384(_ applicationId: String) -> Data? {
        enrollmentService.masterPublicKeyP384(applicationId)
    }

    /// What the server keeps.
    public var limits: DevServerLimits { store.limits }

    /// A copy of the current state.
    package var state: DevServerState { store.snapshot }

    /// Writes the state file (if any) now; called at shutdown.
    public func flush() throws(DevServerError) {
        do {
            try store.flush()
        } catch {
            throw DevServerError(.persistence, "cannot write the state file \(store.statePath ?? "")")
        }
    }

    /// `text` with control and format characters (escape sequences, bidi overrides) replaced by `?`.
    package static func loggable(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    switch scalar.properties.generalCategory {
                    case .control, .format, .lineSeparator, .paragraphSeparator: "?"
                    default: scalar
                    }
                }))
    }
}
