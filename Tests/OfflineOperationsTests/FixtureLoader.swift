import Foundation

/// Loads the JSON vector files copied into this target's `Fixtures/`.
enum FixtureLoader {
    static var directory: URL? { Bundle.module.url(forResource: "Fixtures", withExtension: nil) }

    /// Decodes `name` from the fixtures folder; an empty array when missing (a count test catches that).
    static func load<T: Decodable>(_ name: String, as type: [T].Type = [T].self) -> [T] {
        guard let url = directory?.appendingPathComponent(name), let data = try? Data(contentsOf: url) else {
            return []
        }
        do {
            return try JSONDecoder().decode([T].self, from: data)
        } catch {
            print("cannot decode \(name): \(error)")
            return []
        }
    }
}
