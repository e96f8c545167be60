public import MobileTokenAPI

extension MobileTokenClient {
    /// How many inbox messages are unread (`inbox/count`, token).
    public func inboxCount() async throws(MobileTokenError) -> Int {
        try await send(
            MobileTokenEndpoints.inboxCount, requestObject: EmptyRequest?.none, expecting: InboxCount.self
        ).countUnread
    }

    /// One page of inbox messages, newest first (`inbox/message/list`, token).
    public func inboxMessages(
        _ request: InboxListRequest = InboxListRequest()
    ) async throws(MobileTokenError) -> [InboxMessage] {
        try await send(MobileTokenEndpoints.inboxMessageList, requestObject: request, expecting: [InboxMessage].self)
    }

    /// One message with its body (`inbox/message/detail`, token); the answer may be an object or an array of one.
    public func inboxMessage(id: String) async throws(MobileTokenError) -> InboxMessageDetail {
        try await send(
            MobileTokenEndpoints.inboxMessageDetail, requestObject: OperationIdRequest(id: id),
            expecting: InboxMessageDetail.self)
    }

    /// Marks one message read (`inbox/message/read`, token).
    public func markInboxMessageRead(id: String) async throws(MobileTokenError) {
        let _: EmptyPayload = try await send(
            MobileTokenEndpoints.inboxMessageRead, requestObject: OperationIdRequest(id: id))
    }

    /// Marks every message read (`inbox/message/read-all`, token).
    public func markAllInboxMessagesRead() async throws(MobileTokenError) {
        let _: EmptyPayload = try await send(
            MobileTokenEndpoints.inboxMessageReadAll, requestObject: EmptyRequest?.none)
    }
}
