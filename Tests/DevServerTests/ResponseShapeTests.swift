import DevServer
import Foundation
import MobileTokenAPI
import OfflineOperations
import QRAuthTestSupport
import Testing

@Suite("Response shapes match the enrollment-server samples")
struct ResponseShapeTests {
    static func fixture(_ name: String) throws -> [String: Any] {
        let data = try SharedFixtures.data(name, in: Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("detail: same envelope keys, same operation keys, same date format")
    func detailShape() async throws {
        let harness = try TestHarness()
        let id = try await harness.createOperation()
        let ours = try TestHarness.json(
            await harness.tokenCall(
                EndpointPaths.MobileToken.operationDetail, body: #"{"requestObject":{"id":"\#(id)"}}"#))
        let sample = try Self.fixture("server_doc_get_operation_detail_response.json")
        #expect(Set(ours.keys) == Set(sample.keys).union(["currentTimestamp"]))
        let operation = try #require(ours["responseObject"] as? [String: Any])
        let sampleOperation = try #require(sample["responseObject"] as? [String: Any])
        #expect(Set(operation.keys) == Set(sampleOperation.keys))
        let created = try #require(operation["operationCreated"] as? String)
        let sampleCreated = try #require(sampleOperation["operationCreated"] as? String)
        #expect(created.count == sampleCreated.count)
        #expect(created.hasSuffix("+0000"))
        #expect(created == OperationTimestamp.formatServerStyle(harness.clock.now))
        let formData = try #require(operation["formData"] as? [String: Any])
        #expect(Set(formData.keys) == ["title", "message", "attributes"])
        let signature = try #require(operation["allowedSignatureType"] as? [String: Any])
        #expect(signature["type"] as? String == "2FA")
    }

    @Test("error envelope: the sample's keys")
    func errorShape() async throws {
        let harness = try TestHarness()
        let ours = try await TestHarness.json(
            harness.server.respond(to: TestRequest(method: "POST", path: "/nothing")))
        let sample = try Self.fixture("server_doc_error_response_generic.json")
        #expect(Set(ours.keys) == Set(sample.keys))
        let body = try #require(ours["responseObject"] as? [String: Any])
        #expect(Set(body.keys) == ["code", "message"])
    }

    @Test(
        "OperationTimestamp.formatServerStyle formats like the server",
        arguments: [
            (0.0, "1970-01-01T00:00:00+0000"), (1_530_542_593.9, "2018-07-02T14:43:13+0000"),
            (951_782_400, "2000-02-29T00:00:00+0000"), (4_102_444_799, "2099-12-31T23:59:59+0000"),
        ])
    func dates(seconds: Double, expected: String) async {
        #expect(OperationTimestamp.formatServerStyle(Date(timeIntervalSince1970: seconds)) == expected)
    }
}
