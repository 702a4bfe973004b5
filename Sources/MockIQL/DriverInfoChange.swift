import MockPlatformKit

/// What a driverInfo PUT asks to change (`openapi/iql.yaml` putDriverInfo): required fields
/// replace, optional fields are kept when absent and cleared by `null`.
package struct DriverInfoChange: Sendable, Equatable {
    /// An optional field's instruction.
    package enum Update<Value: Sendable & Equatable>: Sendable, Equatable {
        case keep
        case clear
        case set(Value)

        func applied(to current: Value?) -> Value? {
            switch self {
            case .keep: current
            case .clear: nil
            case .set(let value): value
            }
        }
    }

    package var country: String
    package var state: String
    package var zipcode: Update<String>
    package var insurer: Update<String>
    package var acquisitionSource: Update<String>

    func apply(to driver: inout Driver) {
        driver.country = country
        driver.state = state
        driver.zipcode = zipcode.applied(to: driver.zipcode)
        driver.insurer = insurer.applied(to: driver.insurer)
        driver.acquisitionSource = acquisitionSource.applied(to: driver.acquisitionSource)
    }
}
