// swift-tools-version:6.0
// The framework's ceiling for bench/hotpath.sh: a bare Hummingbird server answering the bytes the
// mock answers, with nothing of the mock in between. Built and started by hotpath.sh.
import PackageDescription

let package = Package(
    name: "Ceiling",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "Ceiling",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")]
        ),
    ]
)
