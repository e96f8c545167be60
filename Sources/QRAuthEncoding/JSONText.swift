/// JSON text written by hand where its bytes are fixed: signed fingerprint lists, JWS headers and claims.
package enum JSONText {
    /// A JSON string literal: quotes, backslashes and control characters escaped (`\n`, `\r`, `\t` by name, the rest as
    /// lower-case `\u00xx`); `/` and non-ASCII characters stay as they are (UTF-8).
    package static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += "\\u" + scalar.value.hexDigits(width: 4)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
