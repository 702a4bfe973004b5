import Foundation
import MockPlatformKit

/// One IQL driver as the publisher sees it: onboarding answers, trips and offers.
package struct Driver: Sendable, Equatable, Codable {
    package let id: String
    package var country: String?
    package var state: String?
    package var zipcode: String?
    package var insurer: String?
    /// `segment.acq_source`, the acquisition source.
    package var acquisitionSource: String?
    /// When the driver opted in to the test drive: first creation, or `opt_in_days`.
    package var optedInAt: Date
    /// Trips in start order.
    package var trips: [Trip] = []
    /// Trips a scenario planned that have not ended yet (start order); each joins `trips` once
    /// the tenant clock passes its end. Nil when none were ever planned.
    package var plannedTrips: [Trip]?
    package var offers: [Offer] = []
    /// Set once disqualificationStatus has been sent for this driver.
    package var disqualified = false
    /// The platform of the latest SDK health packet; nil before the first one.
    package var platform: MobilePlatform?
    /// SDK health packets (`openapi/iql.yaml` postSdkHealth), in arrival order.
    package var packets: [HealthPacket] = []
    /// The newest heartbeat: the latest `timestamp` of any health packet.
    package var lastHeartbeatAt: Date?
    /// Silent-push error feedback (`openapi/iql.yaml` postSilentPushErrorFeedback), in arrival
    /// order.
    package var pushFeedback: [SilentPushFeedback] = []
    /// True while the latest silent-push error feedback was a 410 and no heartbeat has arrived
    /// since: silent-push requests for this driver are paused.
    package var silentPushPaused = false
    /// Engagement and silent-push bookkeeping (`docs/iql-engine.md` Engine rules, Engagement
    /// triggers).
    package var engagement = EngagementState()

    package init(id: String, optedInAt: Date) {
        self.id = id
        self.optedInAt = optedInAt
    }

    /// Moves the planned trips that have ended by `now` into `trips`, as if the SDK had just
    /// uploaded them.
    mutating func recordPlannedTrips(endedBy now: Date) {
        guard let planned = plannedTrips, planned.contains(where: { $0.end <= now }) else { return }
        trips = (trips + planned.filter { $0.end <= now }).sorted { $0.start < $1.start }
        plannedTrips = planned.filter { $0.end > now }
    }

    /// True when the driver holds at least one offer that is still served at `now`.
    package func hasActiveOffer(at now: Date) -> Bool { offers.contains { $0.isActive(at: now) } }

    /// The offer ad_unit serves: the most recently created active one (ties: `offer_id`).
    package func latestActiveOffer(at now: Date) -> Offer? {
        activeOffers(at: now).first
    }

    /// Active offers, newest first (ties: `offer_id` ascending), as multi-offer lists them.
    package func activeOffers(at now: Date) -> [Offer] {
        offers.filter { $0.isActive(at: now) }.sorted {
            $0.createdAt != $1.createdAt ? $0.createdAt > $1.createdAt : $0.offerID < $1.offerID
        }
    }
}
