import Foundation
import MobileTokenAPI
import QRAuthEncoding
import Testing

/// `JSONValue` keeps one spelling per value, so what a server sent is what an emulator or a log writes back.
@Suite("JSONValue round trips")
struct JSONValueRoundTripTests {
    @Test(
        "a number decodes, encodes and decodes back to the same value",
        arguments: [
            "5000020655555555555.0000000000248191555", "2.0", "1e3", "-0.0", "1.5", "100", "0.1",
            "5555555555500000000000000000248191555", "9223372036854775807", "9223372036854775808",
        ])
    func numbers(text: String) throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(value)) == value)
    }

    @Test("a whole number written with a fraction or exponent is an integer")
    func wholeNumbersAreIntegers() throws {
        for text in ["2.0", "1e3", "100"] {
            let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
            guard case .integer = value else {
                Issue.record("\(text) decoded as \(value)")
                continue
            }
        }
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data("1.5".utf8)) == .number(1.5))
    }
}
