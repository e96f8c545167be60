import ArgumentParser

/// Checks for an option renamed in 0.1.0 whose old spelling is kept, hidden, for one release.
enum LegacyOption {
    /// A required option: exactly one of the new and the old spelling.
    static func one(_ value: String?, _ legacy: String?, name: String, old: String, valueName: String) throws {
        try atMostOne(value, legacy, name: name, old: old)
        if value == nil && legacy == nil {
            throw ValidationError("missing \(name) \(valueName)")
        }
    }

    /// An optional option: not both the new and the old spelling.
    static func atMostOne<T>(_ value: T?, _ legacy: T?, name: String, old: String) throws {
        if value != nil && legacy != nil {
            throw ValidationError("give \(name) once (\(old) is its old spelling)")
        }
    }
}
