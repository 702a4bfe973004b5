import XCTest

/// What `Package.swift` promises the platforms it names.
final class PackageManifestTests: XCTestCase {
    /// `Mutex` (Synchronization) needs macOS 15, so the package must not claim macOS 14.
    func testDeclaredMacOSFloorCoversMutex() throws {
        let manifest = try RepositoryFiles.text("Package.swift")
        XCTAssertTrue(manifest.contains(".macOS(.v15)"), "Package.swift must declare macOS 15")
    }
}
