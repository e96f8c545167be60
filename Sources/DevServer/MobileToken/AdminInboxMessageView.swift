import FoundationEssentials
import MobileTokenAPI

/// An inbox message as the admin API shows it: the detail the app sees plus whose inbox it is in.
struct AdminInboxMessageView: Encodable {
    var userId: String
    var message: InboxMessageDetail

    init(_ record: InboxMessageRecord) {
        userId = record.userId
        message = record.detail
    }
}
