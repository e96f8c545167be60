import Foundation
import OperationsSync

extension EnrollmentServerDouble {
    /// The ECIES routes (added once the E2EE layer is merged).
    func encryptedRoute(path: String, body: Data, headers: HTTPHeaderFields) throws -> (Int, Data) {
        (404, Self.errorBody("ERR_NOT_FOUND", path))
    }
}
