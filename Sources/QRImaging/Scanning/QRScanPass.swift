/// One way of looking at an image. The scanner runs passes in a fixed order and stops at the first
/// pass that finds a symbol; each symbol names its pass.
///
/// The filter and rotation passes work on a copy reduced to about 1000 px when the image is over
/// 1400 px. docs/qr-scanning.md lists what each pass measurably adds on the benchmark corpus.
///
/// When `finders` is among the passes, its finder search also gates the late passes: the full-size
/// `binarized` image, `upscaled`, `sharpened` and `denoised` run only where it found a group of finder
/// patterns (so does `threshold`'s second, every-second-line scan), and `inverted` only where the
/// inverted binarised image shows a pattern.
public enum QRScanPass: String, Sendable, CaseIterable, Codable {
    /// Box-downscaled copies, smallest first, tried before the full-size passes because ZBar reads large modules
    /// there at a fraction of the full-size cost: images up to 1000 px halved (shorter side ≥ 120 px);
    /// larger ones to a longer side of about 700 px — preceded by a ~350 px copy when reduced 3× or
    /// more (photos), followed by a two-thirds copy when reduced 2× (screenshots). A halved-copy result
    /// that fills under 45 % of the image is completed by a full-size scan (other codes may be smaller).
    case downscaled
    /// The image as given. Not in the default order (see `defaultOrder`).
    case plain
    /// Light and dark swapped (white-on-black codes); tried first when the image's border is dark.
    case inverted
    /// Adaptive threshold against the local mean (noise, uneven lighting, JPEG artefacts). With `finders`
    /// among the passes, the finder search runs on this image and its groups are read the way `finders`
    /// reads its own; ZBar scans the image only where that reads nothing and the image is small (up to
    /// 400 000 px). Without `finders`, ZBar scans it. Where a finder group shows, the same image is scanned
    /// again on every second row and column after a miss.
    case threshold
    /// Binarised against a block-wise light level (8 × 8 blocks, threshold averaged over 5 × 5 blocks):
    /// photos with uneven light, glare, low contrast.
    case binarized
    /// Nearest-neighbour upscaled 3×; only for images up to 200 px (modules of 1–2 px).
    case upscaled
    /// Unsharp-masked (blurred codes).
    case sharpened
    /// A 3×3 box blur (heavy noise that `threshold` alone does not clean).
    case denoised
    /// The codes of finder patterns that no code read explains (groups of two or three patterns found on
    /// the block-binarised image), drawn upright and read module by module — a pair as each triple it may
    /// be two of, its region also cropped for ZBar (doubled when the modules are small, then binarised):
    /// a small code in a large photo, one nested in a larger code, one whose third finder is lost.
    /// After a pass reads a code, these regions are scanned too (reported as `finders`).
    case finders
    /// Contrast stretched between the 1st and 99th percentile; not in the default order (ZBar reads
    /// our low-contrast class without it).
    case normalized
    /// Rotated by 45°; not in the default order (ZBar read every 0–90° rotation of our corpus).
    case rotated45 = "rotated-45"
    /// Rotated by 30°; not in the default order.
    case rotated30 = "rotated-30"
    /// Rotated by 60°; not in the default order.
    case rotated60 = "rotated-60"

    /// The order the scanner tries passes in by default: the passes that measurably help. `plain` is not
    /// among them: with `finders` and `downscaled` before it, every code it read was read by another
    /// pass too (jsqr-photos, the generated and the test corpus), and on an image nothing reads it was a
    /// full-size ZBar scan for nothing. A halved-copy read still has the image as given scanned for
    /// other codes (`QRScanner`).
    public static let defaultOrder: [QRScanPass] = [
        .finders, .downscaled, .inverted, .threshold, .binarized, .upscaled, .sharpened, .denoised,
    ]

    /// ZBar on the image as given first, then the default passes without `finders`: what a rendered
    /// code's self-check scans with (`QRSelfCheck`), so that a rendering fault ZBar trips over shows.
    public static let directOrder: [QRScanPass] = [
        .downscaled, .plain, .inverted, .threshold, .binarized, .upscaled, .sharpened, .denoised,
    ]
}
