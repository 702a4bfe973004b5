import MockPlatformKit

/// The body of `retractOffer` (`openapi/control.yaml`): why the offer goes, and for which
/// driver (every holder when absent).
struct OfferRetraction: Sendable {
    let reason: String
    let driverID: String?

    init(body: [String: JSONValue]) throws(APIError) {
        let fields = FieldReader(body)
        reason = try fields.required("reason", fields.string)
        driverID = try fields.string("driver_id")
    }
}
