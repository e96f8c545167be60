import FoundationEssentials
import MobileTokenAPI
import QRAuthEncoding

/// The JSON members of an admin body as typed optionals, read as the admin API always read them: a member of the
/// wrong type is absent (`title: 5` means the default title), and an explicit `null` is kept where the raw value
/// is stored (`ui`).
struct AdminMembers: Decodable {
    private let members: [String: JSONValue]

    init(from decoder: any Decoder) throws {
        guard let container = try? decoder.container(keyedBy: JSONKey.self) else {
            members = [:]
            return
        }
        var members: [String: JSONValue] = [:]
        for key in container.allKeys {
            members[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        self.members = members
    }

    init(_ members: [String: JSONValue]) {
        self.members = members
    }

    func value(_ key: String) -> JSONValue? { members[key] }
    func string(_ key: String) -> String? { members[key]?.stringValue }
    func integer(_ key: String) -> Int64? { members[key]?.integerValue }
}

/// An admin body decoded the admin API's way: its members read through `AdminMembers`.
protocol AdminRequestBody: Decodable {
    init(_ body: AdminMembers)
}

extension AdminRequestBody {
    init(from decoder: any Decoder) throws {
        self.init(try AdminMembers(from: decoder))
    }
}

/// `POST /admin/operations` (docs/serve.md lists the fields).
struct CreateOperationRequest: AdminRequestBody {
    /// `allowedSignatureType` as sent: `type` (required when the object is given) and the variant strings.
    struct AllowedSignatureTypeInput {
        var type: String?
        /// nil when `variants` is absent or not an array; an item that is not a string is refused.
        var variants: [JSONValue]?
    }

    /// `proximityCheck` as sent (any value, even `null`, turns the check on).
    struct ProximityInput {
        var seed: String?
        var step: Int64?
    }

    var id: String?
    var data: String?
    var name: String?
    var template: String?
    var expiresIn: Int64?
    /// `expiresIn` was a number but not a whole seconds count that fits (refused, not defaulted).
    var expiresInOutOfRange = false
    var allowedSignatureType: AllowedSignatureTypeInput?
    var formData: JSONValue?
    var title: String?
    var message: String?
    var attributes: JSONValue?
    var resultTexts: JSONValue?
    var ui: JSONValue?
    var maxFailureCount: Int64?
    var proximityCheck: ProximityInput?
    var activationId: String?

    init(_ body: AdminMembers) {
        id = body.string("id")
        data = body.string("data")
        name = body.string("name")
        template = body.string("template")
        expiresIn = body.integer("expiresIn")
        // A number that is not a whole Int64 (1e27, 2.5) is out of range, not absent: no silent 300 s.
        if expiresIn == nil, case .number? = body.value("expiresIn") { expiresInOutOfRange = true }
        allowedSignatureType = body.value("allowedSignatureType").map { value in
            var variants: [JSONValue]?
            if case .array(let items)? = value["variants"] { variants = items }
            return AllowedSignatureTypeInput(type: value["type"]?.stringValue, variants: variants)
        }
        formData = body.value("formData")
        title = body.string("title")
        message = body.string("message")
        attributes = body.value("attributes")
        resultTexts = body.value("resultTexts")
        ui = body.value("ui")
        maxFailureCount = body.integer("maxFailureCount")
        proximityCheck = body.value("proximityCheck").map {
            ProximityInput(seed: $0["seed"]?.stringValue, step: $0["step"]?.integerValue)
        }
        activationId = body.string("activationId")
    }
}

/// `POST /admin/offline-operations`.
struct CreateOfflineOperationRequest: AdminRequestBody {
    var activationId: String?
    var data: String?
    var signingKey: String?
    var uriId: String?
    var id: String?
    var title: String?
    var message: String?
    var flags: String?
    var totpSeed: String?
    var totpStep: Int64?
    var qr: String?

    init(_ body: AdminMembers) {
        activationId = body.string("activationId")
        data = body.string("data")
        signingKey = body.string("signingKey")
        uriId = body.string("uriId")
        id = body.string("id")
        title = body.string("title")
        message = body.string("message")
        flags = body.string("flags")
        totpSeed = body.string("totpSeed")
        totpStep = body.integer("totpStep")
        qr = body.string("qr")
    }
}

/// `POST /admin/offline-operations/{id}/verify`: `{"code": "NNNNNNNN-NNNNNNNN"}`.
struct VerifyOfflineCodeRequest: AdminRequestBody {
    var code: String?

    init(_ body: AdminMembers) {
        code = body.string("code")
    }
}

/// An admin body: the request in `requestObject` when wrapped, else the body itself.
struct AdminBody<Request: Decodable>: Decodable {
    let request: Request

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        if container.contains(JSONKey("requestObject")) {
            request = try container.decode(Request.self, forKey: JSONKey("requestObject"))
        } else {
            request = try Request(from: decoder)
        }
    }
}
