import HTTPTypes
import Hummingbird
import MobileTokenAPI

/// The inbox, push registration and activation spawn routes (Mobile Token API) and their admin routes.
extension DevServerRoutes {
    /// `/api/inbox/*`, `/api/push/device/register[/token]`, `/api/activation/code` (POST only).
    static func addInboxPushAndSpawnRoutes(_ group: RouterGroup<DevServerContext>, _ server: DevServer) {
        let paths = EndpointPaths.MobileToken.self
        on(group, .post, paths.inboxCount, server) { request, _ throws(APIFailure) in try server.inboxCount(request) }
        on(group, .post, paths.inboxMessageList, server) { request, _ throws(APIFailure) in
            try server.inboxList(request)
        }
        on(group, .post, paths.inboxMessageDetail, server) { request, _ throws(APIFailure) in
            try server.inboxDetail(request)
        }
        on(group, .post, paths.inboxMessageRead, server) { request, _ throws(APIFailure) in
            try server.inboxRead(request)
        }
        on(group, .post, paths.inboxMessageReadAll, server) { request, _ throws(APIFailure) in
            try server.inboxReadAll(request)
        }
        on(group, .post, paths.pushRegisterToken, server) { request, _ throws(APIFailure) in
            try server.registerPush(request, signed: false)
        }
        on(group, .post, paths.pushRegister, server) { request, _ throws(APIFailure) in
            try server.registerPush(request, signed: true)
        }
        on(group, .post, paths.activationCode, server) { request, _ throws(APIFailure) in
            try await server.activationSpawnCode(request)
        }
    }

    /// `POST|GET /admin/inbox`, `GET /admin/push` (behind the admin gate).
    static func addInboxAndPushAdminRoutes(_ group: RouterGroup<DevServerContext>, _ server: DevServer) {
        on(group, .post, "/admin/inbox", server) { request, _ throws(APIFailure) in
            try server.createInboxMessage(server.adminRequest(request, as: CreateInboxMessageRequest.self))
        }
        on(group, .get, "/admin/inbox", server) { request, _ in server.listAdminInbox(request) }
        on(group, .get, "/admin/push", server) { request, _ in server.listPushRegistrations(request) }
    }
}
