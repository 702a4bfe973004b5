import MockPlatformKit

/// One file of a pass package: its path from the package root and its exact bytes.
package struct PassFile: Sendable, Equatable {
    package var path: String
    package var bytes: [UInt8]

    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}
