import Foundation
import MockPlatformKit

/// A failed silent push the publisher reported (`openapi/iql.yaml` postSilentPushErrorFeedback).
/// Every failure is a 400, the unknown driver included: `driver_id` is a body field.
package struct SilentPushFeedback: Sendable, Equatable, Codable {
    /// The push error the publisher saw; 410 = token no longer valid (app uninstalled).
    package var errorCode: Int64
    package var reason: String?
    /// When the push failed, epoch ms as sent.
    package var timestamp: Int64
    /// When the mock received the report.
    package var receivedAt: Date

    /// The push token is gone: silent-push requests pause until the next heartbeat.
    package var pausesSilentPush: Bool { errorCode == 410 }

    /// The body's `driver_id`, checked first: `driver_id is required` / `must be a string`.
    static func driverID(in body: [String: JSONValue]) throws(APIError) -> String {
        let fields = FieldReader(body)
        return try fields.required("driver_id", fields.string)
    }

    /// Reads `data` in table order once the driver is known: `data`, `data.error_code`,
    /// `data.reason`, `data.timestamp`.
    init(body: [String: JSONValue], receivedAt: Date) throws(APIError) {
        let fields = FieldReader(body)
        let data = try fields.required("data", fields.object)
        errorCode = try data.required("error_code", data.integer)
        reason = try data.string("reason")
        timestamp = try data.required("timestamp", data.integer)
        self.receivedAt = receivedAt
    }
}

extension Driver {
    /// Stores the feedback; the latest feedback decides whether silent pushes are paused.
    mutating func record(_ feedback: SilentPushFeedback) {
        pushFeedback.append(feedback)
        silentPushPaused = feedback.pausesSilentPush
    }
}
