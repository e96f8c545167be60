// swift-tools-version: 6.2
import PackageDescription

/// Compiles every Swift snippet of the library's DocC articles against qrauth's products, the way a
/// user's package would (public API only). `scripts/doc-snippets.sh` writes the snippets into
/// Sources/DocSnippets/Generated/ (not committed) and builds this package.
let package = Package(
    name: "doc-snippets",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "qrauth", path: "../..")],
    targets: [
        .target(
            name: "DocSnippets",
            dependencies: [
                .product(name: "QRAuthFiles", package: "qrauth"),
                .product(name: "QRAuthCrypto", package: "qrauth"),
                .product(name: "OfflineOperations", package: "qrauth"),
                .product(name: "QRImaging", package: "qrauth"),
                .product(name: "FingerprintLists", package: "qrauth"),
            ],
            swiftSettings: [.treatAllWarnings(as: .error)]
        )
    ]
)
