// TEMPORARY mirror of the e2ee branch's MobileTokenAPI/PowerAuthREST bodies; deleted when that branch is merged.
import Foundation

struct ActivationStatusRequest: Codable, Sendable {
    let activationId: String
    let challenge: String?
}

struct ActivationStatusResponse: Codable, Sendable {
    let activationId: String
    let encryptedStatusBlob: String
    let nonce: String?
}

struct TokenRemoveRequest: Codable, Sendable {
    let tokenId: String
}

struct KeystoreCreateRequest: Codable, Sendable {
    let jwt: String
}

struct KeystoreCreateResponse: Codable, Sendable {
    let jwt: String
}
