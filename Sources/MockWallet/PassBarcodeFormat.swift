import MockPlatformKit

/// The card's barcode as the Loyalty API names it (`barcode.format`), and the PassKit format a
/// pass carries for it.
package enum PassBarcodeFormat: String, Codable, Sendable, CaseIterable {
    case code128
    case qr

    /// `PKBarcodeFormatCode128` or `PKBarcodeFormatQR`.
    package var passKitFormat: String {
        switch self {
        case .code128: "PKBarcodeFormatCode128"
        case .qr: "PKBarcodeFormatQR"
        }
    }
}
