import Foundation
import MockPlatformKit

/// The `pl` query value of a click (`openapi/iql.yaml` clickAdUnit): URL-safe base64 of a JSON
/// object with the user's details, handed to the advertiser.
enum ClickPayload {
    /// Decoded payloads larger than this are refused.
    static let maxBytes = 8 * 1024

    /// The decoded object, after every field rule; the first failure otherwise.
    static func decode(_ pl: String?, today: CalendarDay) throws(APIError) -> [String: JSONValue] {
        guard let pl, !pl.isEmpty else { throw .badRequest("pl is required") }
        guard let data = Base64URL.decode(pl), data.count <= maxBytes else { throw .badRequest("pl must be URL-safe base64") }
        let object: [String: JSONValue]
        do {
            object = try JSONValue.parseObject(data)
        } catch {
            throw .badRequest("pl must encode a JSON object")
        }
        let fields = FieldReader(object, path: "pl")
        for key in ["first_name", "last_name", "email_address"] {
            guard try fields.string(key)?.isEmpty == false else { throw .badRequest("pl.\(key) is required") }
        }
        if let email = try fields.string("email_address"), !isEmail(email) {
            throw .badRequest("pl.email_address is not a valid e-mail address")
        }
        if let phone = try fields.string("phone_number"), !phone.isDigits(count: 10) {
            throw .badRequest("pl.phone_number must be 10 digits")
        }
        if let address = try fields.object("address") {
            for (key, value) in address.object.sorted(by: { $0.key < $1.key }) where value != .null {
                guard case .string = value else { throw .badRequest("pl.address.\(key) must be a string") }
            }
            if let state = try address.string("state_code"), !USState.isStateOrDC(state.uppercased()) {
                throw .badRequest("pl.address.state_code must be a 2-letter US state or DC code")
            }
            if let zip = try address.string("zipcode"), !zip.isDigits(count: 5) {
                throw .badRequest("pl.address.zipcode must be 5 digits")
            }
        }
        if let dob = try fields.string("DOB") {
            guard let day = CalendarDay(dob), day < today else { throw .badRequest("pl.DOB must be a past date formatted %Y-%m-%d") }
        }
        return object
    }

    /// `local@domain.tld`: one `@`, no spaces, a dot in the domain with text on both sides.
    private static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(" ") else { return false }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
    }
}

