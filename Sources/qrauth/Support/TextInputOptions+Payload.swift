import FoundationEssentials
import QRAuthFiles

extension TextInputOptions {
    /// The payload text: inline exactly as given; from a file or stdin, less one trailing line terminator.
    ///
    /// A valid offline operation never ends in LF (its last line is the signature, and the SDK counts a
    /// final LF as an empty last line), so dropping one `\n` (or `\r\n`) that an editor or `echo` added
    /// cannot change a payload the SDK would accept. Inline arguments are never changed.
    func payload(inline value: String?, what: String) throws -> String {
        let text = try text(inline: value, what: what)
        guard value == nil else { return text }
        if text.hasSuffix("\r\n") { return String(text.dropLast()) }  // "\r\n" is one Character
        if text.hasSuffix("\n") { return String(text.dropLast()) }
        return text
    }
}
