/// One file of a pass package: its path from the package root and its exact bytes.
public struct PassFile: Sendable, Equatable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}
