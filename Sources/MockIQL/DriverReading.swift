import Foundation
import MockPlatformKit

/// What an IQL read answers from (`IQLStore.read`): the driver as of `now`, and the tenant's
/// campaigns that granted its offers.
package struct DriverReading: Sendable {
    package let driver: Driver
    package let now: Date
    package let campaigns: [QualificationCampaign]
}
