import Foundation
import Testing

@testable import QRAuthEncoding

@Suite("PEM armour")
struct PEMBlockTests {
    private static let der = Data((0..<100).map { UInt8($0) })

    @Test("encode wraps at 64 columns and decodes back")
    func roundTrip() throws {
        let text = PEMBlock.encode(label: "CERTIFICATE", der: Self.der)
        let lines = text.split(separator: "\n")
        #expect(lines.first == "-----BEGIN CERTIFICATE-----")
        #expect(lines.last == "-----END CERTIFICATE-----")
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.count <= 64 })
        #expect(lines[1].count == 64)
        #expect(try PEMBlock.bodies(in: text, label: "CERTIFICATE") == [Self.der])
        #expect(PEMBlock.encode(label: "CERTIFICATE", der: Self.der) == text)
        #expect(PEMBlock.blocks(in: text).first?.der == Self.der)
    }

    @Test("other labels are skipped; a missing END line is refused with its line")
    func labelsAndTermination() throws {
        let key = PEMBlock.encode(label: "PRIVATE KEY", der: Data([1, 2, 3]))
        #expect(try PEMBlock.bodies(in: key, label: "CERTIFICATE").isEmpty)
        let open = "-----BEGIN CERTIFICATE-----\nAAAA\n"
        #expect(throws: PEMBlock.Problem(reason: "the last CERTIFICATE block has no -----END CERTIFICATE----- line")) {
            try PEMBlock.bodies(in: open, label: "CERTIFICATE")
        }
        let nested = "-----BEGIN CERTIFICATE-----\nAAAA\n-----BEGIN CERTIFICATE-----\n"
        #expect(throws: PEMBlock.Problem(reason: "line 3: CERTIFICATE block without its END line")) {
            try PEMBlock.bodies(in: nested, label: "CERTIFICATE")
        }
    }

    // The two PEM readers used Foundation's Base64 decoder, which on Linux accepts a surplus `=` after a
    // complete quantum; both now use StrictBase64, which refuses it on every platform.
    @Test("bodies are strict Base64: surplus padding, stray characters and empty bodies are refused")
    func strictBodies() {
        for body in ["AAAA=", "AAAA====", "AA=A", "AA*A", ""] {
            let text = "-----BEGIN CERTIFICATE-----\n\(body)\n-----END CERTIFICATE-----\n"
            #expect(throws: PEMBlock.Problem.self, "body \(body)") {
                try PEMBlock.bodies(in: text, label: "CERTIFICATE")
            }
            let block = PEMBlock.blocks(in: text.replacingOccurrences(of: "CERTIFICATE", with: "PRIVATE KEY"))
            #expect(block.first?.der == nil || body.isEmpty, "body \(body)")
        }
    }

    @Test("RFC 1421 headers are split from the body")
    func headers() {
        let text = """
            -----BEGIN EC PRIVATE KEY-----
            Proc-Type: 4,ENCRYPTED
            DEK-Info: AES-128-CBC,00

            AQID
            -----END EC PRIVATE KEY-----
            """
        let block = PEMBlock.blocks(in: text).first
        #expect(block?.hasEncryptionHeader == true)
        #expect(block?.der == Data([1, 2, 3]))
        #expect(block?.label == "EC PRIVATE KEY")
    }
}
