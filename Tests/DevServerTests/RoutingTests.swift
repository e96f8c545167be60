import DevServer
import Foundation
import MobileTokenAPI
import OfflineOperations
import Testing

/// Hummingbird's router picks the endpoint; what no route matches answers as the hand dispatch did.
@Suite("Routing: endpoints, path parameters and the 404 answers")
struct RoutingTests {
    static func answer(_ response: TestResponse) throws -> (code: String?, message: String?) {
        let object = try TestHarness.json(response)
        let body = object["responseObject"] as? [String: Any]
        return (body?["code"] as? String, body?["message"] as? String)
    }

    @Test("unmatched paths and methods")
    func unmatched() async throws {
        let harness = try TestHarness()
        let get = await harness.server.respond(
            to: TestRequest(method: "GET", path: EndpointPaths.MobileToken.operationList))
        #expect(get.status == 404)
        #expect(
            try Self.answer(get).message
                == "no GET endpoint /api/auth/token/app/operation/list; the Mobile Token API uses POST")
        let unknown = await harness.server.respond(to: TestRequest(method: "POST", path: "/api/nope"))
        #expect(try Self.answer(unknown) == ("ERROR_NOT_FOUND", "no such endpoint: /api/nope"))
        let adminMethod = await harness.admin("DELETE", "/admin/operations")
        #expect(adminMethod.status == 404)
        #expect(try Self.answer(adminMethod).message == "no admin endpoint DELETE /admin/operations")
        let noInit = await harness.server.respond(to: TestRequest(method: "GET", path: "/app/init"))
        #expect(try Self.answer(noInit) == ("ERROR_NOT_FOUND", "no fingerprint list is served"))
    }

    @Test("the admin API answers only when enabled")
    func adminDisabled() async throws {
        let harness = try TestHarness(admin: false)
        let response = await harness.admin("POST", "/admin/operations", #"{"data":"A1*A100CZK"}"#)
        #expect(response.status == 404)
        #expect(try Self.answer(response) == ("ERROR_NOT_FOUND", "no such endpoint: /admin/operations"))
    }

    @Test("path parameters reach the handler")
    func pathParameters() async throws {
        let harness = try TestHarness()
        let id = try await harness.createOperation()
        let found = await harness.admin("GET", "/admin/operations/\(id)")
        #expect(found.status == 200)
        let missing = await harness.admin("POST", "/admin/operations/nope/cancel")
        #expect(try Self.answer(missing) == ("INVALID_OPERATION", "no operation nope"))
        let canceled = await harness.admin("POST", "/admin/operations/\(id)/cancel")
        #expect(canceled.status == 200)
    }
}
