/// The transformed images the passes scan, made lazily and shared between passes (the rotations
/// of a huge image start from its downscaled view).
struct PassViews {
    /// An image to scan and the map from its coordinates back to the original's.
    struct View {
        var image: GrayImage
        var map: AffineMap
        /// ZBar's scan density: 1 scans every row and column, 2 every second one.
        var density: Int32 = 1
    }

    /// Above this longer side the `downscaled` pass applies.
    static let downscaleAbove = 1000
    /// The longer side the `downscaled` pass aims at.
    static let downscaleTarget = 700
    /// Above this longer side the filter and rotation passes work on a reduced copy.
    static let workingAbove = 1400
    /// The longer side of that reduced copy.
    static let workingTarget = 1000
    /// From this reduction factor on, the `downscaled` pass scans every second row and column: the
    /// source is over 1400 px, so its modules are likely large, and a miss still falls through to `plain`.
    /// On the benchmark's huge class this halves ZBar's work on that pass and loses no decode.
    static let sparseFromFactor = 3
    /// From this shorter side on, an image up to `downscaleAbove` is first scanned halved (2×2 boxes
    /// averaged): a code with modules of 4 px or more reads there at a fraction of ZBar's full-size
    /// cost (fewer scan lines, fewer finder candidates), and averaging suppresses pixel noise. A miss
    /// costs about a quarter of a full-size pass and falls through to `plain`.
    static let halveFrom = 120
    /// Up to this longer side an image is also scanned upscaled (1–2 px modules come in small images;
    /// upscaling bigger ones cost 4× the pixels on every miss and decoded nothing more on our corpora).
    static let upscaleUpTo = 400

    let original: GrayImage
    private var downscaledView: View??
    private var workingView: View?

    init(original: GrayImage) {
        self.original = original
    }

    /// Below this mean luminance of the outermost rows and columns the image looks like a light-on-dark
    /// code (its quiet zone is dark), and `inverted` is tried first.
    static let darkBorderBelow: UInt8 = 96

    /// Whether the image's border is dark (mean of the outermost rows and columns under `darkBorderBelow`):
    /// the quiet zone of a light-on-dark code — or, in photos, often just a dark surrounding.
    var hasDarkBorder: Bool {
        original.width > 0 && original.height > 0 && original.borderMean() < Self.darkBorderBelow
    }

    /// `passes` in the order to try them here: as given, except that `inverted` comes first when the
    /// image's border is dark and the `downscaled` pass does not apply (a white-on-black code then
    /// costs one pass, not three). Where `downscaled` applies, it tries an inverted copy itself (`inverse`).
    func order(_ passes: [QRScanPass]) -> [QRScanPass] {
        guard let index = passes.firstIndex(of: .inverted), index > 0, hasDarkBorder,
            !(passes.contains(.downscaled) && applies(.downscaled))
        else { return passes }
        var reordered = passes
        reordered.remove(at: index)
        reordered.insert(.inverted, at: 0)
        return reordered
    }

    /// One of the copies a pass scans. Most passes have one image (`main`); `downscaled` tries up to
    /// four, smallest first, and `binarized` two; a pass stops at the first copy that reads something.
    enum Copy {
        /// The ~350 px copy of a photo (`coarse()`).
        case coarse
        /// The pass's own image (`view(for:)`).
        case main
        /// The `downscaled` view inverted, when the border is dark (`inverse()`); what it finds is
        /// reported as found by `inverted`. Photos with a dark surrounding are common (95 of the 254
        /// jsqr-photos): trying them inverted at full size first cost a full pass each, this a quarter.
        case inverse
        /// The two-thirds copy of a screenshot (`twoThirds()`).
        case twoThirds
        /// The `downscaled` view binarised, after the full-size `binarized` image missed
        /// (`reducedBinarized()`): at half size a module's edges blur into grey, and the block levels
        /// see a wider neighbourhood; it reads two jsqr photos nothing else here reads, for a quarter
        /// of a pass.
        case reducedBinarized
    }

    /// The copies `pass` scans, in order.
    static func copies(of pass: QRScanPass) -> [Copy] {
        switch pass {
        case .downscaled: return [.coarse, .main, .inverse, .twoThirds]
        case .binarized: return [.main, .reducedBinarized]
        default: return [.main]
        }
    }

    /// The pass a symbol found on `copy` of `pass` is reported as.
    static func reportedPass(_ pass: QRScanPass, copy: Copy) -> QRScanPass {
        copy == .inverse ? .inverted : pass
    }

    /// The image for one copy of `pass`, or nil when that copy does not apply to this image.
    /// `inverse` applies only when `inverted` is among `passes`.
    mutating func view(for pass: QRScanPass, copy: Copy, passes: [QRScanPass]) -> View? {
        switch copy {
        case .coarse: return coarse()
        case .main: return view(for: pass)
        case .inverse: return passes.contains(.inverted) ? inverse() : nil
        case .twoThirds: return twoThirds()
        case .reducedBinarized: return reducedBinarized()
        }
    }

    /// The `downscaled` view binarised (scanned at full density), where that view exists.
    mutating func reducedBinarized() -> View? {
        guard applies(.downscaled), let base = downscaled() else { return nil }
        return View(image: base.image.blockBinarized(), map: base.map)
    }

    /// The `downscaled` view inverted, when the image's border is dark.
    mutating func inverse() -> View? {
        guard hasDarkBorder, let base = downscaled() else { return nil }
        return View(image: base.image.inverted(), map: base.map, density: base.density)
    }

    /// Whether the `downscaled` view is the halved copy of a mid-size image (not a huge image's reduction).
    var isHalved: Bool {
        max(original.width, original.height) <= Self.downscaleAbove
            && min(original.width, original.height) >= Self.halveFrom
    }

    /// Whether `pass` can apply to this image, by its size alone (cheap; `view(for:)` may still say no).
    func applies(_ pass: QRScanPass) -> Bool {
        let longer = max(original.width, original.height)
        switch pass {
        case .downscaled: return longer > Self.downscaleAbove || min(original.width, original.height) >= Self.halveFrom
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
            let base = working()
            return base.image.contrastStretched().map { View(image: $0, map: base.map) }
        case .threshold:
            return working { $0.adaptiveThresholded() }
        case .binarized:
            return working { $0.blockBinarized() }
        case .denoised:
            return working { $0.boxBlurred() }
        case .sharpened:
            return working { $0.sharpened() }
        case .downscaled:
            return downscaled()
        case .upscaled:
            let longer = max(original.width, original.height)
            guard longer <= Self.upscaleUpTo, longer > 0 else { return nil }
            // Up to 200 px, 3× by replication (1-px modules become 3 px); above, 2× bilinear, which ZBar
            // reads better than replicated pixels on photos (jsqr-photos: 2 more codes, none lost).
            let (image, map) = longer <= 200 ? original.replicated(by: 3) : original.bilinearDoubled()
            return View(image: image, map: map)
        case .rotated30: return rotated(30)
        case .rotated45: return rotated(45)
        case .rotated60: return rotated(60)
        }
    }

    private mutating func downscaled() -> View? {
        if let downscaledView { return downscaledView }
        var view = reduced(above: Self.downscaleAbove, target: Self.downscaleTarget)
        if view == nil, min(original.width, original.height) >= Self.halveFrom {
            let (image, map) = original.boxDownscaled(by: 2)
            view = View(image: image, map: map)
        }
        if let map = view?.map, map.a >= Double(Self.sparseFromFactor) { view?.density = 2 }
        downscaledView = .some(view)
        return view
    }

    /// For an image reduced `sparseFromFactor` times or more (over 1400 px), the copy the `downscaled`
    /// pass tries before its ~700 px view: that view halved again (~350 px). Large modules — photos,
    /// the huge class — read there for a quarter of the pixels; a miss costs about a quarter of the
    /// ~700 px scan. (Screenshots, reduced 2×, have small modules: there it only cost time.)
    mutating func coarse() -> View? {
        guard max(original.width, original.height) > Self.downscaleAbove, let fine = downscaled(),
            fine.map.a >= Double(Self.sparseFromFactor), min(fine.image.width, fine.image.height) >= Self.halveFrom
        else { return nil }
        let (image, map) = fine.image.boxDownscaled(by: 2)
        return View(image: image, map: fine.map.after(map))
    }

    /// For an image reduced 2× by the `downscaled` pass (1000–1400 px: screenshots), the copy it tries
    /// last: two thirds of the original size. Modules of 3 px, lost at half size, are 2 px there,
    /// which ZBar still reads, for under half the cost of the full-size `plain` scan.
    func twoThirds() -> View? {
        let longer = max(original.width, original.height)
        guard longer > Self.downscaleAbove, (longer + Self.downscaleTarget - 1) / Self.downscaleTarget == 2 else {
            return nil
        }
        let (image, map) = original.boxDownscaledTwoThirds()
        return View(image: image, map: map)
    }

    /// The image the filter and rotation passes start from: a reduced copy of a huge image, else the original.
    private mutating func working() -> View {
        if let workingView { return workingView }
        let view =
            reduced(above: Self.workingAbove, target: Self.workingTarget) ?? View(image: original, map: .identity)
        workingView = view
        return view
    }

    private func reduced(above: Int, target: Int) -> View? {
        let longer = max(original.width, original.height)
        guard longer > above else { return nil }
        let (image, map) = original.boxDownscaled(by: (longer + target - 1) / target)
        return View(image: image, map: map)
    }

    /// A filter applied to the working image: the downscaled view of a huge image, else the original.
    private mutating func working(_ filter: (GrayImage) -> GrayImage) -> View {
        let base = working()
        return View(image: filter(base.image), map: base.map)
    }

    private mutating func rotated(_ degrees: Double) -> View? {
        let base = working()
        let (image, map) = base.image.rotated(degrees: degrees)
        return View(image: image, map: base.map.after(map))
    }
}
