import Foundation

/// What an IQL read answers from (`IQLStore.read`): the driver as of `now`, and the tenant's
/// campaigns that granted its offers.
public struct DriverReading: Sendable {
    public let driver: Driver
    public let now: Date
    public let campaigns: [QualificationCampaign]
}
