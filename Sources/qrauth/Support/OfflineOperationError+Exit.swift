import OfflineOperations

extension OfflineOperationError: ReportableError {
    /// Every offline operation or PAC problem is malformed input (exit 4).
    var exitStatus: ExitStatus { .malformed }
}
