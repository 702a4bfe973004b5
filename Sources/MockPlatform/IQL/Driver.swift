import Foundation

/// One IQL driver as the publisher sees it: onboarding answers, trips and offers.
public struct Driver: Sendable, Equatable, Codable {
    public let id: String
    public var country: String?
    public var state: String?
    public var zipcode: String?
    public var insurer: String?
    /// `segment.acq_source`, the acquisition source.
    public var acquisitionSource: String?
    /// When the driver opted in to the test drive: first creation, or `opt_in_days`.
    public var optedInAt: Date
    /// Trips in start order.
    public var trips: [Trip] = []
    public var offers: [Offer] = []
    /// Set once disqualificationStatus has been sent for this driver.
    public var disqualified = false
    /// The platform of the latest SDK health packet; nil before the first one.
    public var platform: DeviceRegistration.Platform?
    /// SDK health packets (iql.md §3.2), in arrival order.
    public var packets: [HealthPacket] = []
    /// The newest heartbeat: the latest `timestamp` of any health packet.
    public var lastHeartbeatAt: Date?
    /// Silent-push error feedback (iql.md §2.12), in arrival order.
    public var pushFeedback: [SilentPushFeedback] = []
    /// True while the latest silent-push error feedback was a 410 and no heartbeat has arrived
    /// since: silent-push requests for this driver are paused.
    public var silentPushPaused = false
    /// Engagement and silent-push bookkeeping (iql.md §3.6, §3.7).
    public var engagement = EngagementState()

    public init(id: String, optedInAt: Date) {
        self.id = id
        self.optedInAt = optedInAt
    }

    /// True when the driver holds at least one offer that is still served at `now`.
    public func hasActiveOffer(at now: Date) -> Bool { offers.contains { $0.isActive(at: now) } }

    /// The offer ad_unit serves: the most recently created active one (ties: `offer_id`).
    public func latestActiveOffer(at now: Date) -> Offer? {
        activeOffers(at: now).first
    }

    /// Active offers, newest first (ties: `offer_id` ascending), as multi-offer lists them.
    public func activeOffers(at now: Date) -> [Offer] {
        offers.filter { $0.isActive(at: now) }.sorted {
            $0.createdAt != $1.createdAt ? $0.createdAt > $1.createdAt : $0.offerID < $1.offerID
        }
    }
}

/// What a driverInfo PUT asks to change (iql.md §2.1): required fields replace, optional
/// fields are kept when absent and cleared by `null`.
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
