import ArgumentParser

/// A `--param KEY=VALUE` of `backend operation create`: one `${KEY}` of the template.
struct BackendParameter: ExpressibleByArgument, Sendable {
    let key: String
    let value: String

    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else { return nil }
        key = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
    }
}
