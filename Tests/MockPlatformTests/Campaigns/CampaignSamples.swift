import Foundation
import XCTest

/// The sample campaign payloads of `Resources/samples/campaigns.json` (one per kind, from
/// the Synerise contract's section A, as `openapi/campaigns.yaml` describes them), as the control
/// API takes them.
enum CampaignSamples {
    /// The payload of the sample for `kind`.
    static func payload(_ kind: String) throws -> [String: Any] {
        try XCTUnwrap(try all()[kind] as? [String: Any], "no sample \(kind)")
    }

    /// Every sample by the kind the server derives for it.
    static func all() throws -> [String: Any] {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/samples/campaigns.json")
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    }
}
