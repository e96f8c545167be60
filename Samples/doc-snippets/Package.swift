// swift-tools-version: 6.2
import PackageDescription

/// Compiles every Swift snippet of the library's documentation — the DocC articles (Sources/*/*.docc) and
/// the library sections of docs/*.md — against qrauth's products, the way a user's package would (public API
/// only). `scripts/doc-snippets.sh` writes the snippets into Sources/DocSnippets/Generated/ (not committed), builds
/// this package and runs the server snippets with it against `qrauth serve` (Sources/DocSnippets/main.swift).
let package = Package(
    name: "doc-snippets",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "qrauth", path: "../.."),
        // The logger the HTTP client and the emulator take; qrauth depends on it already.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // The HTTP vocabulary of OperationsSync's client (HTTPRequest, HTTPResponse, HTTPFields).
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .executableTarget(
            name: "DocSnippets",
            dependencies: [
                .product(name: "QRAuthFiles", package: "qrauth"),
                .product(name: "QRAuthCrypto", package: "qrauth"),
                .product(name: "OfflineOperations", package: "qrauth"),
                .product(name: "QRImaging", package: "qrauth"),
                .product(name: "FingerprintLists", package: "qrauth"),
                .product(name: "PowerAuth", package: "qrauth"),
                .product(name: "MobileTokenAPI", package: "qrauth"),
                .product(name: "OperationsSync", package: "qrauth"),
                .product(name: "DevServer", package: "qrauth"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: [.treatAllWarnings(as: .error)]
        )
    ]
)
