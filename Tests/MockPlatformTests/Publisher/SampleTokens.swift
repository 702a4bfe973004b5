/// Sample tokens valid under `openapi/publisher.yaml` registerDeviceToken.
enum SampleTokens {
    /// 64 hex characters, lower case.
    static let apns = "a3f1c2d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90"
    static let apns2 = String(repeating: "0123456789abcdef", count: 4)
    /// An FCM-shaped token: `[A-Za-z0-9_:-]`.
    static let fcm = "dXk3_Fq:APA91bH-" + String(repeating: "x", count: 140)
}
