// swift-tools-version: 6.2
import PackageDescription

// libFuzzer targets for the pure parsers (style.md). Build and run from this folder:
//   swift build -c debug --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address --scratch-path ../.build-fuzz
//   SWIFT_BACKTRACE=enable=no ../.build-fuzz/debug/FuzzOfflineOperation -max_total_time=60 Corpus/offline-operation
let package = Package(
    name: "Fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        // Named, so the product reference below works whatever the checkout folder is called.
        .package(name: "qrauth", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "FuzzOfflineOperation",
            dependencies: [.product(name: "OfflineOperations", package: "qrauth")]
        ),
        .executableTarget(
            name: "FuzzPAC",
            dependencies: [.product(name: "OfflineOperations", package: "qrauth")]
        ),
        .executableTarget(
            name: "FuzzPowerAuthParsers",
            dependencies: [.product(name: "PowerAuth", package: "qrauth")]
        ),
        .executableTarget(
            name: "FuzzE2EE",
            dependencies: [.product(name: "PowerAuth", package: "qrauth")]
        ),
        .executableTarget(
            name: "FuzzP256Parsers",
            dependencies: [.product(name: "QRAuthCrypto", package: "qrauth")]
        ),
        .executableTarget(
            name: "FuzzFingerprintLists",
            dependencies: [
                .product(name: "FingerprintLists", package: "qrauth"),
                .product(name: "QRAuthCrypto", package: "qrauth"),
            ]
        ),
        .executableTarget(
            name: "FuzzImageDecoder",
            dependencies: [.product(name: "QRImaging", package: "qrauth")]
        ),
        .executableTarget(
            name: "FuzzPNGDirect",
            dependencies: [.product(name: "QRImaging", package: "qrauth")]
        ),
        // zlib itself, as the reference the PNG reader's deflate decoder is compared with.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .executableTarget(
            name: "FuzzInflate",
            dependencies: [.product(name: "QRImaging", package: "qrauth"), "CZlib"]
        ),
    ]
)
