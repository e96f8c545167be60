import DevServer
import Foundation
import MobileTokenAPI
import OfflineOperations
import Testing

/// Issue 29, item 9: a request body with a repeated key is refused (readers disagree on which value wins), not
/// read first-wins: Mobile Token envelopes, admin bodies and back-office `requestObject`s.
@Suite("Request bodies with a repeated key")
struct DuplicateKeyBodyTests {
    @Test func aMobileTokenEnvelopeWithARepeatedKeyIsRefused() async throws {
        let harness = try TestHarness()
        let twice = try await harness.tokenCall(
            EndpointPaths.MobileToken.operationDetail, body: #"{"requestObject":{"id":"a","id":"b"}}"#)
        #expect(twice.status == 400)
        #expect(try TestHarness.errorCode(twice) == "INVALID_REQUEST")
    }

    @Test func anAdminBodyWithARepeatedKeyIsRefused() async throws {
        let harness = try TestHarness()
        let body =
            #"{"name":"authorize_payment","name":"other","data":"A1*A100CZK*Q238400856/0300**D20190629*NUtility","#
            + #""title":"T","message":"M"}"#
        let response = await harness.admin("POST", "/admin/operations", body)
        #expect(response.status == 400, "\(String(decoding: response.body, as: UTF8.self))")
        let listed = try #require(
            try TestHarness.json(await harness.admin("GET", "/admin/operations"))["responseObject"] as? [Any])
        #expect(listed.isEmpty)
    }

    @Test func aBackOfficeRequestObjectWithARepeatedKeyIsRefused() async throws {
        let harness = try TestHarness()
        let response = await harness.rest(
            "application/create", #"{"requestObject":{"applicationId":"one","applicationId":"two"}}"#)
        #expect(response.status != 200, "\(String(decoding: response.body, as: UTF8.self))")
        #expect(try TestHarness.json(response)["status"] as? String == "ERROR")
    }
}
