import QRAuthEncoding
import Testing

/// What the one error shape gives every module's error: description, equality, hashing and matching by code.
@Suite("QRAuthError: one shape for every module's error")
struct QRAuthErrorTests {
    struct SampleError: QRAuthError {
        enum Code: String, Sendable {
            case first = "sample.first"
            case second = "sample.second"
        }

        let code: Code
        let reason: String
    }

    struct CodedDescriptionError: QRAuthError {
        enum Code: String, Sendable { case only = "coded.only" }

        let code: Code
        let reason: String
        var description: String { "\(codeString): \(reason)" }
    }

    @Test func describesItselfByItsReasonUnlessItSaysMore() {
        let error = SampleError(code: .first, reason: "the first thing is wrong")
        #expect(error.description == "the first thing is wrong")
        #expect("\(error)" == "the first thing is wrong")
        #expect(error.codeString == "sample.first")
        #expect("\(CodedDescriptionError(code: .only, reason: "why"))" == "coded.only: why")
    }

    @Test func equalsHashesAndMatchesByCodeAlone() {
        let one = SampleError(code: .first, reason: "one wording")
        let other = SampleError(code: .first, reason: "another wording")
        #expect(one == other)
        #expect(one != SampleError(code: .second, reason: "one wording"))
        #expect(Set([one, other]).count == 1)
        let matched: Bool =
            switch one {
            case .second: false
            case .first: true
            default: false
            }
        #expect(matched)
    }
}
