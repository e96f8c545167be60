import OperationsSync

/// A token-authenticated leaf command (`sync`, `inbox`, `push`): `--json` comes from its connection options, and
/// `show` makes one call and prints the result as one JSON document or as lines for people.
protocol SyncCallCommand: OutputCommand, JSONOutputCommand {
    var connection: SyncConnectionOptions { get }
}

extension SyncCallCommand {
    var json: Bool { connection.json }

    /// Calls the server once (see `SyncRun.with`), then prints `document(result)` with `--json`, else `lines(result)`.
    func show<Result: Sendable, Document: Encodable>(
        _ call: (MobileTokenClient) async throws -> Result,
        json document: (Result) -> Document,
        lines: (Result) -> [String]
    ) async throws {
        let result = try await SyncRun.with(connection, call)
        if connection.json {
            try JSONOutput.document(document(result))
        } else {
            lines(result).forEach { print($0) }
        }
    }
}
