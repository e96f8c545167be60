internal import CZBar

import struct FoundationEssentials.Data

/// Finds every QR code (or other enabled symbology) in a grayscale image with ZBar, retrying with
/// robustness passes (inverted, contrast-normalised, thresholded, rescaled, denoised, rotated) when
/// a pass finds nothing.
///
/// Use one `QRScanner` per thread (`QRBatchScanner` does). Results are deterministic: passes run in
/// a fixed order, and every ZBar run starts from a fresh ZBar scanner, so the same image and options
/// give the same symbols whatever was scanned before, on any thread.
public final class QRScanner {
    /// The per-image budget `scan` uses unless told otherwise: CPU time of the scanning thread with the
    /// default clock, a safety net against pathological images that normal images stay far below.
    public static let defaultBudget: Duration = .seconds(2)

    /// What this scanner looks for and which passes it tries.
    public let options: QRScanOptions
    private let clock: ScanClock

    /// Makes a scanner; throws `imaging.library_failure` when ZBar cannot allocate one.
    public init(options: QRScanOptions = QRScanOptions(), clock: ScanClock = .threadCPU) throws {
        guard let probe = Self.makeZBarScanner(options.symbologies) else {
            throw ImagingError(.libraryFailure, "ZBar could not create an image scanner")
        }
        zbar_image_scanner_destroy(probe)
        self.options = options
        self.clock = clock
    }

    /// A ZBar image scanner for `symbologies`, in binary mode, or nil when ZBar cannot allocate one.
    ///
    /// Every ZBar run gets a fresh one: ZBar's QR reader keeps a pseudo-random generator (it draws
    /// sample points when fitting finder-pattern edges) that is seeded once, when the scanner is
    /// created, and advances with every scan. A scanner reused across images made a result depend on
    /// what was scanned before it. A fresh scanner costs a few microseconds.
    static func makeZBarScanner(_ symbologies: Set<Symbology>) -> OpaquePointer? {
        guard let handle = zbar_image_scanner_create() else { return nil }
        zbar_image_scanner_set_config(handle, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        for symbology in symbologies {
            zbar_image_scanner_set_config(handle, symbology.zbarType, ZBAR_CFG_ENABLE, 1)
        }
        // Binary mode: the payload bytes come back exactly, never through ZBar's charset guessing.
        zbar_image_scanner_set_config(handle, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1)
        zbar_image_scanner_set_config(handle, ZBAR_SQCODE, ZBAR_CFG_BINARY, 1)
        return handle
    }

    /// Every symbol in `image`, trying passes until one finds something or the options' `defaultBudget`
    /// (nil: none) runs out.
    public func scan(_ image: GrayImage) -> [QRSymbol] {
        scanReport(image, budget: options.defaultBudget).symbols
    }

    /// Every symbol in `image`, trying passes until one finds something or `budget` (nil: none) runs out.
    public func scan(_ image: GrayImage, budget: Duration?) -> [QRSymbol] {
        scanReport(image, budget: budget).symbols
    }

    /// Like `scan(_:)`, and also says which passes ran and whether the budget cut the scan short.
    public func scanReport(_ image: GrayImage) -> QRScanReport {
        scanReport(image, budget: options.defaultBudget)
    }

    /// Like `scan(_:budget:)`, and also says which passes ran and whether the budget cut the scan short.
    public func scanReport(_ image: GrayImage, budget: Duration?) -> QRScanReport {
        let start = clock.now()
        var run: [QRScanPass] = []
        var views = PassViews(original: image)
        // The late passes that read only codes whose finder patterns show are skipped where the finder
        // search (part of the `finders` pass, so only when that pass is asked for) could see them and saw
        // none; `inverted` where the border is light and the inverted binarised image shows none either.
        let gated = options.passes.contains(.finders)
        for pass in views.order(options.passes) where views.applies(pass) {
            // `finders` applies only where finder patterns were found.
            let groups = pass == .finders ? views.unreadGroups([]) : []
            if pass == .finders, groups.isEmpty { continue }
            if let budget, clock.now() - start >= budget, !run.isEmpty {
                return QRScanReport(symbols: [], passesRun: run, budgetExhausted: true)
            }
            if pass == .finders {
                // The finder regions of an image no other pass read.
                run.append(.finders)
                let found = scanGroups(groups, views: &views)
                if !found.isEmpty {
                    return QRScanReport(symbols: withSegments(found, in: image), passesRun: run, budgetExhausted: false)
                }
                // Groups all drawn, none of the drawings with format information: no code there.
                views.findersSawNoCode = !views.findersSawFormat && !views.findersLeftGroupUndrawn
                continue
            }
            var found: [QRSymbol] = []
            var foundOn = PassViews.Copy.main
            var ran = false
            for copy in PassViews.copies(of: pass) where found.isEmpty {
                if gated, PassViews.needsFinderEvidence(pass, copy: copy), views.lacksEvidence(for: pass) { continue }
                if gated, pass == .inverted, copy == .main, views.lacksInvertedFinder() { continue }
                guard let view = views.view(for: pass, copy: copy, passes: options.passes) else { continue }
                if !ran { run.append(pass) }
                ran = true
                let reported = PassViews.reportedPass(pass, copy: copy)
                found =
                    gated && pass == .threshold && copy == .main
                    ? readThreshold(view, views: &views)
                    : decode(view.image, map: view.map, pass: reported, density: view.density)
                foundOn = copy
            }
            if !found.isEmpty {
                // A halved image may have lost a second code with smaller modules: unless what was
                // found fills most of the image, or the image shows no finder pattern the codes read
                // do not explain, the image as given is scanned too (reported as `plain`, in or out of
                // the pass list), where those finder patterns are.
                if pass == .downscaled, foundOn != .inverse, views.isHalved, !run.contains(.plain),
                    Self.coverage(of: found, in: image) < Self.aloneCoverage
                {
                    let unread = views.unreadGroups(found)
                    if !unread.isEmpty {
                        run.append(.plain)
                        let view = views.original(around: unread)
                        let full = decode(view.image, map: view.map, pass: .plain)
                        found += full.filter { symbol in !found.contains { $0.isSameCode(as: symbol) } }
                    }
                }
                // Finder patterns no code read explains (a small code beside or inside a larger one):
                // their regions are scanned on their own, unless `finders` ran already.
                if !run.contains(.finders), views.looksForMore, options.passes.contains(.finders),
                    foundOn != .inverse
                {
                    let groups = views.unreadGroups(found)
                    if !groups.isEmpty {
                        run.append(.finders)
                        let more = scanGroups(groups, views: &views, after: found)
                        found += more.filter { symbol in !found.contains { $0.isSameCode(as: symbol) } }
                    }
                }
                return QRScanReport(symbols: withSegments(found, in: image), passesRun: run, budgetExhausted: false)
            }
        }
        // Last: a small code in a large image, whose finder patterns only the image as given shows.
        if options.passes.contains(.finders), let small = views.smallCodeGroups() {
            if let budget, clock.now() - start >= budget, !run.isEmpty {
                return QRScanReport(symbols: [], passesRun: run, budgetExhausted: true)
            }
            if !run.contains(.finders) { run.append(.finders) }
            let found = scanGroups(small.groups, views: &views, state: small.state)
            if !found.isEmpty {
                return QRScanReport(symbols: withSegments(found, in: image), passesRun: run, budgetExhausted: false)
            }
        }
        return QRScanReport(symbols: [], passesRun: run, budgetExhausted: false)
    }

    /// Where ZBar still scans the `threshold` image after its own finder groups read nothing: up to this
    /// many pixels. ZBar's finder search sees modules of a pixel or two, which ours does not
    /// (stickerbook-1, 731 × 490: no finder pattern of ours on its threshold image; japan-visa), and on an
    /// image this small its run costs a few milliseconds. On the larger images of the mixed set that
    /// nothing reads, that run was a quarter of their time.
    static let thresholdZBarUpTo = 400_000

    /// The `threshold` pass where `finders` is among the passes: the finder search on the adaptive-threshold
    /// image, whose local threshold keeps finder patterns that the block binarisation of `finders` loses to
    /// blur, uneven light or strong perspective, and each of its groups read as a `finders` group is (drawn
    /// from the grey working image, outlined and cropped on the threshold image), but not as the image's
    /// best: `finders` tried the neighbouring sizes and the bent reading of its own best group. ZBar scans
    /// the image only where that reads nothing and the image is small (`thresholdZBarUpTo`). Symbols are
    /// reported as `threshold`.
    func readThreshold(_ view: PassViews.View, views: inout PassViews) -> [QRSymbol] {
        let base = views.finders()
        let patterns = view.image.finderPatterns()
        let groups = FinderPattern.codeGroups(patterns, limit: PassViews.finderGroupLimit)
        let state = PassViews.FinderState(working: base.working, map: base.map, binary: view.image, patterns: patterns)
        let found = scanGroups(groups, views: &views, state: state, pass: .threshold, bestFirst: false)
        guard found.isEmpty, view.image.width * view.image.height <= Self.thresholdZBarUpTo else { return found }
        return decode(view.image, map: view.map, pass: .threshold, density: view.density)
    }

    /// Scans the views of each finder group (`PassViews.groupViews`) until one reads; returns what
    /// they found, reported as `pass`, with points in the original image's coordinates. `read`:
    /// the codes an earlier pass read; `state`: the finder search the groups come from (default the
    /// working image's); `bestFirst`: the first group is the image's best (`PassViews.groupViews`).
    /// Once a code is read, the groups left are scanned only where they may hold another
    /// (`PassViews.isWorthScanning`). Only the `finders` pass's drawings are kept as evidence for the late
    /// passes (`PassViews.findersSawFormat`, `findersLeftGroupUndrawn`).
    func scanGroups(
        _ groups: [[FinderPattern]], views: inout PassViews, after read: [QRSymbol] = [],
        state: PassViews.FinderState? = nil, pass: QRScanPass = .finders, bestFirst: Bool = true
    ) -> [QRSymbol] {
        var found: [QRSymbol] = []
        for (index, group) in groups.enumerated() where views.isWorthScanning(group, after: read + found) {
            var symbols: [QRSymbol] = []
            var drawn = false
            for make in views.groupViews(group, best: bestFirst && index == 0, state: state) where symbols.isEmpty {
                guard let view = make() else { continue }
                // A resampled code is read back module by module (`UprightModules`): where it corrects and
                // holds plain character segments, that is the read, and ZBar (which would read the same
                // modules) does not run. A code drawn module by module that does not correct goes to ZBar
                // not at all; whether it shows format information is kept as evidence of a code for the
                // later passes. A grey resample that does not correct still goes to ZBar, whose own
                // sampling reads some of those, where it shows format information or timing patterns.
                var grid = view.isSampled ? view.modules : nil
                if let grid {
                    drawn = true
                    if grid.showsFormatInformation, pass == .finders { views.findersSawFormat = true }
                }
                // The sizes either side of the estimate are read only when the resampled code shows its
                // timing patterns: most of them are wrong, and a ZBar run that reads nothing costs more
                // than every other step of the pass.
                if view.checked, view.dimension != nil, !view.showsTimingPatterns { continue }
                if !view.isSampled { grid = view.modules }
                switch grid?.reading {
                case .read(let segments)? where options.symbologies.contains(.qrCode):
                    symbols = [
                        QRSymbol(
                            bytes: segments.payload, points: view.codeCorners.map(view.toOriginal), symbology: .qrCode,
                            pass: pass, segments: segments)
                    ]
                case .fails? where view.isSampled:
                    break
                // A grey resample that does not correct and shows neither format information nor timing
                // patterns: ZBar read 3 of 103 such on the 743 benchmark images, each of them read by a later
                // view or pass as well.
                case .fails?
                where !(grid?.showsFormatInformation ?? false) && !view.showsTimingPatterns:
                    break
                default:
                    symbols = decode(view.image, map: .identity, pass: pass, density: view.density).map {
                        symbol in symbol.moved(points: symbol.points.map(view.toOriginal), pass: pass)
                    }
                }
                // ZBar reads no QR Model 1: a view whose format information is model 1's is read here.
                if symbols.isEmpty, options.symbologies.contains(.qrCode), let dimension = view.dimension,
                    let symbol = QRModel1Reader.symbol(inView: view.image, dimension: dimension, scale: view.scale)
                {
                    symbols = [symbol.moved(points: symbol.points.map(view.toOriginal), pass: pass)]
                }
            }
            if !drawn, pass == .finders { views.findersLeftGroupUndrawn = true }
            found += symbols.filter { symbol in !found.contains { $0.isSameCode(as: symbol) } }
        }
        return found
    }

    /// `symbols` with their segments read on the image as given, through their corners there, where the
    /// view a pass read them on did not give them (a halved copy's modules are too small to sample
    /// again; a thresholded one lost detail). Both polarities: an `inverted` code is light on dark here.
    func withSegments(_ symbols: [QRSymbol], in image: GrayImage) -> [QRSymbol] {
        symbols.map { symbol in
            guard symbol.segments == nil, symbol.symbology == .qrCode else { return symbol }
            for lightOnDark in [false, true] {
                if let segments = QRSegmentReader.segments(
                    in: image, corners: symbol.points, payload: symbol.bytes, lightOnDark: lightOnDark)
                {
                    return QRSymbol(
                        bytes: symbol.bytes, points: symbol.points, symbology: symbol.symbology, pass: symbol.pass,
                        segments: segments, model: symbol.model)
                }
            }
            return symbol
        }
    }

    /// From this share of the image area covered by the codes read on the halved copy, they are taken
    /// to be alone (a single code with its quiet zone fills 50–80 % of a cropped image).
    static let aloneCoverage = 0.45

    /// The share of `image`'s area inside the symbols' corner polygons.
    static func coverage(of symbols: [QRSymbol], in image: GrayImage) -> Double {
        let area = Double(image.width) * Double(image.height)
        guard area > 0 else { return 1 }
        return symbols.map(\.polygonArea).reduce(0, +) / area
    }

    /// One ZBar run over `image` at scan `density`; points are mapped back to the original image through `map`.
    func decode(_ image: GrayImage, map: AffineMap, pass: QRScanPass, density: Int32 = 1) -> [QRSymbol] {
        guard image.width > 0, image.height > 0 else { return [] }
        return image.pixels.withUnsafeBufferPointer { buffer -> [QRSymbol] in
            guard let base = buffer.baseAddress, let handle = Self.makeZBarScanner(options.symbologies) else {
                return []
            }
            defer { zbar_image_scanner_destroy(handle) }
            guard let zimage = zbar_image_create() else { return [] }
            defer { zbar_image_destroy(zimage) }
            zbar_image_set_format(zimage, qrauth_zbar_fourcc_y800())
            zbar_image_set_size(zimage, UInt32(image.width), UInt32(image.height))
            zbar_image_set_data(zimage, base, UInt(buffer.count), nil)
            zbar_image_scanner_set_config(handle, ZBAR_NONE, ZBAR_CFG_X_DENSITY, density)
            zbar_image_scanner_set_config(handle, ZBAR_NONE, ZBAR_CFG_Y_DENSITY, density)
            guard zbar_scan_image(handle, zimage) > 0 else { return [] }
            var symbols: [QRSymbol] = []
            var next = zbar_image_first_symbol(zimage)
            while let symbol = next {
                next = zbar_symbol_next(symbol)
                guard let symbology = Symbology(zbarType: zbar_symbol_get_type(symbol)) else { continue }
                let length = Int(zbar_symbol_get_data_length(symbol))
                var bytes = Data()
                if length > 0, let data = zbar_symbol_get_data(symbol) {
                    bytes = data.withMemoryRebound(to: UInt8.self, capacity: length) { Data(bytes: $0, count: length) }
                }
                var corners: [ImagePoint] = []
                let count = zbar_symbol_get_loc_size(symbol)
                for index in 0..<count {
                    corners.append(
                        ImagePoint(
                            x: Double(zbar_symbol_get_loc_x(symbol, index)),
                            y: Double(zbar_symbol_get_loc_y(symbol, index))))
                }
                // The segment structure is read on the image ZBar read, through the corners it reports.
                let segments =
                    symbology == .qrCode ? QRSegmentReader.segments(in: image, corners: corners, payload: bytes) : nil
                symbols.append(
                    QRSymbol(
                        bytes: bytes, points: corners.map { map.apply(x: $0.x, y: $0.y) }, symbology: symbology,
                        pass: pass,
                        segments: segments))
            }
            return symbols
        }
    }
}
