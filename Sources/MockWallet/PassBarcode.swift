import MockPlatformKit

/// One entry of `barcodes` in `pass.json`.
package struct PassBarcode: Codable, Sendable, Equatable {
    /// `PKBarcodeFormat…`.
    package var format: String
    package var message: String
    /// The IANA charset `message` is encoded in.
    package var messageEncoding: String
    package var altText: String?

    package init(format: String, message: String, messageEncoding: String, altText: String?) {
        self.format = format
        self.message = message
        self.messageEncoding = messageEncoding
        self.altText = altText
    }
}
