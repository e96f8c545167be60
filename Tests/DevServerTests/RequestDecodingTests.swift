import DevServer
import Foundation
import MobileTokenAPI
import OfflineOperations
import Testing

/// The typed request bodies answer the INVALID_REQUEST messages the field-by-field reader answered.
@Suite("Typed request bodies: the same 400 answers for bad bodies")
struct RequestDecodingTests {
    static func message(_ response: TestResponse) throws -> String? {
        let object = try TestHarness.json(response)
        return (object["responseObject"] as? [String: Any])?["message"] as? String
    }

    @Test(
        "detail: body, envelope and field problems are named",
        arguments: [
            ("not json", "the request body is not JSON"),
            ("[1]", "the request body is not a JSON object"),
            ("null", "the request body is not a JSON object"),
            ("", "the request has no requestObject"),
            ("{}", "the request has no requestObject"),
            (#"{"requestObject":null}"#, "requestObject is not an object"),
            (#"{"requestObject":5}"#, "requestObject is not an object"),
            (#"{"requestObject":{}}"#, "requestObject.id is missing or not a string"),
            (#"{"requestObject":{"id":5}}"#, "requestObject.id is missing or not a string"),
            (#"{"requestObject":{"id":""}}"#, "requestObject.id is missing or not a string"),
        ])
    func detail(body: String, expected: String) async throws {
        let harness = try TestHarness()
        let response = try await harness.tokenCall(EndpointPaths.MobileToken.operationDetail, body: body)
        #expect(response.status == 400)
        #expect(try TestHarness.errorCode(response) == "INVALID_REQUEST")
        #expect(try Self.message(response) == expected)
    }

    @Test("authorize: id is checked before data; data must be a string")
    func authorize() async throws {
        var harness = try TestHarness()
        let id = try await harness.createOperation()
        let noData = try await harness.signedCall(
            EndpointPaths.MobileToken.operationAuthorize, uriId: "/operation/authorize",
            body: #"{"requestObject":{"id":"\#(id)","data":1}}"#)
        #expect(try Self.message(noData) == "requestObject.data is missing or not a string")
        let neither = try await harness.signedCall(
            EndpointPaths.MobileToken.operationAuthorize, uriId: "/operation/authorize",
            body: #"{"requestObject":{"data":1}}"#)
        #expect(try Self.message(neither) == "requestObject.id is missing or not a string")
    }

    @Test("admin: a wrapped or plain body; members of the wrong type fall back to the defaults")
    func admin() async throws {
        let harness = try TestHarness()
        let plain = await harness.admin(
            "POST", "/admin/operations", #"{"data":"A1*A100CZK","title":5,"expiresIn":"x"}"#)
        #expect(plain.status == 200)
        let view = try #require(TestHarness.json(plain)["responseObject"] as? [String: Any])
        let operation = try #require(view["operation"] as? [String: Any])
        let formData = try #require(operation["formData"] as? [String: Any])
        #expect(formData["title"] as? String == "Confirm operation")
        let wrapped = await harness.admin("POST", "/admin/operations", #"{"requestObject":{"data":"A1*A200CZK"}}"#)
        #expect(wrapped.status == 200)
        let notObject = await harness.admin("POST", "/admin/operations", "[]")
        #expect(try Self.message(notObject) == "the request body is not a JSON object")
        let noData = await harness.admin("POST", "/admin/operations", #"{"requestObject":{"data":7}}"#)
        #expect(try Self.message(noData) == "data (the operation data string) is required")
    }
}
