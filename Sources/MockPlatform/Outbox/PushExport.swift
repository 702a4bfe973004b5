/// An outbox entry as a file to deliver by hand (`openapi/control.yaml` exportPush): an iOS
/// simulator `.apns` file, or the body of an FCM v1 send request.
struct PushExport: Equatable {
    /// The largest `.apns` file `xcrun simctl push` takes.
    static let apnsLimit = 4096

    var filename: String
    var body: JSONValue

    /// - Parameters:
    ///   - recipient: who its kind addresses (`DeclaredPushKind`): a push to Wallet has no file.
    ///   - bundleID: the token's registered bundle id, else the tenant's `ios_bundle_id`.
    static func file(for entry: PushEntry, recipient: DeclaredPushKind.Recipient, bundleID: String?) throws(APIError) -> PushExport {
        switch entry.push.platform {
        case .android:
            var message = entry.push.payload.objectValue ?? [:]
            message["token"] = .string(entry.push.deviceToken)
            return PushExport(filename: "\(entry.id).json", body: .object(["message": .object(message)]))
        case .ios:
            guard recipient == .app else {
                throw APIError(.conflict, "a \(entry.push.kind) push is addressed to Wallet, not to an app: it has no .apns form")
            }
            guard let bundleID else {
                throw APIError(.conflict, "no bundle id for this push: register the token with bundle_id or set ios_bundle_id in /_mock/config")
            }
            var file = entry.push.payload.objectValue ?? [:]
            file["Simulator Target Bundle"] = .string(bundleID)
            let body = JSONValue.object(file)
            let size = body.encoded().count
            guard size <= apnsLimit else {
                throw APIError(.unprocessableContent, "the .apns file would be \(size) bytes; simulators take at most \(apnsLimit)")
            }
            return PushExport(filename: "\(entry.id).apns", body: body)
        }
    }
}
