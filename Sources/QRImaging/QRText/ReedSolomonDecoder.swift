/// Reed–Solomon error correction over GF(256) as QR Code uses it (ISO/IEC 18004 §7.5.2: field
/// polynomial x⁸ + x⁴ + x³ + x² + 1, generator roots α⁰ … α^(n−1)). Syndromes, Berlekamp–Massey for
/// the error locator, Chien search for the positions and Forney's formula for the values.
enum ReedSolomonDecoder {
    /// Powers of α (index 0–254, repeated once so products need no modulo) and their logarithms.
    static let tables: (exp: [UInt8], log: [Int]) = {
        var exp = [UInt8](repeating: 0, count: 510)
        var log = [Int](repeating: 0, count: 256)
        var value = 1
        for power in 0..<255 {
            exp[power] = UInt8(value)
            exp[power + 255] = UInt8(value)
            log[value] = power
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        return (exp, log)
    }()

    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        guard a != 0, b != 0 else { return 0 }
        return tables.exp[tables.log[Int(a)] + tables.log[Int(b)]]
    }

    static func inverse(_ a: UInt8) -> UInt8 { tables.exp[255 - tables.log[Int(a)]] }

    /// α^power for any power.
    static func power(_ power: Int) -> UInt8 { tables.exp[((power % 255) + 255) % 255] }

    /// Evaluates a polynomial given lowest degree first.
    static func evaluate(_ poly: [UInt8], at x: UInt8) -> UInt8 {
        var result: UInt8 = 0
        for coefficient in poly.reversed() { result = multiply(result, x) ^ coefficient }
        return result
    }

    /// Corrects `block` (data then `eccCount` error-correction codewords, first codeword the highest
    /// power) in place; returns false when the errors exceed what the code can correct.
    static func correct(_ block: inout [UInt8], eccCount: Int) -> Bool {
        let length = block.count
        guard eccCount > 0, length > eccCount, length <= 255 else { return false }
        let syndromes = syndromes(of: block, eccCount: eccCount)
        if syndromes.allSatisfy({ $0 == 0 }) { return true }
        // Berlekamp–Massey: the error locator Λ(x), lowest degree first.
        var locator: [UInt8] = [1]
        var previous: [UInt8] = [1]
        var errors = 0
        var shift = 1
        var lastDiscrepancy: UInt8 = 1
        for step in 0..<eccCount {
            var discrepancy = syndromes[step]
            for index in stride(from: 1, through: min(errors, locator.count - 1), by: 1) {
                discrepancy ^= multiply(locator[index], syndromes[step - index])
            }
            if discrepancy == 0 {
                shift += 1
                continue
            }
            let factor = multiply(discrepancy, inverse(lastDiscrepancy))
            var updated = locator
            if updated.count < previous.count + shift {
                updated += [UInt8](repeating: 0, count: previous.count + shift - updated.count)
            }
            for (index, coefficient) in previous.enumerated() {
                updated[index + shift] ^= multiply(factor, coefficient)
            }
            if 2 * errors <= step {
                previous = locator
                errors = step + 1 - errors
                lastDiscrepancy = discrepancy
                shift = 1
            } else {
                shift += 1
            }
            locator = updated
        }
        while locator.count > 1, locator.last == 0 { locator.removeLast() }
        let degree = locator.count - 1
        guard degree == errors, 2 * errors <= eccCount else { return false }
        // Chien search: position i (from the end) is in error when Λ(α^−i) = 0.
        var positions: [Int] = []
        for exponent in 0..<length where evaluate(locator, at: power(-exponent)) == 0 {
            positions.append(exponent)
        }
        guard positions.count == degree else { return false }
        // Forney: e = X · Ω(X⁻¹) / Λ'(X⁻¹) with Ω = S·Λ mod x^eccCount (first root α⁰).
        var omega = [UInt8](repeating: 0, count: eccCount)
        for (i, s) in syndromes.enumerated() {
            for (j, l) in locator.enumerated() where i + j < eccCount { omega[i + j] ^= multiply(s, l) }
        }
        // The formal derivative keeps the odd-degree terms.
        var derivative = [UInt8](repeating: 0, count: max(1, locator.count - 1))
        for index in stride(from: 1, to: locator.count, by: 2) { derivative[index - 1] = locator[index] }
        for exponent in positions {
            let x = power(exponent)
            let xInverse = power(-exponent)
            let denominator = evaluate(derivative, at: xInverse)
            guard denominator != 0 else { return false }
            let magnitude = multiply(x, multiply(evaluate(omega, at: xInverse), inverse(denominator)))
            block[length - 1 - exponent] ^= magnitude
        }
        return self.syndromes(of: block, eccCount: eccCount).allSatisfy { $0 == 0 }
    }

    /// The syndromes S_i = r(α^i), i < `eccCount`: all zero for a codeword without errors.
    static func syndromes(of block: [UInt8], eccCount: Int) -> [UInt8] {
        (0..<eccCount).map { index in
            let x = power(index)
            var value: UInt8 = 0
            for codeword in block { value = multiply(value, x) ^ codeword }
            return value
        }
    }
}
