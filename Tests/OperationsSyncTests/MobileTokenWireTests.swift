import Foundation
import MobileTokenAPI
import OperationsSync
import PowerAuth
import QRAuthEncoding
import Testing

/// The inbox, push, spawn and mobileTokenData wire models: decoding as tolerant as the SDK, encoding exact.
@Suite("Mobile Token wire models: inbox, push, mobileTokenData")
struct MobileTokenWireTests {
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static let message =
        #"{"id":"m1","type":"text","subject":"Hi","summary":"S","read":false,"#
        + #""timestampCreated":"2026-11-27T10:00:00+0000"}"#

    @Test(
        "an inbox message decodes with each server date form",
        arguments: [
            "2026-11-27T10:00:00+0000", "2026-11-27T10:00:00Z", "2026-11-27T11:00:00+01:00",
            "2026-11-27T10:00:00.000Z",
        ])
    func messageDates(_ date: String) throws {
        let text = Self.message.replacingOccurrences(of: "2026-11-27T10:00:00+0000", with: date)
        let message = try JSONDecoder().decode(InboxMessage.self, from: Data(text.utf8))
        #expect(message.timestampCreated == Date(timeIntervalSince1970: 1_795_773_600))
        #expect(message.type == .text && !message.read)
        #expect(
            try Self.json(message)
                == #"{"id":"m1","read":false,"subject":"Hi","summary":"S","timestampCreated":"2026-11-27T10:00:00Z","#
                + #""type":"text"}"#)
    }

    @Test("a message missing a key or with an unknown type fails, as in the SDK")
    func messageStrict() {
        let missing = Self.message.replacingOccurrences(of: #""subject":"Hi","#, with: "")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(InboxMessage.self, from: Data(missing.utf8)) }
        let unknown = Self.message.replacingOccurrences(of: #""type":"text""#, with: #""type":"markdown""#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(InboxMessage.self, from: Data(unknown.utf8)) }
    }

    @Test("the detail reads an object or an array of one, and always writes the object")
    func detailObjectOrArray() throws {
        let object = String(Self.message.dropLast()) + #","body":"<b>x</b>"}"#
        let fromObject = try JSONDecoder().decode(InboxMessageDetail.self, from: Data(object.utf8))
        let fromArray = try JSONDecoder().decode(InboxMessageDetail.self, from: Data("[\(object)]".utf8))
        #expect(fromObject == fromArray)
        #expect(fromObject.body == "<b>x</b>")
        #expect(try Self.json(fromArray).hasPrefix(#"{"body":"<b>x</b>","id":"m1""#))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(InboxMessageDetail.self, from: Data("[]".utf8)) }
    }

    @Test("push registrations encode exactly; environment only when set; legacy platforms map to a service")
    func pushRegistration() throws {
        #expect(
            try Self.json(PushRegistration(platform: .fcm, token: "t1"))
                == #"{"platform":"fcm","token":"t1"}"#)
        #expect(
            try Self.json(PushRegistration(platform: .apns, token: "t2", environment: .development))
                == #"{"environment":"development","platform":"apns","token":"t2"}"#)
        let legacy = try JSONDecoder().decode(
            PushRegistration.self, from: Data(#"{"platform":"huawei","token":"t","environment":null}"#.utf8))
        #expect(legacy.platform == .huawei && legacy.platform.service == .hms && legacy.environment == nil)
        #expect(PushPlatform.ios.service == .apns && PushPlatform.android.service == .fcm)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(PushRegistration.self, from: Data(#"{"platform":"wns","token":"t"}"#.utf8))
        }
    }

    @Test("inbox list and spawn requests encode exactly; a list request without keys takes the defaults")
    func requests() throws {
        #expect(
            try Self.json(InboxListRequest(page: 2, size: 10, onlyUnread: true))
                == #"{"onlyUnread":true,"page":2,"size":10}"#)
        #expect(try JSONDecoder().decode(InboxListRequest.self, from: Data("{}".utf8)) == InboxListRequest())
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(InboxListRequest.self, from: Data(#"{"page":"1"}"#.utf8))
        }
        #expect(
            try Self.json(ActivationCodeRequest(applicationId: "APP2", otp: "1234567890123456"))
                == #"{"applicationId":"APP2","otp":"1234567890123456"}"#)
    }

    @Test("mobileTokenData: visits are recorded under preApprovalScreens, other keys kept, non-objects refused")
    func mobileTokenData() throws {
        var data = try JSONDecoder().decode(MobileTokenData.self, from: Data(#"{"app":{"v":1}}"#.utf8))
        let opened = Date(timeIntervalSince1970: 1_795_773_600)
        data.record(PreApprovalScreenVisit(screen: "warning", timestampOpened: opened))
        data.record(
            PreApprovalScreenVisit(
                screen: "scan", timestampOpened: opened, timestampClosed: opened.addingTimeInterval(5),
                action: .scan))
        #expect(
            try Self.json(data)
                == #"{"app":{"v":1},"preApprovalScreens":[{"screen":"warning","timestampOpened":"2026-11-27T10:00:00Z"},"#
                + #"{"action":"SCAN","screen":"scan","timestampClosed":"2026-11-27T10:00:05Z","#
                + #""timestampOpened":"2026-11-27T10:00:00Z"}]}"#)
        #expect(data.preApprovalScreens.map(\.action) == [nil, .scan])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(MobileTokenData.self, from: Data("[1]".utf8)) }
        let visit = try JSONDecoder().decode(
            PreApprovalScreenVisit.self,
            from: Data(
                #"{"screen":"s","timestampOpened":"2026-11-27T10:00:00+0000","timestampClosed":5,"action":1}"#.utf8))
        #expect(visit.timestampClosed == nil && visit.action == nil)
    }

    @Test("authorize and cancel carry mobileTokenData exactly, and leave the key out without it")
    func requestBodies() throws {
        let data = MobileTokenData(members: ["k": .string("v")])
        #expect(
            try Self.json(RequestEnvelope(requestObject: AuthorizeRequest(id: "1", data: "A2", proximityCheck: nil)))
                == #"{"requestObject":{"data":"A2","id":"1"}}"#)
        #expect(
            try Self.json(
                RequestEnvelope(
                    requestObject: AuthorizeRequest(id: "1", data: "A2", proximityCheck: nil, mobileTokenData: data)))
                == #"{"requestObject":{"data":"A2","id":"1","mobileTokenData":{"k":"v"}}}"#)
        #expect(
            try Self.json(
                RequestEnvelope(requestObject: RejectRequest(id: "1", reason: .unknown, mobileTokenData: data)))
                == #"{"requestObject":{"id":"1","mobileTokenData":{"k":"v"},"reason":"UNKNOWN"}}"#)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                RejectRequest.self, from: Data(#"{"id":"1","reason":"X","mobileTokenData":"text"}"#.utf8))
        }
    }

    @Test("proximity and pre-approval timestamps come from the server-synchronised clock")
    func synchronisedClock() async throws {
        let device = Date(timeIntervalSince1970: 1_795_773_600)
        let pair = try ActivationFactory.create(password: "1234", biometry: true)
        let store = InMemoryActivationStore(pair.device)
        let server = FakeMobileTokenServer(activation: pair.server, signer: PowerAuthRequestSigner(store: store))
        let clock = ServerClock(offsetMillis: 3_600_000, now: { device })
        let client = MobileTokenClient(
            httpClient: server, configuration: MobileTokenConfiguration(now: { device }, serverClock: clock))
        #expect(await client.serverDate() == device.addingTimeInterval(3600))
        // Without a learnt offset the client falls back to the device clock.
        let unsynchronised = MobileTokenClient(
            httpClient: server,
            configuration: MobileTokenConfiguration(now: { device }, serverClock: ServerClock(now: { device })))
        #expect(await unsynchronised.serverDate() == device)

        await server.add(id: "op-1")
        let operation = try #require(try await client.operations().first)
        let check = ProximityCheck(otp: "12345678", type: .qrCode, timestampReceived: device)
        var data = MobileTokenData()
        data.record(PreApprovalScreenVisit(screen: "qr", timestampOpened: await client.serverDate(), action: .scan))
        try await client.authorize(
            operation, authentication: .password("1234"), proximityCheck: check, mobileTokenData: data)
        let authorize = try #require(await server.exchanges.first { $0.path.hasSuffix("/authorize") })
        let body = String(decoding: authorize.body, as: UTF8.self)
        #expect(body.contains(#""timestampSent":"2026-11-27T11:00:00Z""#))
        #expect(
            body.contains(
                #""mobileTokenData":{"preApprovalScreens":[{"action":"SCAN","screen":"qr","#
                    + #""timestampOpened":"2026-11-27T11:00:00Z"}]}"#))
    }
}
