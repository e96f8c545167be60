/// The block binariser behind the `binarized` pass: a threshold that follows the local light level,
/// for photos with uneven light, glare and low contrast, where ZBar's own edge detection (and a plain
/// local mean) fails. The scheme — levels from block statistics, flat blocks set low, a threshold
/// averaged over neighbouring blocks — follows the idea of zxing's HybridBinarizer
/// (github.com/zxing/zxing, `HybridBinarizer.java`); this is our own code, and it leaves out zxing's
/// rule that lets a flat block inherit its neighbours' level (with ZBar as the decoder, that rule lost
/// a jsqr-photos image and read none more).
extension GrayImage {
    /// The side of the square blocks the light level is estimated on.
    static let binarizeBlock = 8
    /// Below this spread (max − min) a block is taken to be flat: no edge in it, so its mean is no
    /// threshold (it would turn sensor noise on a plain area into speckles).
    static let flatSpread = 24
    /// How many blocks either side the threshold of a block averages over (2: a 5 × 5 neighbourhood,
    /// 40 px, a few modules of a typical photographed code).
    static let binarizeReach = 2

    /// Black (0) where a pixel is at or below its neighbourhood's light level, white (255) elsewhere.
    ///
    /// Each 8 × 8 block gets a level: its mean when it holds an edge (spread over `flatSpread`), else
    /// half its darkest pixel (a flat patch pulls the threshold of its neighbourhood down, so noise on
    /// a plain area stays white). A pixel's threshold is the mean level of the (up to) 5 × 5 blocks
    /// around its own.
    func blockBinarized() -> GrayImage {
        let size = Self.binarizeBlock
        let w = width
        let h = height
        guard w >= size, h >= size else { return adaptiveThresholded() }
        let blocksWide = (w + size - 1) / size
        let blocksHigh = (h + size - 1) / size
        var levels = [Int](repeating: 0, count: blocksWide * blocksHigh)
        pixels.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            levels.withUnsafeMutableBufferPointer { levels in
                for by in 0..<blocksHigh {
                    // The last row and column of blocks are moved inside the image (they overlap their neighbours).
                    let top = min(by * size, h - size)
                    for bx in 0..<blocksWide {
                        let left = min(bx * size, w - size)
                        // Eight pixels of a block row at a time: sums, darkest and lightest lane by lane.
                        var sum = SIMD8<UInt16>(repeating: 0)
                        var low = SIMD8<UInt8>(repeating: 255)
                        var high = SIMD8<UInt8>(repeating: 0)
                        for y in top..<top + size {
                            let row = raw.loadUnaligned(fromByteOffset: y * w + left, as: SIMD8<UInt8>.self)
                            sum &+= SIMD8<UInt16>(truncatingIfNeeded: row)
                            low = pointwiseMin(low, row)
                            high = pointwiseMax(high, row)
                        }
                        let spread = Int(high.max()) - Int(low.min())
                        levels[by * blocksWide + bx] =
                            spread <= Self.flatSpread ? Int(low.min()) / 2 : Int(sum.wrappedSum()) / (size * size)
                    }
                }
            }
        }
        // Each block's threshold: the mean level over its (clamped) 5 × 5 neighbourhood, from a summed table.
        let reach = Self.binarizeReach
        var sums = [Int](repeating: 0, count: (blocksWide + 1) * (blocksHigh + 1))
        for by in 0..<blocksHigh {
            var rowSum = 0
            for bx in 0..<blocksWide {
                rowSum += levels[by * blocksWide + bx]
                sums[(by + 1) * (blocksWide + 1) + bx + 1] = sums[by * (blocksWide + 1) + bx + 1] + rowSum
            }
        }
        let output = [UInt8](unsafeUninitializedCapacity: w * h) { out, initialized in
            pixels.withUnsafeBufferPointer { source in
                guard let base = source.baseAddress, let outBase = out.baseAddress else { return }
                let raw = UnsafeRawPointer(base)
                let rawOut = UnsafeMutableRawPointer(outBase)
                let white = SIMD8<UInt8>(repeating: 255)
                let black = SIMD8<UInt8>(repeating: 0)
                for by in 0..<blocksHigh {
                    let top = max(0, by - reach)
                    let bottom = min(blocksHigh, by + reach + 1)
                    let rowStart = by * size
                    let rowEnd = min(h, rowStart + size)
                    for bx in 0..<blocksWide {
                        let left = max(0, bx - reach)
                        let right = min(blocksWide, bx + reach + 1)
                        let total =
                            sums[bottom * (blocksWide + 1) + right] - sums[top * (blocksWide + 1) + right]
                            - sums[bottom * (blocksWide + 1) + left] + sums[top * (blocksWide + 1) + left]
                        let threshold = total / ((bottom - top) * (right - left))
                        let columnStart = bx * size
                        let columnEnd = min(w, columnStart + size)
                        if columnEnd - columnStart == size {
                            // Black (0) at or below the threshold, white elsewhere, eight pixels at a time.
                            let level = SIMD8<UInt8>(repeating: UInt8(clamping: threshold))
                            for y in rowStart..<rowEnd {
                                let offset = y * w + columnStart
                                let row = raw.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt8>.self)
                                rawOut.storeBytes(
                                    of: white.replacing(with: black, where: row .<= level), toByteOffset: offset,
                                    as: SIMD8<UInt8>.self)
                            }
                        } else {
                            for y in rowStart..<rowEnd {
                                let row = y * w
                                for x in columnStart..<columnEnd {
                                    outBase[row + x] = Int(base[row + x]) <= threshold ? 0 : 255
                                }
                            }
                        }
                    }
                }
            }
            initialized = w * h
        }
        return GrayImage(width: w, height: h, pixels: output)
    }
}
