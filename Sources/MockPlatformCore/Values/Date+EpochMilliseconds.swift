import Foundation

extension Date {
    /// Milliseconds since 1970, as IQL payloads write instants.
    package var epochMilliseconds: Int64 { Int64(saturating: timeIntervalSince1970 * 1000) }
}
