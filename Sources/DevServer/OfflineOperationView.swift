/// What `POST /admin/offline-operations` answers: the QR text and what a verifier needs.
struct OfflineOperationView: Encodable {
    var id: String
    var activationId: String
    var payload: String
    var nonce: String
    var totp: String?
    var signingKey: String
    var uriId: String
    var allowBiometry: Bool
    /// The QR code as PNG, Base64 (when asked with `"qr": "png"`).
    var png: String?
    /// The QR code as SVG text (when asked with `"qr": "svg"`).
    var svg: String?
}
