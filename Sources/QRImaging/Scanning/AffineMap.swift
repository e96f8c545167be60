/// Maps a point of a transformed image back to the original: `x' = a·x + b·y + c`, `y' = d·x + e·y + f`.
struct AffineMap: Sendable, Equatable {
    var a: Double
    var b: Double
    var c: Double
    var d: Double
    var e: Double
    var f: Double

    /// The identity.
    static let identity = AffineMap(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)

    /// Applies the map to a point.
    func apply(x: Double, y: Double) -> ImagePoint {
        ImagePoint(x: a * x + b * y + c, y: d * x + e * y + f)
    }

    /// The map that applies `inner` first and then `self`.
    func after(_ inner: AffineMap) -> AffineMap {
        AffineMap(
            a: a * inner.a + b * inner.d,
            b: a * inner.b + b * inner.e,
            c: a * inner.c + b * inner.f + c,
            d: d * inner.a + e * inner.d,
            e: d * inner.b + e * inner.e,
            f: d * inner.c + e * inner.f + f
        )
    }
}
