import Foundation

/// The operations-api JSON samples copied from ../shared/vectors/operations-api.
enum OperationFixtures {
    static func data(_ name: String) throws -> Data {
        guard let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try Data(contentsOf: folder.appendingPathComponent("operations-api").appendingPathComponent(name))
    }

    /// JSON equality through Foundation's object model (key order and whitespace ignored).
    static func sameJSON(_ lhs: Data, _ rhs: Data) throws -> Bool {
        let left = try JSONSerialization.jsonObject(with: lhs, options: [.fragmentsAllowed]) as? NSObject
        let right = try JSONSerialization.jsonObject(with: rhs, options: [.fragmentsAllowed]) as? NSObject
        return left != nil && left == right
    }
}
