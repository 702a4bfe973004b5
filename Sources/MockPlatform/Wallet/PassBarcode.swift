/// One entry of `barcodes` in `pass.json`.
public struct PassBarcode: Codable, Sendable, Equatable {
    /// `PKBarcodeFormat…`.
    public var format: String
    public var message: String
    /// The IANA charset `message` is encoded in.
    public var messageEncoding: String
    public var altText: String?

    public init(format: String, message: String, messageEncoding: String, altText: String?) {
        self.format = format
        self.message = message
        self.messageEncoding = messageEncoding
        self.altText = altText
    }
}
