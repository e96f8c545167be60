/// Rules for entry names a release pipeline should publish.
package enum EntryName {
    /// Whether `name` uses only `[A-Za-z0-9.*-]` (so the tool, iOS and Android read the same CN).
    package static func isPipelineSafe(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy { scalar in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", ".", "*", "-": true
                default: false
                }
            }
    }
}
