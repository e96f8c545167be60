import Foundation
import QRImaging
import Testing

@Suite("QRBatchScanner")
struct QRBatchScannerTests {
    @Test(arguments: [1, 2, 4])
    func deliversEveryResultInInputOrder(jobs: Int) throws {
        let code = try FixtureMatrix(named: "qrencode-czech-M.txt").image(scale: 3)
        let blank = GrayImage(width: 40, height: 40, fill: 255)
        // Inputs: even = the code, multiples of 3 = unreadable, others = blank.
        let inputs = Array(0..<13)
        var delivered: [Int] = []
        QRBatchScanner(jobs: jobs, options: QRScanOptions(passes: [.plain, .inverted])).scan(inputs) { input in
            if input % 3 == 0 { throw ImagingError(.corrupt, "input \(input) is corrupt") }
            return input.isMultiple(of: 2) ? code : blank
        } onResult: { result in
            delivered.append(result.index)
            #expect(result.input == result.index)
            switch result.outcome {
            case .success(let report):
                #expect(result.index % 3 != 0)
                #expect(report.symbols.count == (result.index.isMultiple(of: 2) ? 1 : 0))
            case .failure(let error):
                #expect(result.index % 3 == 0)
                #expect((error as? ImagingError)?.code == .corrupt)
            }
        }
        #expect(delivered == inputs)
    }

    @Test func emptyBatchDeliversNothing() {
        var calls = 0
        QRBatchScanner(jobs: 2).scan([String]()) { _ in
            GrayImage(width: 1, height: 1, fill: 0)
        } onResult: { _ in
            calls += 1
        }
        #expect(calls == 0)
    }
}
