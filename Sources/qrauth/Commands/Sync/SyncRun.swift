import OperationsSync

/// Runs a body with a client and always shuts the HTTP client down.
enum SyncRun {
    static func with<T: Sendable>(
        _ options: SyncConnectionOptions, password: String?, _ body: (MobileTokenClient) async throws -> T
    ) async throws -> T {
        let (client, http) = try await options.makeClient(password: password)
        do {
            let result = try await body(client)
            await http.shutdown()
            return result
        } catch {
            await http.shutdown()
            throw error
        }
    }
}
