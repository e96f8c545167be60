/// The transformed images the passes scan, made lazily and shared between passes (the rotations
/// of a huge image start from its downscaled view).
struct PassViews {
    /// An image to scan and the map from its coordinates back to the original's.
    struct View {
        var image: GrayImage
        var map: AffineMap
    }

    /// Above this longer side an image is also scanned downscaled.
    static let downscaleAbove = 1400
    /// The longer side a downscaled view aims at.
    static let downscaleTarget = 1000
    /// Up to this longer side an image is also scanned upscaled.
    static let upscaleUpTo = 1200

    let original: GrayImage
    private var downscaledView: View??

    init(original: GrayImage) {
        self.original = original
    }

    /// The view for `pass`, or nil when the pass does not apply to this image.
    mutating func view(for pass: QRScanPass) -> View? {
        switch pass {
        case .plain:
            return View(image: original, map: .identity)
        case .inverted:
            return View(image: original.inverted(), map: .identity)
        case .normalized:
            return original.contrastStretched().map { View(image: $0, map: .identity) }
        case .threshold:
            return View(image: original.adaptiveThresholded(), map: .identity)
        case .denoised:
            return View(image: original.boxBlurred(), map: .identity)
        case .downscaled:
            return downscaled()
        case .upscaled:
            let longer = max(original.width, original.height)
            guard longer <= Self.upscaleUpTo, longer > 0 else { return nil }
            let factor = longer <= 400 ? 3 : 2
            let (image, map) = original.upscaled(by: factor)
            return View(image: image, map: map)
        case .rotated30: return rotated(30)
        case .rotated45: return rotated(45)
        case .rotated60: return rotated(60)
        }
    }

    private mutating func downscaled() -> View? {
        if let downscaledView { return downscaledView }
        let longer = max(original.width, original.height)
        var view: View?
        if longer > Self.downscaleAbove {
            let factor = (longer + Self.downscaleTarget - 1) / Self.downscaleTarget
            let (image, map) = original.boxDownscaled(by: factor)
            view = View(image: image, map: map)
        }
        downscaledView = .some(view)
        return view
    }

    private mutating func rotated(_ degrees: Double) -> View? {
        let base = downscaled() ?? View(image: original, map: .identity)
        let (image, map) = base.image.rotated(degrees: degrees)
        return View(image: image, map: base.map.after(map))
    }
}
