import MobileTokenAPI
import PowerAuth

extension DevServer {
    /// `POST /custom/echo` (uriId `/custom/echo`): verifies `X-PowerAuth-Authorization` like any
    /// signed endpoint and answers `{"status":"OK","responseObject": <the requestObject>}`.
    func echo(_ request: ServerRequest) throws(APIFailure) -> ServerResponse {
        let header = try authorizationHeader(request)
        let object = try requestObject(request)
        let caller = try authenticateSignature(
            request, header: header, uriId: EndpointPaths.MobileToken.echo,
            allowed: Self.anyPossessionFactor)
        var response = object.map { Envelope.ok($0) } ?? Envelope.okEmpty()
        response.headers.append(("X-PowerAuth-Signature-Type", caller.signatureType.rawValue))
        return response
    }
}
