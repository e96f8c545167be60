/// A point in image coordinates: `x` to the right, `y` down, in pixels of the scanned (original) image.
public struct ImagePoint: Sendable, Equatable, Hashable, Codable {
    /// Column, in pixels.
    public var x: Double
    /// Row, in pixels.
    public var y: Double

    /// Makes a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
