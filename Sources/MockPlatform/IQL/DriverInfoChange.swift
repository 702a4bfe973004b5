/// What a driverInfo PUT asks to change (`openapi/iql.yaml` putDriverInfo): required fields
/// replace, optional fields are kept when absent and cleared by `null`.
public struct DriverInfoChange: Sendable, Equatable {
    /// An optional field's instruction.
    public enum Update<Value: Sendable & Equatable>: Sendable, Equatable {
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

    public var country: String
    public var state: String
    public var zipcode: Update<String>
    public var insurer: Update<String>
    public var acquisitionSource: Update<String>

    func apply(to driver: inout Driver) {
        driver.country = country
        driver.state = state
        driver.zipcode = zipcode.applied(to: driver.zipcode)
        driver.insurer = insurer.applied(to: driver.insurer)
        driver.acquisitionSource = acquisitionSource.applied(to: driver.acquisitionSource)
    }
}
