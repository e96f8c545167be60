/// The one error shape of `--json` output (docs/json.md): `{"code":"file.not_found","message":"…"}`,
/// as the whole document (`{"error":{…}}`) or inside an item (a `scan` line, a `sync watch` event).
struct JSONError: Encodable, Sendable {
    /// A stable `domain.snake_case` identifier.
    let code: String
    /// The one-line human message (the same text as on standard error, not escaped: JSON stays exact).
    let message: String

    init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// The error of anything a command can throw: a `ReportableError`'s code and message, else an internal error.
    init(_ error: any Error) {
        if let error = error as? any ReportableError {
            self.init(code: error.errorCode, message: error.message)
        } else {
            self.init(code: ExitStatus.internalError.errorCode, message: "\(error)")
        }
    }

    /// The whole-document form.
    struct Document: Encodable {
        let error: JSONError
    }
}
