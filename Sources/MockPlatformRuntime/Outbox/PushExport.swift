/// An outbox entry as a file to deliver by hand (`openapi/control.yaml` exportPush): an iOS
/// simulator `.apns` file, or the body of an FCM v1 send request.
package struct PushExport: Equatable {
    /// The largest `.apns` file `xcrun simctl push` takes.
    package static let apnsLimit = 4096

    package var filename: String
    package var body: JSONValue

    /// The simulator bundle of an iOS push is its `apns-topic`: the bundle id its token was
    /// registered with when it was made, else the tenant's then; a push made with neither takes
    /// the tenant's `ios_bundle_id` now. So the outbox alone says where a push goes, and no
    /// platform's device registry is read.
    /// - Parameters:
    ///   - recipient: who its kind addresses (`DeclaredPushKind`): a push to Wallet has no file.
    ///   - tenantBundleID: the tenant's `ios_bundle_id` now.
    package static func file(for entry: PushEntry, recipient: DeclaredPushKind.Recipient, tenantBundleID: String?) throws(APIError) -> PushExport {
        switch entry.push.platform {
        case .android:
            var message = entry.push.payload.objectValue ?? [:]
            message["token"] = .string(entry.push.deviceToken)
            return PushExport(filename: "\(entry.id).json", body: .object(["message": .object(message)]))
        case .ios:
            guard recipient == .app else {
                throw APIError(.conflict, "a \(entry.push.kind) push is addressed to Wallet, not to an app: it has no .apns form")
            }
            guard let bundleID = entry.push.apnsHeaders?.topic ?? tenantBundleID else {
                throw APIError(
                    .conflict,
                    "no bundle id for this push: its token had none when it was made; set ios_bundle_id in /_mock/config, or name the bundle to simctl push"
                )
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
