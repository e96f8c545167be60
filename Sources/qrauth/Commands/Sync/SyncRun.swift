import OperationsSync
import PowerAuth

/// Runs a body with a client over the device file opened once for the command: the URL is checked first, then the
/// file is locked and read once, each counter step written once, and a clock offset learnt on the way kept in it
/// (and reported when large); the HTTP client is always shut down.
enum SyncRun {
    /// Runs `body` with the client and the device store it signs through. With `holdingLock` (every command but
    /// `sync watch`, which polls for long and must not keep other commands waiting) the file stays locked throughout.
    static func with<T: Sendable>(
        _ options: SyncConnectionOptions, holdingLock: Bool = true,
        _ body: (MobileTokenClient, ActivationFile<DeviceActivation>) async throws -> T
    ) async throws -> T {
        let configuration = try await options.httpConfiguration()
        let device = ActivationFile<DeviceActivation>(path: options.activation).clientReading
        guard holdingLock else { return try await run(options, configuration, store: device, body) }
        return try await device.withLockHeld { store in try await run(options, configuration, store: store, body) }
    }

    /// Runs `body` with the client alone.
    static func with<T: Sendable>(
        _ options: SyncConnectionOptions, holdingLock: Bool = true, _ body: (MobileTokenClient) async throws -> T
    ) async throws -> T {
        try await with(options, holdingLock: holdingLock) { client, _ in try await body(client) }
    }

    private static func run<T: Sendable>(
        _ options: SyncConnectionOptions, _ configuration: HTTPClientConfiguration,
        store: ActivationFile<DeviceActivation>,
        _ body: (MobileTokenClient, ActivationFile<DeviceActivation>) async throws -> T
    ) async throws -> T {
        let (client, http, clock) = options.makeClient(configuration, store: store)
        let result: Result<T, any Error>
        do {
            result = .success(try await body(client, store))
        } catch {
            result = .failure(error)
        }
        await http.shutdown()
        EnrollmentRun.report(clock, device: store)
        return try result.get()
    }
}
