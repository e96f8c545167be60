import Foundation
import OfflineOperations
import QRAuthEncoding
import Testing

@testable import MobileTokenAPI

@Suite("Back-office REST bodies: the spec's examples decode and encode with the model classes' field names")
struct BackOfficeBodiesTests {
    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func payload<T: Decodable & Sendable>(_ type: T.Type, _ json: String) throws -> T {
        let envelope = try decode(ResponseEnvelope<T>.self, json)
        guard case .ok(let payload) = envelope.outcome else { throw CocoaError(.coderReadCorrupt) }
        return payload
    }

    @Test("activation/init: the §5.3 sample request encodes exactly, its answer decodes")
    func activationInit() throws {
        let request = RequestEnvelope(
            requestObject: BackOffice.InitActivationRequest(
                userId: "alice", applicationId: "demo-app", commitPhase: .onCommit))
        #expect(
            try Self.encode(request)
                == #"{"requestObject":{"applicationId":"demo-app","commitPhase":"ON_COMMIT","userId":"alice"}}"#)
        let answer = try Self.payload(
            BackOffice.InitActivationResponse.self,
            #"{"status":"OK","responseObject":{"activationId":"a-1","activationCode":"VVVVV-VVVVV-VVVVV-VTFVA","#
                + #""activationSignature":"MEUCIQ==","userId":"alice","applicationId":"demo-app"}}"#)
        #expect(answer.activationCode == "VVVVV-VVVVV-VVVVV-VTFVA")
        #expect(answer.userId == "alice" && answer.applicationId == "demo-app" && answer.activationId == "a-1")
    }

    @Test("an error envelope keeps the ERR code, message and localizedMessage; unknown codes are preserved")
    func errorEnvelope() throws {
        let json =
            #"{"status":"ERROR","responseObject":{"code":"ERR0008","message":"Incorrect activation state.","#
            + #""localizedMessage":"Incorrect activation state."}}"#
        let envelope = try Self.decode(ResponseEnvelope<BackOffice.CommitActivationResponse>.self, json)
        guard case .error(let body) = envelope.outcome else {
            Issue.record("not an error")
            return
        }
        #expect(body.backOfficeCode == .activationIncorrectState)
        #expect(body.message == "Incorrect activation state.")
        #expect(body.localizedMessage == "Incorrect activation state.")
        #expect(BackOfficeErrorCode(code: "ERR0099") == .other("ERR0099"))
        #expect(BackOfficeErrorCode(code: "ERR0099").code == "ERR0099")
        #expect(
            BackOfficeErrorCode.notFound.httpStatus == 404 && BackOfficeErrorCode.operationNotFound.httpStatus == 400)
        let body2 = ServerErrorBody(.activationNotFound)
        #expect(
            try Self.encode(ResponseEnvelope<EmptyPayload>(.error(body2)))
                == #"{"responseObject":{"code":"ERR0009","localizedMessage":"Activation with given activation ID "#
                + #"was not found.","message":"Activation with given activation ID was not found."},"status":"ERROR"}"#)
    }

    @Test("every known code round-trips through its wire spelling", arguments: BackOfficeErrorCode.known)
    func codeRoundTrip(code: BackOfficeErrorCode) throws {
        #expect(BackOfficeErrorCode(code: code.code) == code)
        #expect(try Self.decode(BackOfficeErrorCode.self, try Self.encode(code)) == code)
        #expect(code.code.hasPrefix("ERR"))
    }

    @Test("the §5.7 codes map to their meanings")
    func codeTable() {
        let expected: [(String, BackOfficeErrorCode)] = [
            ("ERR0007", .activationExpired), ("ERR0009", .activationNotFound), ("ERR0011", .invalidInputFormat),
            ("ERR0015", .invalidApplication), ("ERR0024", .invalidRequest), ("ERR0031", .invalidActivationOTP),
            ("ERR0033", .operationTemplateNotFound), ("ERR0034", .operationNotFound),
            ("ERR0036", .operationInvalidState), ("ERR0039", .operationTemplateAlreadyExists),
            ("ERR0041", .operationError), ("ERR0045", .missingTemporaryKey),
            ("ERROR_HTTP_REQUEST", .httpRequest), ("ERROR_NOT_FOUND", .notFound),
        ]
        for (text, code) in expected { #expect(BackOfficeErrorCode(code: text) == code) }
    }

    @Test("application detail carries the mobileSdkConfig of each version")
    func applicationDetail() throws {
        let detail = try Self.payload(
            BackOffice.GetApplicationDetailResponse.self,
            #"{"status":"OK","responseObject":{"applicationId":"demo-app","masterPublicKey":"BAAA","#
                + #""applicationRoles":[],"versions":[{"applicationVersionId":"default","applicationKey":"a2V5","#
                + #""applicationSecret":"c2VjcmV0","mobileSdkConfig":"ARDD","supported":true}]}}"#)
        #expect(detail.versions.first?.mobileSdkConfig == "ARDD")
        #expect(detail.versions.first?.supported == true)
        let list = try Self.payload(
            BackOffice.GetApplicationListResponse.self,
            #"{"status":"OK","responseObject":{"applications":[{"applicationId":"demo-app","applicationRoles":[]}]}}"#)
        #expect(list.applications.map(\.applicationId) == ["demo-app"])
    }

    @Test("activation status reads every §5.3 field, nulls as nil")
    func activationStatus() throws {
        let status = try Self.payload(
            BackOffice.GetActivationStatusResponse.self,
            #"{"status":"OK","responseObject":{"activationId":"a-1","activationStatus":"PENDING_COMMIT","#
                + #""activationOtpValidation":"NONE","commitPhase":"ON_COMMIT","blockedReason":null,"#
                + #""activationName":"phone","userId":"alice","extras":null,"protocol":"powerauth","#
                + #""externalId":null,"platform":"ios","deviceInfo":"iPhone","applicationId":"demo-app","#
                + #""failedAttempts":0,"maxFailedAttempts":5,"timestampCreated":"2025-01-01T12:00:00.000+00:00","#
                + #""timestampLastUsed":"2025-01-01T12:00:00.000+00:00","#
                + #""timestampLastChange":"2025-01-01T12:00:01.000+00:00","encryptedStatusBlob":null,"#
                + #""encryptedStatusBlobNonce":null,"activationCode":null,"activationSignature":null,"#
                + #""devicePublicKeyFingerprint":"12345678","version":3,"activationFlags":[],"applicationRoles":[]}}"#)
        #expect(status.activationStatus == .pendingCommit && status.commitPhase == .onCommit)
        #expect(status.protocol == "powerauth" && status.maxFailedAttempts == 5 && status.blockedReason == nil)
        #expect(status.devicePublicKeyFingerprint == "12345678")
        #expect(
            status.timestampLastChange.flatMap(BackOffice.date)
                == Date(timeIntervalSince1970: 1_735_732_801))
    }

    @Test("timestamps are written in the Java server's style and read back")
    func timestamps() {
        let date = Date(timeIntervalSince1970: 1_735_732_800.25)
        #expect(BackOffice.timestamp(date) == "2025-01-01T12:00:00.250+00:00")
        #expect(BackOffice.date("2025-01-01T12:00:00.250+00:00") == date)
        #expect(BackOffice.date("2025-01-01T12:00:00Z") == Date(timeIntervalSince1970: 1_735_732_800))
    }

    @Test("template create uses proximityCheckEnabled and upper-case signature types")
    func templateCreate() throws {
        let request = BackOffice.OperationTemplateCreateRequest(
            templateName: "login", operationType: "login", dataTemplate: "A2*R${party}",
            signatureType: [.possessionKnowledge, .possessionBiometry], maxFailureCount: 5, expiration: 300,
            proximityCheckEnabled: false)
        #expect(
            try Self.encode(RequestEnvelope(requestObject: request))
                == #"{"requestObject":{"dataTemplate":"A2*R${party}","expiration":300,"maxFailureCount":5,"#
                + #""operationType":"login","proximityCheckEnabled":false,"#
                + #""signatureType":["POSSESSION_KNOWLEDGE","POSSESSION_BIOMETRY"],"templateName":"login"}}"#)
        let list = try Self.payload(
            BackOffice.OperationTemplateListResponse.self,
            #"{"status":"OK","responseObject":[{"id":1,"templateName":"login","operationType":"login","#
                + #""dataTemplate":"A2","signatureType":["POSSESSION"],"maxFailureCount":5,"expiration":300,"#
                + #""riskFlags":null,"proximityCheckEnabled":true}]}"#)
        #expect(list.count == 1 && list[0].signatureType == [.possession] && list[0].proximityCheckEnabled)
    }

    @Test("operation create and detail: applications[], parameters, additionalData, status")
    func operations() throws {
        let create = BackOffice.OperationCreateRequest(
            userId: "alice", applications: ["demo-app"], templateName: "payment",
            parameters: ["amount": "100", "currency": "CZK"], additionalData: ["channel": .string("web")])
        #expect(
            try Self.encode(RequestEnvelope(requestObject: create))
                == #"{"requestObject":{"additionalData":{"channel":"web"},"applications":["demo-app"],"#
                + #""parameters":{"amount":"100","currency":"CZK"},"templateName":"payment","userId":"alice"}}"#)
        let detail = try Self.payload(
            BackOffice.OperationDetailResponse.self,
            #"{"status":"OK","responseObject":{"id":"op-1","userId":"alice","applications":["demo-app"],"#
                + #""externalId":null,"activationFlag":null,"operationType":"authorize_payment","#
                + #""templateName":"payment","data":"A1*A100CZK","parameters":{"amount":"100"},"additionalData":{},"#
                + #""status":"APPROVED","statusReason":null,"signatureType":["POSSESSION_KNOWLEDGE"],"#
                + #""failureCount":0,"maxFailureCount":5,"timestampCreated":"2025-01-01T12:00:00.000+00:00","#
                + #""timestampExpires":"2025-01-01T12:05:00.000+00:00","#
                + #""timestampFinalized":"2025-01-01T12:01:00.000+00:00","riskFlags":null,"proximityOtp":null,"#
                + #""activationId":null}}"#)
        #expect(detail.status == .approved && detail.applications == ["demo-app"] && detail.data == "A1*A100CZK")
        let action = try Self.decode(
            BackOffice.OperationUserActionResponse.self,
            #"{"result":"APPROVED","operation":"# + (try Self.encode(detail)) + "}")
        #expect(action.result == .approved && action.operation == detail)
        #expect(
            try Self.encode(BackOffice.OperationListForUserRequest(userId: "alice", applications: ["demo-app"]))
                == #"{"applications":["demo-app"],"userId":"alice"}"#)
    }

    @Test("offline create (personalized with proximity, non-personalized) and verify use the model names")
    func offline() throws {
        let personalized = BackOffice.CreatePersonalizedOfflineSignaturePayloadRequest(
            activationId: "a-1", data: "op\ntitle\nmessage\nA1*A100CZK\nB",
            proximityCheck: BackOffice.OfflineProximityCheck(seed: "c2VlZA==", stepLength: 30))
        #expect(
            try Self.encode(personalized)
                == #"{"activationId":"a-1","data":"op\ntitle\nmessage\nA1*A100CZK\nB","#
                + #""proximityCheck":{"seed":"c2VlZA==","stepLength":30}}"#)
        #expect(
            try Self.encode(
                BackOffice.CreateNonPersonalizedOfflineSignaturePayloadRequest(applicationId: "demo-app", data: "x"))
                == #"{"applicationId":"demo-app","data":"x"}"#)
        let verify = BackOffice.VerifyOfflineSignatureRequest(
            activationId: "a-1", data: "POST&L29w&bm9uY2U=&Ym9keQ==", signature: "12345678-87654321",
            allowBiometry: false)
        #expect(try Self.encode(verify).contains(#""allowBiometry":false"#))
        let answer = try Self.payload(
            BackOffice.VerifyOfflineSignatureResponse.self,
            #"{"status":"OK","responseObject":{"signatureValid":false,"activationStatus":"ACTIVE","#
                + #""blockedReason":null,"activationId":"a-1","userId":"alice","applicationId":"demo-app","#
                + #""signatureType":"POSSESSION_KNOWLEDGE","remainingAttempts":4,"applicationRoles":[],"#
                + #""activationFlags":[]}}"#)
        #expect(!answer.signatureValid && answer.remainingAttempts == 4 && answer.activationStatus == .active)
        let payload = try Self.payload(
            BackOffice.OfflineSignaturePayloadResponse.self,
            #"{"status":"OK","responseObject":{"offlineData":"x\nbm9uY2U=\n1MEU=","nonce":"bm9uY2U="}}"#)
        #expect(payload.nonce == "bm9uY2U=")
    }

    @Test("every body round-trips through its own encoding")
    func roundTrips() throws {
        let status = BackOffice.BlockActivationResponse(
            activationId: "a", activationStatus: .blocked, blockedReason: "NOT_SPECIFIED")
        #expect(try Self.decode(BackOffice.BlockActivationResponse.self, try Self.encode(status)) == status)
        let list = BackOffice.GetActivationListForUserResponse(
            userId: "alice",
            activations: [
                BackOffice.ActivationSummary(activationId: "a", activationStatus: .active, protocol: "powerauth")
            ])
        #expect(try Self.decode(BackOffice.GetActivationListForUserResponse.self, try Self.encode(list)) == list)
        #expect(try Self.encode(RequestEnvelope(requestObject: EmptyPayload())) == #"{"requestObject":{}}"#)
        #expect(BackOffice.Endpoint.activationInit.rawValue == "/v3/activation/init")
    }

    @Test("the one SignatureType is written upper-cased in back-office bodies and lower-cased elsewhere")
    func signatureTypeSpelling() throws {
        for type in SignatureType.allCases {
            #expect(SignatureType(backOfficeName: type.backOfficeName) == type)
            #expect(type.backOfficeName == type.rawValue.uppercased())
        }
        #expect(SignatureType(backOfficeName: "possession_knowledge") == nil)
        let valid = BackOffice.VerifyOfflineSignatureResponse(signatureValid: true, signatureType: .possessionBiometry)
        #expect(try Self.encode(valid) == #"{"signatureType":"POSSESSION_BIOMETRY","signatureValid":true}"#)
        #expect(try Self.encode(valid.signatureType) == #""possession_biometry""#)
        let invalid = BackOffice.VerifyOfflineSignatureResponse(signatureValid: false)
        #expect(try Self.encode(invalid) == #"{"signatureValid":false}"#)
        let missing = try Self.decode(BackOffice.VerifyOfflineSignatureResponse.self, #"{"signatureValid":false}"#)
        #expect(missing.signatureType == nil)
        let null = try Self.decode(
            BackOffice.VerifyOfflineSignatureResponse.self, #"{"signatureValid":false,"signatureType":null}"#)
        #expect(null.signatureType == nil)
        #expect(throws: DecodingError.self) {
            try Self.decode(
                BackOffice.VerifyOfflineSignatureResponse.self,
                #"{"signatureValid":true,"signatureType":"possession"}"#)
        }
        #expect(throws: DecodingError.self) {
            try Self.decode(
                BackOffice.OperationApproveRequest.self,
                #"{"operationId":"o","userId":"u","applicationId":"a","data":"d","signatureType":"PIN"}"#)
        }
        let approve = try Self.decode(
            BackOffice.OperationApproveRequest.self,
            #"{"operationId":"o","userId":"u","applicationId":"a","data":"d","signatureType":"POSSESSION"}"#)
        #expect(approve.signatureType == .possession)
        #expect(try Self.encode(approve).contains(#""signatureType":"POSSESSION""#))
    }

    @Test("allowedSignatureType variants are SignatureTypes; a variant without possession fails the decode")
    func allowedSignatureTypeVariants() throws {
        let allowed = try Self.decode(
            AllowedSignatureType.self, #"{"type":"2FA","variants":["possession_knowledge","possession_biometry"]}"#)
        #expect(allowed == .twoFactorKnowledgeOrBiometry)
        #expect(
            try Self.encode(allowed) == #"{"type":"2FA","variants":["possession_knowledge","possession_biometry"]}"#)
        for variant in ["knowledge", "possession_knowledge_biometry", "POSSESSION"] {
            #expect(throws: DecodingError.self) {
                try Self.decode(AllowedSignatureType.self, #"{"type":"2FA","variants":["\#(variant)"]}"#)
            }
        }
    }
}
