import MockPlatformKit

/// Makes the `signature` file of a pass: a DER-encoded, detached PKCS #7 / CMS SignedData over
/// the exact `manifest.json` bytes (contract B.3). A protocol so that an OpenSSL-CLI signer can
/// stand in if the `CMS` SPI of swift-certificates changes (contract D).
package protocol PassSigner: Sendable {
    func sign(manifest: [UInt8]) throws -> [UInt8]
}
