import OfflineOperations

extension OfflineOperationError: ReportableError {
    /// Every offline operation or PAC problem is malformed input (exit 4).
    var exitStatus: ExitStatus { .malformed }

    var message: String { reason }

    /// The library's stable code (`domain.snake_case`), the `code` of the `--json` error object.
    var errorCode: String { code.rawValue }
}
