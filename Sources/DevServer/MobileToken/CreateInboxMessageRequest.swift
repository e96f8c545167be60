import MobileTokenAPI

/// `POST /admin/inbox`: a message for a user's inbox (docs/serve.md lists the fields). Members of the wrong type
/// read as absent, as in every admin body.
struct CreateInboxMessageRequest: AdminRequestBody {
    var userId: String?
    var activationId: String?
    var subject: String?
    var summary: String?
    var body: String?
    var type: String?

    init(_ members: AdminMembers) {
        userId = members.string("userId")
        activationId = members.string("activationId")
        subject = members.string("subject")
        summary = members.string("summary")
        body = members.string("body")
        type = members.string("type")
    }
}
