import Hummingbird
import MobileTokenAPI
import OfflineOperations
import PowerAuth

extension MobileTokenService {
    /// `POST /custom/echo` (uriId `/custom/echo`): verifies `X-PowerAuth-Authorization` like any
    /// signed endpoint and answers `{"status":"OK","responseObject": <the requestObject>}`.
    func echo(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let header = try authentication.authorizationHeader(request)
        let object = try await context.requestObject(request)
        let caller = try authentication.authenticateSignature(
            request, body: context.body, header: header, uriId: EndpointPaths.MobileToken.echo,
            allowed: ServerSignatureAuthentication.anyPossessionFactor)
        var response = object.map { Envelope.ok($0) } ?? Envelope.okEmpty()
        response.addSignatureType(caller.signatureType.rawValue)
        return response
    }
}
