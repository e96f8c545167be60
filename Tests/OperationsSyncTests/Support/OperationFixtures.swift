import Foundation
import QRAuthTestSupport

/// The operations-api JSON samples copied from ../shared/vectors/operations-api.
enum OperationFixtures {
    static func data(_ name: String) throws -> Data {
        let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil)?.appendingPathComponent(
            "operations-api")
        return try SharedFixtures.data(name, in: folder)
    }

    /// JSON equality through Foundation's object model (key order and whitespace ignored).
    static func sameJSON(_ lhs: Data, _ rhs: Data) throws -> Bool {
        let left = try JSONSerialization.jsonObject(with: lhs, options: [.fragmentsAllowed]) as? NSObject
        let right = try JSONSerialization.jsonObject(with: rhs, options: [.fragmentsAllowed]) as? NSObject
        return left != nil && left == right
    }
}
