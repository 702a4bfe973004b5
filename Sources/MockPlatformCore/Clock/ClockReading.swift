import Foundation

/// What a tenant clock reads, and how it runs.
package struct ClockReading: Sendable, Equatable {
    package var now: Date
    package var mode: ClockMode
}
