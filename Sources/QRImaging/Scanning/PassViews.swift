/// The transformed images the passes scan, made lazily and shared between passes (the rotations
/// of a huge image start from its downscaled view).
struct PassViews {
    /// An image to scan and the map from its coordinates back to the original's.
    struct View {
        var image: GrayImage
        var map: AffineMap
        /// ZBar's scan density: 1 scans every row and column, 2 every second one.
        var density: Int32 = 1

        /// The part of the image inside `box` (this image's pixels), mapped to the same original.
        func cropped(to box: (left: Int, top: Int, right: Int, bottom: Int)) -> View {
            guard
                let (crop, cropMap) = image.cropped(left: box.left, top: box.top, right: box.right, bottom: box.bottom)
            else { return self }
            return View(image: crop, map: map.after(cropMap), density: density)
        }
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
    /// source is over 1400 px, so its modules are likely large, and a miss still falls through to the
    /// later passes. On the benchmark's huge class this halves ZBar's work on that pass and loses no decode.
    static let sparseFromFactor = 3
    /// From this shorter side on, an image up to `downscaleAbove` is first scanned halved (2×2 boxes
    /// averaged): a code with modules of 4 px or more reads there at a fraction of ZBar's full-size
    /// cost (fewer scan lines, fewer finder candidates), and averaging suppresses pixel noise. A miss
    /// costs about a quarter of a full-size pass and falls through to the later passes.
    static let halveFrom = 120
    /// Up to this longer side an image is also scanned upscaled (1–2 px modules come in small images).
    /// Up to 400 px, with 2× bilinear above 200 px, read nothing more once `finders` resampled small
    /// codes itself (jsqr-photos, the generated and the test corpus), and cost 4× the pixels on every
    /// image with an unread finder group of that size; larger images read nothing more either.
    static let upscaleUpTo = 200

    let original: GrayImage
    private var downscaledView: View??
    private var workingView: View?
    private var finderCache: FinderState?
    private var fullSizeFinderCache: FinderState??
    private var groupRegionCache: (left: Int, top: Int, right: Int, bottom: Int)??
    /// The `threshold` image, for its `sparseThreshold` copy (dropped when that copy or another pass
    /// takes over).
    private var thresholdView: View?
    private var invertedFinderCache: Bool?
    private var edgesCache: Bool?

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
    ///
    /// `finders` keeps its place at every size. It used to move to the end for images over
    /// `downscaleAbove` (1000 px), when it cost more than the downscaled copies' reads saved (generated
    /// corpus: +45 % CPU); since it reads its drawings itself (`UprightModules.reading`) it costs less
    /// there than the passes it spares (callgrind, mixed, class and slant-7 sets and a third of the
    /// generated corpus: −18.6 %, the same reads).
    func order(_ passes: [QRScanPass]) -> [QRScanPass] {
        guard let index = passes.firstIndex(of: .inverted), index > 0, hasDarkBorder,
            !(passes.contains(.downscaled) && applies(.downscaled))
        else { return passes }
        var reordered = passes
        reordered.remove(at: index)
        reordered.insert(.inverted, at: 0)
        return reordered
    }

    /// Whether a code read by another pass is followed by a look for more in the finder groups it does
    /// not explain: in images up to `downscaleAbove`, whose finder search ran on the image as given.
    var looksForMore: Bool {
        max(original.width, original.height) <= Self.downscaleAbove
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
        /// The `threshold` image scanned again on every second row and column, where the finder search
        /// saw a group (`needsFinderEvidence`). ZBar groups the finder-pattern crossings of the lines it
        /// scans; on a blurred, rotated photo every line gives it crossings that do not agree, and every
        /// second line reads a code the full scan misses (jsqr-photos: cupcake-2, read by no earlier
        /// pass). Half a pass, on images with a finder group no earlier pass read.
        case sparseThreshold
    }

    /// Whether `copy` of `pass` runs only where the finder search sees a group of finder patterns
    /// (`lacksFinderGroup`): the full-size block-binarised image and the `upscaled`, `sharpened` and
    /// `denoised` passes. On jsqr-photos and the generated corpus every code they read that no earlier
    /// pass reads shows such a group, and an image without one (a blank, a picture with no code) paid
    /// all four. The passes that read codes whose finders the block binariser loses (`plain`,
    /// `threshold`, the reduced binarised copy) or cannot see (`inverted`: light-on-dark finders)
    /// always run.
    static func needsFinderEvidence(_ pass: QRScanPass, copy: Copy) -> Bool {
        if copy == .sparseThreshold { return true }
        guard copy == .main else { return false }
        switch pass {
        case .binarized, .upscaled, .sharpened, .denoised: return true
        default: return false
        }
    }

    /// Whether the finder search could have seen finder patterns and found no group of two or three
    /// (`unreadGroups`). It sees none where the working image's spread (max − min) is within the block
    /// binariser's `flatSpread`: every block is flat there (a low-contrast code), so no evidence either way.
    mutating func lacksFinderGroup() -> Bool {
        showsEdges() && unreadGroups([]).isEmpty
    }

    /// Whether `pass`, one of those run only on finder evidence (`needsFinderEvidence`), has none: no
    /// finder group (`lacksFinderGroup`), or groups in whose drawings the `finders` pass saw no format
    /// information (`findersSawNoCode`). Not the latter for `upscaled`: it reads codes of 1–3 px modules
    /// in images up to 200 px, which the drawings sample unreliably (jsqr-photos: one such photo, read
    /// only by `upscaled`, showed no format information).
    mutating func lacksEvidence(for pass: QRScanPass) -> Bool {
        (findersSawNoCode && pass != .upscaled) || lacksFinderGroup()
    }

    /// Whether a drawing the `finders` pass made showed a code's format information
    /// (`UprightModules.showsFormatInformation`).
    var findersSawFormat = false
    /// Whether the `finders` pass left a group without a module-by-module drawing (a frame that could
    /// not be drawn; a pair is drawn as the triples it may be two of): no evidence either way there.
    var findersLeftGroupUndrawn = false
    /// Whether the `finders` pass ran on every finder group, read nothing, drew each of them and saw
    /// no format information in any drawing: the groups are finder-like shapes, not codes.
    var findersSawNoCode = false

    /// Whether `inverted` has no evidence of a light-on-dark code: no finder pattern in the inverted
    /// binarised image where the finder search could see one. A dark border alone is no evidence: it is
    /// often a photo's dark surrounding of a dark-on-light code (the `downscaled` pass tries such an
    /// image's inverted copy at a quarter of the cost anyway).
    mutating func lacksInvertedFinder() -> Bool {
        showsEdges() && !showsInvertedFinder()
    }

    /// Whether some 8 × 8 block of the working image may hold an edge for the block binariser: the
    /// image's spread is over `GrayImage.flatSpread`.
    mutating func showsEdges() -> Bool {
        if let edgesCache { return edgesCache }
        let pixels = working().image.pixels
        let shows = (pixels.max() ?? 0) - (pixels.min() ?? 0) > UInt8(GrayImage.flatSpread)
        edgesCache = shows
        return shows
    }

    /// Whether the block-binarised working image, inverted, shows a confirmed finder pattern
    /// (`FinderPattern.isConfirmed`): a light-on-dark code's finders are light rings there. An image
    /// without one has no light-on-dark code for the full-size `inverted` pass to read: on jsqr-photos
    /// and the generated corpus every code only `inverted` reads shows at least one (the generated
    /// inverted class three to seven). Most images `inverted` missed on show none, and where texture
    /// or print shows a light ring, it is seen on a row or two (jsqr-photos: four images paid a
    /// full-size pass, 240 M instructions, for such rings). A finder search costs a few operations a
    /// pixel, a ZBar pass about 260.
    mutating func showsInvertedFinder() -> Bool {
        if let invertedFinderCache { return invertedFinderCache }
        let shows = finders().binary.inverted().finderPatterns().contains(where: \.isConfirmed)
        invertedFinderCache = shows
        return shows
    }

    /// The copies `pass` scans, in order.
    static func copies(of pass: QRScanPass) -> [Copy] {
        switch pass {
        case .downscaled: return [.coarse, .main, .inverse, .twoThirds]
        case .binarized: return [.main, .reducedBinarized]
        case .threshold: return [.main, .sparseThreshold]
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
        let view: View?
        switch copy {
        case .coarse: view = coarse()
        case .main: view = self.view(for: pass)
        case .inverse: view = passes.contains(.inverted) ? inverse() : nil
        case .twoThirds: view = twoThirds()
        case .reducedBinarized: view = reducedBinarized()
        case .sparseThreshold:
            view = (thresholdView ?? self.view(for: .threshold)).map { View(image: $0.image, map: $0.map, density: 2) }
            thresholdView = nil
        }
        // A copy that runs only because the finder search saw a group scans that group's region (not
        // `upscaled`: it enlarges the original, not the working image, and only images up to 200 px).
        guard let view, passes.contains(.finders), Self.needsFinderEvidence(pass, copy: copy), pass != .upscaled,
            let region = groupRegion()
        else { return view }
        return view.cropped(to: region)
    }

    /// The part of the working image that holds the unread finder groups' codes (the union of their
    /// `FinderPattern.region`s, `groupRegionMargin` modules wide), when it is under `groupRegionShare`
    /// of the image. The passes gated on a finder group (`needsFinderEvidence`) read codes that show
    /// such a group, so they scan only there: on a photo with a small code, a fraction of the pixels
    /// ZBar would scan.
    mutating func groupRegion() -> (left: Int, top: Int, right: Int, bottom: Int)? {
        if let groupRegionCache { return groupRegionCache }
        let region = region(of: unreadGroups([]))
        groupRegionCache = .some(region)
        return region
    }

    /// The part of the working image that holds the codes of `groups` (the union of their
    /// `FinderPattern.region`s, `groupRegionMargin` modules wide), when it is under `groupRegionShare`
    /// of the image.
    mutating func region(of groups: [[FinderPattern]]) -> (left: Int, top: Int, right: Int, bottom: Int)? {
        let image = finders().working
        let boxes = groups.map { FinderPattern.region(of: $0, margin: Self.groupRegionMargin) }
        var region: (left: Int, top: Int, right: Int, bottom: Int)? = nil
        if let minX = boxes.map(\.left).min(), let minY = boxes.map(\.top).min(),
            let maxX = boxes.map(\.right).max(), let maxY = boxes.map(\.bottom).max()
        {
            let left = max(0, Int(minX.rounded(.down)))
            let top = max(0, Int(minY.rounded(.down)))
            let right = min(image.width, Int(maxX.rounded(.up)) + 1)
            let bottom = min(image.height, Int(maxY.rounded(.up)) + 1)
            let area = Double(max(0, right - left)) * Double(max(0, bottom - top))
            if right - left >= 21, bottom - top >= 21,
                area < Self.groupRegionShare * Double(image.width) * Double(image.height)
            {
                region = (left, top, right, bottom)
            }
        }
        return region
    }

    /// The original image, cut to the region of `groups` (`region(of:)`) where that is under
    /// `groupRegionShare` of it.
    mutating func original(around groups: [[FinderPattern]]) -> View {
        let whole = View(image: original, map: .identity)
        guard let box = region(of: groups) else { return whole }
        let map = finders().map
        let topLeft = map.apply(x: Double(box.left), y: Double(box.top))
        let bottomRight = map.apply(x: Double(box.right), y: Double(box.bottom))
        return whole.cropped(
            to: (
                Int(topLeft.x.rounded(.down)), Int(topLeft.y.rounded(.down)), Int(bottomRight.x.rounded(.up)),
                Int(bottomRight.y.rounded(.up))
            ))
    }

    /// Modules around the finder centres (and the mirrored corners) that `groupRegion` keeps: the 3.5
    /// modules from a finder's centre to the code's edge, a 4-module quiet zone, and room for
    /// curvature and the module-size estimate (a group of two gets the distance between them as well).
    static let groupRegionMargin = 12.0
    /// From this share of the image's area the region is not worth cutting out.
    static let groupRegionShare = 0.7

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

    /// The passes whose full-size image ZBar scans on every second row and column: the block-binarised
    /// and sharpened images (their edges are steep, and they mostly read codes with modules of several
    /// pixels) and the upscaled copy, whose every second line is still every line of the original.
    /// Measured: on jsqr-photos, the generated corpus and the test corpus they read the same codes at
    /// half of ZBar's cost there (`threshold` and `denoised` each lost a photo at density 2, `inverted`
    /// a test-corpus image: they scan every line).
    static let sparsePasses: Set<QRScanPass> = [.binarized, .sharpened, .upscaled]

    /// The view for `pass`, or nil when the pass does not apply to this image.
    mutating func view(for pass: QRScanPass) -> View? {
        guard var view = fullView(for: pass) else { return nil }
        if Self.sparsePasses.contains(pass) { view.density = 2 }
        return view
    }

    private mutating func fullView(for pass: QRScanPass) -> View? {
        // The `threshold` image is kept only until the next pass (`scanBytes` counts one copy at a time).
        if pass != .threshold { thresholdView = nil }
        switch pass {
        case .plain:
            return View(image: original, map: .identity)
        case .inverted:
            return working { $0.inverted() }
        case .normalized:
            let base = working()
            return base.image.contrastStretched().map { View(image: $0, map: base.map) }
        case .threshold:
            if let thresholdView { return thresholdView }
            thresholdView = working { $0.adaptiveThresholded() }
            return thresholdView
        case .binarized:
            // The finder search binarised the same working image already.
            if let finderCache { return View(image: finderCache.binary, map: finderCache.map) }
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
            // 3× by replication: 1-px modules become 3 px.
            let (image, map) = original.replicated(by: 3)
            return View(image: image, map: map)
        case .finders:
            return nil
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

    /// The working image, the map from it to the original, the image block-binarised and its finder
    /// patterns (in the working image's coordinates).
    struct FinderState {
        var working: GrayImage
        var map: AffineMap
        var binary: GrayImage
        var patterns: [FinderPattern]

        /// `patterns` in the original image's coordinates (centre and module size).
        var originalPatterns: [FinderPattern] {
            patterns.map { pattern in
                let centre = map.apply(x: pattern.x, y: pattern.y)
                return FinderPattern(x: centre.x, y: centre.y, module: pattern.module * map.a, hits: pattern.hits)
            }
        }
    }

    /// The finder patterns of the working image, found once per image for a few operations a pixel.
    mutating func finders() -> FinderState {
        if let finderCache { return finderCache }
        let base = working()
        let binary = base.image.blockBinarized()
        let found = FinderState(working: base.image, map: base.map, binary: binary, patterns: binary.finderPatterns())
        finderCache = found
        return found
    }

    /// Above `workingAbove` (1400 px) and up to this longer side, where every pass missed, the finder
    /// search runs once more on the image as given (`smallCodeGroups`): the working copy is reduced
    /// 2–3×, and a code of 2–3 px modules shrinks to a module of a pixel or less there, where its
    /// finder patterns blur into grey. Larger images are left out: their full-size binarised copy would
    /// cost more memory than `QRBatchScanner.scanBytes` reserves and more time than a miss may.
    static let smallCodeSearchUpTo = 3000

    /// The finder search of `finders()` on the image as given, for `smallCodeGroups`: nil where the
    /// working image is the original, or the image is over `smallCodeSearchUpTo`. It also takes runs whose
    /// like edges hold where their widths do not (`finderPatterns(edgeToEdge:)`): the blurred finders of a
    /// code of 2-px modules, which at the working copy's size the search does not see at all (the three seeds
    /// of `make-small-code-set.py`: 24, 23 and 26 of 40 read without, 32, 29 and 35 with; zxing-cpp 26, 18
    /// and 27). Not in the working copy's search: there the extra candidates in textures and tilted codes
    /// crowded out groups that read (on the 743 benchmark images nine codes of the slant and perspective sets lost,
    /// three others gained).
    mutating func fullSizeFinders() -> FinderState? {
        if let fullSizeFinderCache { return fullSizeFinderCache }
        let longer = max(original.width, original.height)
        var found: FinderState?
        if longer > Self.workingAbove, longer <= Self.smallCodeSearchUpTo {
            let binary = original.blockBinarized()
            found = FinderState(
                working: original, map: .identity, binary: binary, patterns: binary.finderPatterns(edgeToEdge: true))
        }
        fullSizeFinderCache = .some(found)
        return found
    }

    /// The module size, in the working copy's pixels, up to which a finder pattern's code is read again on
    /// the image as given (`smallCodeGroups`): the working copy's drawings of a blurred, rotated code of
    /// 1.5–2 px modules miss where the image as given, with two or three times the pixels, reads (a seeded
    /// set of 40 small codes in 1600–2800 px photos: 23 read with 1.5 px, 29 with 2 px and the working
    /// copy's own patterns; zxing-cpp 30).
    static let smallCodeModule = 2.0

    /// Groups (`FinderPattern.codeGroups`) of the finder patterns with modules too small for the working
    /// copy (`smallCodeModule`), in the original's coordinates: those the full-size search
    /// (`fullSizeFinders`) sees, and those only the working copy's search sees (the image as given keeps
    /// the noise that the reduction averages away, so its search can lose a blurred code's finders), mapped
    /// to the original. Larger ones the working copy's reading handles. Empty where the full-size search
    /// does not apply. The groups are drawn from the image as given sharpened (`GrayImage.sharpened`): a
    /// module of 2 px is blurred over its neighbours, and sharpening restores the contrast between them
    /// that the module-by-module reading needs (the two seeds of `make-small-code-set.py`: 19 and 17 of 40
    /// drawn from the image as given, 24 and 23 sharpened; zxing-cpp 26 and 18).
    mutating func smallCodeGroups() -> (state: FinderState, groups: [[FinderPattern]])? {
        guard let full = fullSizeFinders() else { return nil }
        let reduction = finders().map.a
        var small = full.patterns.filter { $0.module <= Self.smallCodeModule * reduction }
        for pattern in finders().originalPatterns where pattern.module <= Self.smallCodeModule * reduction {
            let seen = full.patterns.contains { other in
                abs(other.x - pattern.x) < 2 * pattern.module && abs(other.y - pattern.y) < 2 * pattern.module
            }
            if !seen { small.append(pattern) }
        }
        let groups = FinderPattern.codeGroups(small, limit: Self.finderGroupLimit)
        guard !groups.isEmpty else { return nil }
        let sharpened = FinderState(
            working: full.working.sharpened(), map: full.map, binary: full.binary, patterns: full.patterns)
        return (sharpened, groups)
    }

    /// Groups of two or three finder patterns (`FinderPattern.codeGroups`) among those that are not
    /// part of one of `symbols` (`FinderPattern.isPart`): where a code no pass read may be. Best
    /// confirmed first; in the working image's coordinates.
    mutating func unreadGroups(_ symbols: [QRSymbol]) -> [[FinderPattern]] {
        let part = partOfRead(symbols)
        let patterns = zip(finders().patterns, part).filter { !$0.1 }.map(\.0)
        return FinderPattern.codeGroups(patterns, limit: Self.finderGroupLimit)
    }

    /// Whether each of the finder search's patterns is part of one of `symbols` (`FinderPattern.isPart`),
    /// in the order of `finders().patterns`.
    mutating func partOfRead(_ symbols: [QRSymbol]) -> [Bool] {
        let mapped = finders().originalPatterns
        guard !symbols.isEmpty else { return mapped.map { _ in false } }
        let owned = symbols.map { symbol -> (symbol: QRSymbol, module: Double?) in
            let own = mapped.filter { $0.isExplained(by: symbol) }.map(\.module)
            return (symbol, own.isEmpty ? nil : own.reduce(0, +) / Double(own.count))
        }
        return mapped.map { pattern in owned.contains { pattern.isPart(of: $0.symbol, ownModule: $0.module) } }
    }

    /// Whether the finder `group` (from `unreadGroups`) is worth scanning once `read` are read: before
    /// any code is, every group is; after, only three confirmed patterns (`FinderPattern.isConfirmed`)
    /// none of which is part of a code read (`FinderPattern.isPart`). A group with such a pattern is
    /// that code again; a pair, or patterns seen on a row or two, is left alone: a second code shows
    /// its three finders whole, and a photo's texture or noise shows pairs and faint triples everywhere
    /// (on jsqr-photos, the crops of pairs after a read, doubled where their modules are small, cost
    /// 150 M instructions and read nothing).
    mutating func isWorthScanning(_ group: [FinderPattern], after read: [QRSymbol]) -> Bool {
        guard !read.isEmpty else { return true }
        guard group.count >= 3, group.allSatisfy(\.isConfirmed) else { return false }
        let readPatterns = zip(finders().patterns, partOfRead(read)).filter(\.1).map(\.0)
        return !group.contains(where: readPatterns.contains)
    }

    /// At most this many finder groups are scanned per image.
    static let finderGroupLimit = 3

    /// The images to scan for the code of a finder `group` (working coordinates), in order, each made
    /// only when asked for (the scan stops at the first that reads). For three patterns: the code drawn
    /// upright in each `GroupRendering` (read module by module, then resampled) at the module count the
    /// finders suggest and, for the `best` group of the image, the sizes either side (the estimate is
    /// often one version off), through the homography that the alignment pattern, when found, makes
    /// exact for perspective; last, for the best group, the code read along its timing patterns as if bent
    /// round a cylinder (`GroupRendering.bent`). For two: the triples they may be two of
    /// (`FinderPattern.completions`), drawn module by module, then the crop of the original around them
    /// (`finderCrop`) and that crop block-binarised. `state`: the finder search the group comes from
    /// (default `finders()`).
    mutating func groupViews(_ group: [FinderPattern], best: Bool, state: FinderState? = nil) -> [() -> GroupView?] {
        let state = state ?? finders()
        let outlineViews = outlineViews(group, best: best, state: state)
        let partialViews = partialOutlineViews(group, state: state)
        // A triple only strong perspective explains is read through its outlines alone.
        guard group.count < 3 || GrayImage.irregularity(group) != nil else { return outlineViews + partialViews }
        if let frame = GrayImage.oriented(group), let estimate = FinderPattern.dimension(of: group) {
            let dimensions = (best ? [estimate, estimate - 4, estimate + 4] : [estimate]).filter { $0 >= 21 }
            // The alignment pattern of each size, searched once, by the first view of that size made.
            var alignments: [Int: ImagePoint?] = [:]
            func view(_ rendering: GroupRendering, dimension: Int, checked: Bool) -> () -> GroupView? {
                {
                    if alignments[dimension] == nil {
                        alignments[dimension] = .some(
                            state.binary.alignmentPattern(
                                corner: frame.0, right: frame.1, down: frame.2, dimension: dimension))
                    }
                    return Self.drawing(
                        frame, dimension: dimension, alignment: alignments[dimension] ?? nil, rendering: rendering,
                        state: state, checked: checked)
                }
            }
            return outlineViews
                + dimensions.flatMap { dimension in
                    GroupRendering.order(dimension: dimension).map {
                        view($0, dimension: dimension, checked: dimension != estimate)
                    }
                }
                + partialViews
                + (best ? dimensions : []).flatMap { dimension in
                    [true, false].map { view(.bent(across: $0), dimension: dimension, checked: false) }
                }
        }
        // A pair: first the triples it may be two of, drawn module by module, then the crop of the original
        // around it for ZBar. (Skipping the crop where no drawing showed format information lost two codes
        // that ZBar reads there: jsqr-photos' japanese-jean-ad and a 65° slant.)
        let completions = FinderPattern.completions(of: group).map { triple -> () -> GroupView? in
            {
                guard let frame = GrayImage.oriented(triple), let dimension = FinderPattern.dimension(of: triple)
                else { return nil }
                let alignment = state.binary.alignmentPattern(
                    corner: frame.0, right: frame.1, down: frame.2, dimension: dimension)
                return Self.drawing(
                    frame, dimension: dimension, alignment: alignment, rendering: .sampled, state: state, checked: false
                )
            }
        }
        return completions + cropViews(group, state: state)
    }

    /// The code of the finder patterns `frame` (corner, right, down) of `dimension` modules drawn upright by
    /// `rendering`, through the homography of the finder centres and the alignment pattern when found
    /// (`GrayImage.codeHomography`).
    static func drawing(
        _ frame: (FinderPattern, FinderPattern, FinderPattern), dimension: Int, alignment: ImagePoint?,
        rendering: GroupRendering, state: FinderState, checked: Bool
    ) -> GroupView? {
        GrayImage.codeHomography(finders: frame, alignment: alignment, dimension: dimension).flatMap {
            GroupView(rendering, through: $0, dimension: dimension, state: state, checked: checked)
        }
    }

    /// The crop of the original around a pair (`finderCrop`), then that crop block-binarised: for ZBar.
    mutating func cropViews(_ group: [FinderPattern], state: FinderState) -> [() -> GroupView?] {
        let box = FinderPattern.region(of: group)
        let topLeft = state.map.apply(x: box.left, y: box.top)
        let bottomRight = state.map.apply(x: box.right, y: box.bottom)
        guard
            let crop = finderCrop(
                left: topLeft.x, top: topLeft.y, right: bottomRight.x, bottom: bottomRight.y,
                module: box.module * state.map.a)
        else { return [] }
        return [
            { GroupView(image: crop.image, map: crop.map, warp: nil, scale: 1, density: crop.density) },
            {
                GroupView(
                    image: crop.image.blockBinarized(), map: crop.map, warp: nil, scale: 1, density: crop.density)
            },
        ]
    }

    /// The images to scan for the code of a three-pattern `group` through the homography its finders'
    /// outlines fit (`GrayImage.outlineHomography`), tried before the finder-centre frame: read module
    /// by module, then resampled at 2 px a module, at the module count the outlines estimate
    /// (`FinderOutline.dimension`) and, for the `best` group, the sizes either side when the resampled
    /// code shows its timing patterns. Empty for a pair; each view nil when an outline is not found.
    /// Finder centres give an affine frame plus, from version 2 on, the alignment pattern searched
    /// near where that frame puts it; under strong perspective the frame misses the far corner by
    /// modules and the search by more than its reach. The outlines' twelve corners fit the
    /// perspective itself.
    mutating func outlineViews(_ group: [FinderPattern], best: Bool, state: FinderState) -> [() -> GroupView?] {
        guard group.count == 3, GrayImage.irregularity(group, perspective: true) != nil else { return [] }
        // Found once, by the first view made.
        var outlines: (FinderOutline, FinderOutline, FinderOutline)?? = nil
        func found() -> (FinderOutline, FinderOutline, FinderOutline)? {
            if outlines == nil { outlines = .some(state.binary.outlineFrame(group)?.outlines) }
            return outlines ?? nil
        }
        let offsets = best ? [0, -4, 4] : [0]
        return offsets.flatMap { offset -> [() -> GroupView?] in
            [GroupRendering.sampled, .bilinear(2)].map { rendering in
                {
                    guard let outline = found(), let estimate = FinderOutline.dimension(of: outline) else {
                        return nil
                    }
                    let dimension = estimate + offset
                    guard dimension >= 21, dimension <= 177,
                        let homography = state.binary.outlineHomography(outline, dimension: dimension)
                    else { return nil }
                    return GroupView(
                        rendering, through: homography, dimension: dimension, state: state, checked: offset != 0)
                }
            }
        }
    }

    /// The images to scan for the code of a three-pattern `group` of which only one or two finders show
    /// an outline (`GrayImage.partialOutlineFrame`; a code tilted past 60°, whose far finders' rings
    /// merge with their surroundings): through the homography fitted to the outlines found and the
    /// other finders' centres, at each module count `FinderOutline.dimensions` suggests, read module by
    /// module, then resampled at 2 px a module. One is read only when it shows its timing patterns
    /// (`checked`): most sizes are wrong. Tried after the group's other views; each nil when they apply
    /// (every finder has an outline) or no frame fits.
    mutating func partialOutlineViews(_ group: [FinderPattern], state: FinderState) -> [() -> GroupView?] {
        guard group.count == 3, GrayImage.irregularity(group, perspective: true) != nil else { return [] }
        // Found once, by the first view made.
        var partial:
            (
                frame: (FinderPattern, FinderPattern, FinderPattern), outlines: [FinderOutline?], dimensions: [Int]
            )?? = nil
        func found() -> (
            frame: (FinderPattern, FinderPattern, FinderPattern), outlines: [FinderOutline?], dimensions: [Int]
        )? {
            if partial == nil {
                partial = .some(
                    state.binary.partialOutlineFrame(group).map { found in
                        (found.frame, found.outlines, FinderOutline.dimensions(of: found.outlines, frame: found.frame))
                    })
            }
            return partial ?? nil
        }
        return (0..<5).flatMap { candidate -> [() -> GroupView?] in
            [GroupRendering.sampled, .bilinear(2)].map { rendering in
                {
                    guard let found = found(), candidate < found.dimensions.count else { return nil }
                    let dimension = found.dimensions[candidate]
                    guard
                        let homography = state.binary.outlineHomography(
                            found.outlines, frame: found.frame, dimension: dimension)
                    else { return nil }
                    return GroupView(
                        rendering, through: homography, dimension: dimension, state: state, checked: true)
                }
            }
        }
    }

    /// An image made for a finder group: points found on it map back to the original through `warp`
    /// (module coordinates of a resampled code, `scale` px a module with a 4-module quiet zone, to the
    /// working image), when set, and then `map`.
    struct GroupView {
        var image: GrayImage
        var map: AffineMap
        var warp: Homography?
        var scale: Double
        /// ZBar's scan density (`View.density`): 2 for a crop doubled in size.
        var density: Int32 = 1
        /// The module count of a resampled code (nil for a crop).
        var dimension: Int? = nil
        /// Whether ZBar reads it only when it shows its timing patterns (sizes other than the estimate).
        var checked = false
        /// How a resampled code was drawn (nil for a crop).
        var rendering: GroupRendering? = nil

        /// The outer corners of a resampled code in this image, in ZBar's order: top-left, bottom-left,
        /// bottom-right, top-right (empty for a crop).
        var codeCorners: [ImagePoint] {
            guard let dimension else { return [] }
            let near = 4 * scale, far = Double(4 + dimension) * scale
            return [
                ImagePoint(x: near, y: near), ImagePoint(x: near, y: far), ImagePoint(x: far, y: far),
                ImagePoint(x: far, y: near),
            ]
        }

        /// Whether this is a code drawn module by module (`GroupRendering.sampled` or `.bent`).
        var isSampled: Bool {
            switch rendering {
            case .sampled?, .bent?: true
            default: false
            }
        }

        /// Whether a resampled code shows its timing patterns (`GrayImage.showsTimingPatterns`); false for
        /// a crop.
        var showsTimingPatterns: Bool {
            dimension.map { image.showsTimingPatterns(dimension: $0, scale: Int(scale)) } ?? false
        }

        /// The modules of a resampled code, read back (`GrayImage.uprightModules`); nil for a crop.
        var modules: UprightModules? {
            dimension.flatMap { image.uprightModules(dimension: $0, scale: Int(scale)) }
        }

        func toOriginal(_ point: ImagePoint) -> ImagePoint {
            guard let warp else { return map.apply(x: point.x, y: point.y) }
            let inWorking = warp.apply(point.x / scale - 4, point.y / scale - 4)
            return map.apply(x: inWorking.x, y: inWorking.y)
        }
    }

    /// How the code of a group of three finder patterns is drawn upright, in the order tried for each
    /// module count. Each drawing is read back module by module (`UprightModules.reading`) before ZBar
    /// sees it.
    enum GroupRendering {
        /// Read module by module from the block-binarised image and drawn clean (`sampledCode`), 2 px
        /// a module: what is left is decoding, which the read-back does for most codes. Tried first: it
        /// reads most codes, and where perspective or a curved surface bends a code, ZBar's own sampling
        /// of a resampled image misses some it reads.
        case sampled
        /// Resampled from the grey image (`warped`) at `scale` px a module: 2, and up to version 7
        /// (45 modules) 3 after a miss, where ZBar reads some small photographed codes that the
        /// module-by-module reading gets a few modules wrong on.
        case bilinear(Int)
        /// Read module by module along the timing pattern (`bentCode`), 2 px a module: a code bent around a
        /// cylinder, along the top timing row (`across`) or the left timing column. Tried last, for the best
        /// group only, at each of its module counts; like `sampled`, a drawing that does not correct goes to no
        /// ZBar.
        case bent(across: Bool)

        var scale: Int {
            switch self {
            case .sampled, .bent: 2
            case .bilinear(let scale): scale
            }
        }

        static func order(dimension: Int) -> [GroupRendering] {
            dimension <= 45 ? [.sampled, .bilinear(2), .bilinear(3)] : [.sampled, .bilinear(2)]
        }
    }

    /// The crop of the original holding a region, scaled so its modules are about 3–8 px: bilinear
    /// doubling below 3.5 px (ZBar misses 2-px modules of a photographed code that it reads doubled),
    /// box-downscaled above 8 px.
    func finderCrop(left: Double, top: Double, right: Double, bottom: Double, module: Double) -> View? {
        guard
            let cut = original.cropped(
                left: Int(left.rounded(.down)), top: Int(top.rounded(.down)),
                right: Int(right.rounded(.up)) + 1, bottom: Int(bottom.rounded(.up)) + 1),
            min(cut.0.width, cut.0.height) >= 21
        else { return nil }
        let (crop, cropMap) = cut
        if module < 3.5, max(crop.width, crop.height) <= 800 {
            // Scanned on every second line, as `upscaled` is: every line of the original.
            let (image, map) = crop.bilinearDoubled()
            return View(image: image, map: cropMap.after(map), density: 2)
        }
        if module > 8 {
            let (image, map) = crop.boxDownscaled(by: Int(module / 4))
            return View(image: image, map: cropMap.after(map))
        }
        // Most of the image at its own scale is the image as given, and its block-binarised copy the
        // full-size `binarized` image: the later passes scan those (and ZBar reads nothing more there
        // than elsewhere, as `plain` showed).
        if Double(crop.width * crop.height) >= Self.groupRegionShare * Double(original.width * original.height) {
            return nil
        }
        return View(image: crop, map: cropMap)
    }

    private mutating func rotated(_ degrees: Double) -> View? {
        let base = working()
        let (image, map) = base.image.rotated(degrees: degrees)
        return View(image: image, map: base.map.after(map))
    }
}

extension PassViews.GroupView {
    /// The code of `dimension` modules that `homography` maps from module coordinates to the working
    /// image of `state`, drawn upright in `rendering`; nil when it cannot be drawn.
    init?(
        _ rendering: PassViews.GroupRendering, through homography: Homography, dimension: Int,
        state: PassViews.FinderState, checked: Bool
    ) {
        let made: (GrayImage, Homography)?
        switch rendering {
        case .sampled:
            made = state.binary.sampledCode(through: homography, dimension: dimension, scale: rendering.scale)
        case .bilinear(let scale):
            made = state.working.warped(through: homography, dimension: dimension, scale: scale)
        case .bent(let across):
            made = state.binary.bentCode(
                through: homography, dimension: dimension, scale: rendering.scale, across: across)
        }
        guard let made else { return nil }
        self.init(
            image: made.0, map: state.map, warp: made.1, scale: Double(rendering.scale), dimension: dimension,
            checked: checked, rendering: rendering)
    }
}
