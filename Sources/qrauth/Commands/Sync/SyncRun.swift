import OperationsSync

/// Runs a body with a client and always shuts the HTTP client down; a clock offset learnt while making the token is
/// kept in the device file (and reported when large).
enum SyncRun {
    static func with<T: Sendable>(
        _ options: SyncConnectionOptions, password: String?, _ body: (MobileTokenClient) async throws -> T
    ) async throws -> T {
        let (client, http, clock) = try await options.makeClient(password: password)
        do {
            let result = try await body(client)
            await http.shutdown()
            EnrollmentRun.report(clock, device: options.activation)
            return result
        } catch {
            await http.shutdown()
            EnrollmentRun.report(clock, device: options.activation)
            throw error
        }
    }
}
