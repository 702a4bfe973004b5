/// What the reference apps' push readers, as the guides print them, make of a push: the iOS
/// app's one `didReceiveRemoteNotification` (`userInfo["qualification_status"] as? String`,
/// then `data["type"] as! String` on any `data` object) and the Android app's FCM `data` map,
/// which is string to string. A push they would trap on or ignore is not refused (a tester may
/// want exactly that); it is answered with warnings, one sentence each.
package enum ReferenceAppReading {
    /// The warnings for a push's iOS payload and its Android (FCM v1 `message`) form; none when
    /// both read as they should.
    package static func warnings(ios: JSONValue?, android: JSONValue?) -> [String] {
        var warnings: [String] = []
        let fields = ios?.objectValue ?? [:]
        if let data = fields["data"]?.objectValue, data["type"]?.stringValue == nil {
            warnings.append(
                #"payload.data has no string "type": the iOS reference app's push handler (data["type"] as! String) traps on it"#
            )
        }
        if let status = fields["qualification_status"], status.stringValue == nil {
            warnings.append(
                "payload.qualification_status is not a string: the reference apps read it as a string and ignore this push"
            )
        }
        if let data = android?.objectValue?["data"]?.objectValue, data.values.contains(where: { $0.stringValue == nil }) {
            warnings.append("android.data has values that are not strings: FCM data is a map of strings to strings")
        }
        return warnings
    }
}
