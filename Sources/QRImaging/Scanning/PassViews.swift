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

    /// Whether `pass` can apply to this image, by its size alone (cheap; `view(for:)` may still say no).
    func applies(_ pass: QRScanPass) -> Bool {
        let longer = max(original.width, original.height)
        switch pass {
        case .downscaled: return longer > Self.downscaleAbove
        case .upscaled: return longer > 0 && longer <= Self.upscaleUpTo
        default: return true
        }
    }

    /// The view for `pass`, or nil when the pass does not apply to this image.
    mutating func view(for pass: QRScanPass) -> View? {
        switch pass {
        case .plain:
            return View(image: original, map: .identity)
        case .inverted:
            return working { $0.inverted() }
        case .normalized:
            let base = downscaled() ?? View(image: original, map: .identity)
            return base.image.contrastStretched().map { View(image: $0, map: base.map) }
        case .threshold:
            return working { $0.adaptiveThresholded() }
        case .denoised:
            return working { $0.boxBlurred() }
        case .sharpened:
            return working { $0.sharpened() }
        case .downscaled:
            return downscaled()
        case .upscaled:
            let longer = max(original.width, original.height)
            guard longer <= Self.upscaleUpTo, longer > 0 else { return nil }
            let factor = longer <= 400 ? 3 : 2
            let (image, map) = original.replicated(by: factor)
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

    /// A filter applied to the working image: the downscaled view of a huge image, else the original.
    private mutating func working(_ filter: (GrayImage) -> GrayImage) -> View {
        let base = downscaled() ?? View(image: original, map: .identity)
        return View(image: filter(base.image), map: base.map)
    }

    private mutating func rotated(_ degrees: Double) -> View? {
        let base = downscaled() ?? View(image: original, map: .identity)
        let (image, map) = base.image.rotated(degrees: degrees)
        return View(image: image, map: base.map.after(map))
    }
}
