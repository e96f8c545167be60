import MobileTokenAPI

extension MobileTokenClient {
    /// Polls the pending operations (`operations()`, so polls share requests with other callers).
    public nonisolated func polling(_ configuration: PollingConfiguration = PollingConfiguration()) -> OperationsPolling
    {
        OperationsPolling(configuration: configuration) { () async throws(MobileTokenError) -> [UserOperation] in
            try await self.operations()
        }
    }
}
