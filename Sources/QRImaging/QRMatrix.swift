/// A QR code symbol as a square grid of modules, without quiet zone.
public struct QRMatrix: Sendable, Equatable {
    /// The symbol version, 1–40.
    public let version: Int
    /// The error-correction level.
    public let errorCorrection: QRErrorCorrection
    /// Modules per side (`17 + 4 * version`).
    public let size: Int
    /// `size * size` modules, row-major; true is dark.
    public let modules: [Bool]

    /// Wraps a module grid; `modules.count` must be `size * size`.
    public init(version: Int, errorCorrection: QRErrorCorrection, size: Int, modules: [Bool]) {
        precondition(size > 0 && modules.count == size * size, "module count must be size * size")
        self.version = version
        self.errorCorrection = errorCorrection
        self.size = size
        self.modules = modules
    }

    /// Whether the module at column `x`, row `y` is dark; outside the symbol is light (quiet zone).
    public subscript(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return modules[y * size + x]
    }
}
