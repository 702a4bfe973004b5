import MockPlatformKit

/// The APNs push token a device registers for a pass's updates: a non-empty, even-length hex
/// string, kept in lower case.
struct PassPushToken: Sendable, Equatable {
    let hex: String

    /// Reads `pushToken` from a registration body; 400 in Wallet's error shape when it is not hex.
    init(body: [String: JSONValue]) throws(APIError) {
        guard let token = body["pushToken"]?.stringValue, !token.isEmpty, token.count.isMultiple(of: 2),
              token.allSatisfy({ $0.isASCII && $0.isHexDigit }) else {
            throw WalletProblem.badRequest.error("pushToken must be a hex string")
        }
        hex = token.lowercased()
    }
}
