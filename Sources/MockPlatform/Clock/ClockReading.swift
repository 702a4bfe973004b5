import Foundation

/// What a tenant clock reads, and how it runs.
public struct ClockReading: Sendable, Equatable {
    public var now: Date
    public var mode: ClockMode
}
