import Foundation
import QRAuthCrypto
import Testing

@Suite("Random bytes and constant-time comparison")
struct RandomAndComparisonTests {
    @Test("SecureRandom gives the requested count and different values")
    func random() {
        #expect(SecureRandom.bytes(count: 0).isEmpty)
        #expect(SecureRandom.bytes(count: -3).isEmpty)
        #expect(SecureRandom.bytes(count: 1000).count == 1000)
        let samples = Set((0..<16).map { _ in SecureRandom.bytes(count: 16) })
        #expect(samples.count == 16)
    }

    @Test("ConstantTime.equals compares length and content")
    func comparison() {
        let a = Data([1, 2, 3, 4])
        #expect(ConstantTime.equals(a, Data([1, 2, 3, 4])))
        #expect(ConstantTime.equals(a, [UInt8]([1, 2, 3, 4])))
        #expect(!ConstantTime.equals(a, Data([1, 2, 3, 5])))
        #expect(!ConstantTime.equals(a, Data([1, 2, 3])))
        #expect(!ConstantTime.equals(a, Data([1, 2, 3, 4, 0])))
        #expect(ConstantTime.equals(Data(), [UInt8]()))
        #expect(!ConstantTime.equals(Data(), Data([0])))
    }
}
